import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
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
  usePostDraft,
} from '~/islands/blogs/PostFields';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { byField, FormAlert, issuesByField } from '~/islands/shared/Field';
import { type ApiClientError, call, newIdempotencyKey } from '~/platform/client/api';
import { $userData } from '~/platform/identity/session.store';
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

/** The team's editor: the parents' rich-text editor, plus a cover picture; saves through the admin API. */
export function AdminBlogEditor({ mode, post, onSaved }: AdminBlogEditorProps) {
  const { draft, edit, errors, setErrors, dirty, setDirty, editorRef, formRef, contentHtml } = usePostDraft(
    { title: post?.title ?? '', excerpt: post?.excerpt ?? '', authorName: post?.authorName ?? '' },
    false,
  );
  const { title, excerpt, authorName } = draft;
  const [cover, setCover] = useState<Cover>({ url: post?.coverUrl ?? null, alt: post?.coverAlt ?? '' });
  const [coverChanged, setCoverChanged] = useState(false);
  const [busy, setBusy] = useState<'save' | 'publish' | null>(null);
  const [confirmPublish, setConfirmPublish] = useState(false);
  const user = useStore($userData);
  const signature = user?.displayName?.trim() || TEAM_PEN_NAME;

  /** The whole post as the API takes it; the cover only when it changed (older covers stay as they are). */
  const payload = (): AdminBlogUpdate => ({
    title,
    contentHtml: contentHtml(),
    excerpt,
    ...(authorName.trim() ? { authorName } : {}),
    ...(coverChanged ? { coverUrl: cover.url } : {}),
    ...(cover.url ? { coverAlt: cover.alt } : {}),
  });

  const check = (): AdminBlogUpdate | null => {
    const body = payload();
    const parsed = adminBlogUpdateSchema.safeParse(body);
    const next: Errors = parsed.success ? {} : issuesByField(parsed.error.issues);
    // An unchanged cover is not sent, so the schema cannot see a missing description.
    if (cover.url && cover.alt.trim().length < 3)
      next.coverAlt ??= 'Describe the cover picture in a few words for readers who cannot see it.';
    setErrors(next);
    return Object.keys(next).length === 0 ? body : null;
  };

  // A double-click saves once; a new post's every try carries one idempotency key, so it is made once.
  const saving = useRef(false);
  const createKey = useRef<string | null>(null);
  const save = async (publish: boolean) => {
    setConfirmPublish(false);
    if (saving.current) return;
    const body = check();
    if (!body) return;
    saving.current = true;
    setBusy(publish ? 'publish' : 'save');
    try {
      createKey.current ??= newIdempotencyKey();
      const saved = post
        ? await call(blogsApi.adminUpdate, {
            params: { id: post.id },
            body: { ...body, ...(publish ? { publish: true } : {}) },
          })
        : await call(blogsApi.adminCreate, { body: { ...body, publish }, idempotencyKey: createKey.current });
      createKey.current = null;
      setDirty(false);
      onSaved(saved, saved.status === 'approved');
    } catch (error) {
      const err = error as ApiClientError;
      setErrors({ ...byField(err.fields ?? {}), form: err.message });
    } finally {
      saving.current = false;
      setBusy(null);
    }
  };

  return (
    <form
      ref={formRef}
      className="myblogs-editor adminblogs-editor"
      noValidate
      aria-label={mode === 'correct' ? 'Correct the post' : 'Write a post'}
      onSubmit={(e) => {
        e.preventDefault();
        void save(false);
      }}
    >
      <FormAlert message={errors.form} />
      <PostTitleField value={title} onValue={(v) => edit({ title: v })} error={errors.title} />
      <CoverField
        cover={cover}
        errors={errors}
        onChange={(next, urlChanged) => {
          setCover(next);
          if (urlChanged) setCoverChanged(true);
          setDirty(true);
        }}
      />
      <PostContentField
        label="The post"
        hint="Headings, lists, links and pictures. What is saved is cleaned the same way as the families’ posts."
        initialHtml={post?.contentHtml ?? ''}
        error={errors.contentHtml}
        editorRef={editorRef}
        onChange={() => setDirty(true)}
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
      <div className="myblogs-actions">
        {mode === 'correct' ? (
          <>
            <button type="submit" className="btn btn-primary" aria-disabled={busy !== null}>
              {busy === 'save' ? 'Saving…' : 'Save and go back to review'}
            </button>
            <a className="btn btn-ghost" href={`/admin/unapprovedblogs/${post?.id ?? ''}`}>
              Cancel
            </a>
          </>
        ) : (
          <>
            <button
              type="button"
              className="btn btn-primary"
              aria-disabled={busy !== null}
              onClick={() => busy === null && check() && setConfirmPublish(true)}
            >
              {busy === 'publish' ? 'Publishing…' : 'Publish now'}
            </button>
            <button type="submit" className="btn btn-secondary" aria-disabled={busy !== null}>
              {busy === 'save' ? 'Saving…' : 'Save as draft'}
            </button>
          </>
        )}
        <p className="myblogs-saved" role="status">
          {dirty ? 'Unsaved changes' : ''}
        </p>
      </div>
      {confirmPublish && (
        <ConfirmDialog
          title="Publish this post now?"
          confirmLabel="Publish now"
          onConfirm={() => void save(true)}
          onCancel={() => setConfirmPublish(false)}
        >
          <p>
            “{title.trim()}” appears on the blog at once, signed “{authorName.trim() || signature}”, and in
            the RSS feed.
          </p>
        </ConfirmDialog>
      )}
    </form>
  );
}
