import { useStore } from '@nanostores/react';
import { useState } from 'react';
import {
  type AdminBlogDetail,
  type AdminBlogUpdate,
  adminBlogUpdateSchema,
  TEAM_PEN_NAME,
} from '~/features/blogs/admin.schema';
import { blogsApi } from '~/features/blogs/blogs.api';
import {
  PostAuthorField,
  PostContentField,
  PostExcerptField,
  PostTitleField,
  useCreateKey,
  usePostDraft,
} from '~/islands/blogs/PostFields';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { FormAlert, issuesByField } from '~/islands/shared/Field';
import { call } from '~/platform/client/api';
import { $userData } from '~/platform/identity/session.store';
import { pagePath } from '~/platform/routes';
import { type Cover, CoverField } from './CoverField';
import '~/islands/blogs/myBlogs.css';
import '~/islands/shared/admin/admin.css';
import './adminBlogs.css';

type FieldName = 'title' | 'contentHtml' | 'excerpt' | 'authorName' | 'coverUrl' | 'coverAlt' | 'form';
export type Errors = Partial<Record<FieldName, string>>;

export interface AdminBlogEditorProps {
  /** 'correct': a family's post in review; 'write': a new post or a team draft. */
  mode: 'correct' | 'write';
  /** The post being changed; null for a post not saved yet. */
  post: AdminBlogDetail | null;
  /** Called with the saved post; `published` when it went on the blog. */
  onSaved: (post: AdminBlogDetail, published: boolean) => void;
}

/** What needs fixing in the post: the schema's complaints, and a cover without its description. */
function postProblems(body: AdminBlogUpdate, cover: Cover): Errors {
  const parsed = adminBlogUpdateSchema.safeParse(body);
  const found: Errors = parsed.success ? {} : issuesByField(parsed.error.issues);
  // An unchanged cover is not sent, so the schema cannot see a missing description.
  if (cover.url && cover.alt.trim().length < 3)
    found.coverAlt ??= 'Describe the cover picture in a few words for readers who cannot see it.';
  return found;
}

/**
 * The team's post as it is written, and saving it (as a draft, or published): checked in the page
 * first, sent once however often it is pressed, a new post with one idempotency key for every try.
 */
function useAdminPost({ post, onSaved }: Pick<AdminBlogEditorProps, 'post' | 'onSaved'>) {
  const draft = usePostDraft(
    { title: post?.title ?? '', excerpt: post?.excerpt ?? '', authorName: post?.authorName ?? '' },
    false,
  );
  const { title, excerpt, authorName } = draft.draft;
  const [cover, setCover] = useState<Cover>({ url: post?.coverUrl ?? null, alt: post?.coverAlt ?? '' });
  const [coverChanged, setCoverChanged] = useState(false);
  const [confirmPublish, setConfirmPublish] = useState(false);
  const createKey = useCreateKey();

  /** The whole post as the API takes it, once nothing needs fixing (what does goes beside its field). */
  const check = (): AdminBlogUpdate | null => {
    const body: AdminBlogUpdate = {
      title,
      contentHtml: draft.contentHtml(),
      excerpt,
      ...(authorName.trim() ? { authorName } : {}),
      ...(coverChanged ? { coverUrl: cover.url } : {}),
      ...(cover.url ? { coverAlt: cover.alt } : {}),
    };
    const problems = postProblems(body, cover);
    draft.setErrors(problems);
    return Object.keys(problems).length === 0 ? body : null;
  };

  const save = async (publish: boolean) => {
    setConfirmPublish(false);
    if (draft.busy) return;
    const body = check();
    if (!body) return;
    await draft.submit(
      async () => {
        const saved = post
          ? await call(blogsApi.adminUpdate, {
              params: { id: post.id },
              body: { ...body, ...(publish ? { publish: true } : {}) },
            })
          : await call(blogsApi.adminCreate, {
              body: { ...body, publish },
              idempotencyKey: createKey.current(),
            });
        createKey.made();
        draft.setDirty(false);
        onSaved(saved, saved.status === 'approved');
      },
      { what: publish ? 'publish' : 'save', fallback: 'The post could not be saved. Please try again.' },
    );
  };

  const changeCover = (next: Cover, urlChanged: boolean) => {
    setCover(next);
    if (urlChanged) setCoverChanged(true);
    draft.setDirty(true);
  };

  return { draft, cover, changeCover, check, save, confirmPublish, setConfirmPublish };
}

/** The team's editor: the parents' rich-text editor, plus a cover picture; saves through the admin API. */
export function AdminBlogEditor({ mode, post, onSaved }: AdminBlogEditorProps) {
  const editor = useAdminPost({ post, onSaved });
  const { draft, cover, changeCover } = editor;
  const { title, excerpt, authorName } = draft.draft;
  const { errors, edit } = draft;
  const signature = useStore($userData)?.displayName?.trim() || TEAM_PEN_NAME;

  return (
    <form
      ref={draft.formRef}
      className="myblogs-editor adminblogs-editor"
      noValidate
      aria-label={mode === 'correct' ? 'Correct the post' : 'Write a post'}
      onSubmit={(e) => {
        e.preventDefault();
        void editor.save(false);
      }}
    >
      <FormAlert message={errors.form} />
      <PostTitleField value={title} onValue={(v) => edit({ title: v })} error={errors.title} />
      <CoverField cover={cover} errors={errors} onChange={changeCover} />
      <PostContentField
        label="The post"
        hint="Headings, lists, links and pictures. What is saved is cleaned the same way as the families’ posts."
        initialHtml={post?.contentHtml ?? ''}
        error={errors.contentHtml}
        editorRef={draft.editorRef}
        onChange={() => draft.setDirty(true)}
      />
      <PostExcerptField
        value={excerpt}
        onValue={(v) => edit({ excerpt: v })}
        error={errors.excerpt}
        hint="Shown in the list of posts. Left empty, the first lines of the post are used."
      />
      <PostAuthorField
        label="Signed"
        hint={
          mode === 'correct'
            ? 'The family’s signature: change it only if they asked.'
            : `How the post is signed. Left empty: “${signature}”.`
        }
        value={authorName}
        onValue={(v) => edit({ authorName: v })}
        error={errors.authorName}
      />
      <EditorActions mode={mode} postId={post?.id} editor={editor} />
      {editor.confirmPublish && (
        <PublishDialog title={title} signedBy={authorName.trim() || signature} editor={editor} />
      )}
    </form>
  );
}

/** Correcting: save and go back to the review, or cancel. Writing: publish now, or save as a draft. */
function EditorActions({
  mode,
  postId,
  editor,
}: {
  mode: AdminBlogEditorProps['mode'];
  postId: string | undefined;
  editor: ReturnType<typeof useAdminPost>;
}) {
  const { busy, pending, dirty } = editor.draft;
  return (
    <div className="myblogs-actions">
      {mode === 'correct' ? (
        <>
          <button type="submit" className="btn btn-primary" aria-disabled={busy}>
            {pending === 'save' ? 'Saving…' : 'Save and go back to review'}
          </button>
          <a className="btn btn-ghost" href={pagePath('/admin/unapprovedblogs/{id}', postId ?? '')}>
            Cancel
          </a>
        </>
      ) : (
        <>
          <button
            type="button"
            className="btn btn-primary"
            aria-disabled={busy}
            onClick={() => !busy && editor.check() && editor.setConfirmPublish(true)}
          >
            {pending === 'publish' ? 'Publishing…' : 'Publish now'}
          </button>
          <button type="submit" className="btn btn-secondary" aria-disabled={busy}>
            {pending === 'save' ? 'Saving…' : 'Save as draft'}
          </button>
        </>
      )}
      <p className="myblogs-saved" role="status">
        {dirty ? 'Unsaved changes' : ''}
      </p>
    </div>
  );
}

/** The question before the post goes on the blog. */
function PublishDialog({
  title,
  signedBy,
  editor,
}: {
  title: string;
  signedBy: string;
  editor: ReturnType<typeof useAdminPost>;
}) {
  return (
    <ConfirmDialog
      title="Publish this post now?"
      confirmLabel="Publish now"
      onConfirm={() => void editor.save(true)}
      onCancel={() => editor.setConfirmPublish(false)}
    >
      <p>
        “{title.trim()}” appears on the blog at once, signed “{signedBy}”, and in the RSS feed.
      </p>
    </ConfirmDialog>
  );
}
