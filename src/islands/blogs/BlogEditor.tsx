import { navigate } from 'astro:transitions/client';
import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { blogsApi } from '~/features/blogs/blogs.api';
import {
  type BlogUpdateInput,
  blogUpdateInputSchema,
  type MyBlogDetail,
} from '~/features/blogs/blogs.schema';
import { canDeletePost, canSubmitPost, MY_BLOG_STATUS } from '~/features/blogs/myBlogs';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { byField, FormAlert, issuesByField, SelectField } from '~/islands/shared/Field';
import { failedLoad } from '~/islands/shared/loadState';
import { ButtonLink, NoticePanel } from '~/islands/shared/NoticePanel';
import { Waiting } from '~/islands/shared/Spinner';
import { type ApiClientError, call, newIdempotencyKey } from '~/platform/client/api';
import { $userData } from '~/platform/identity/session.store';
import {
  PostAuthorField,
  PostContentField,
  PostExcerptField,
  PostTitleField,
  usePostDraft,
} from './PostFields';
import './myBlogs.css';
import { isUuid } from '~/platform/ids';
import { formatTime } from '~/platform/time';

export interface BlogEditorProps {
  /** The post's id from the address, or "new" for a post not saved yet. */
  postId: string;
}

type Load =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; message: string }
  | { status: 'ready' };

const NEW: Pick<
  MyBlogDetail,
  'title' | 'contentHtml' | 'excerpt' | 'childId' | 'authorName' | 'status' | 'reviewNote'
> = {
  title: '',
  contentHtml: '',
  excerpt: '',
  childId: null,
  authorName: '',
  status: 'draft',
  reviewNote: null,
};

/** Writes or edits one of the family's posts, saves it as a draft and sends it for review. */

export function BlogEditor({ postId }: BlogEditorProps) {
  const [id, setId] = useState(postId === 'new' ? null : postId);
  const [load, setLoad] = useState<Load>(
    postId === 'new' ? { status: 'ready' } : isUuid(postId) ? { status: 'loading' } : { status: 'missing' },
  );
  const [post, setPost] = useState(NEW);
  const { draft, setDraft, edit, errors, setErrors, dirty, setDirty, editorRef, formRef, contentHtml } =
    usePostDraft({ title: '', excerpt: '', childId: '', authorName: '' }, true);
  const { title, excerpt, childId, authorName } = draft;
  const [busy, setBusy] = useState<'save' | 'submit' | 'delete' | null>(null);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [notice, setNotice] = useState<string>();
  const [confirm, setConfirm] = useState<'submit' | 'delete' | null>(null);
  const user = useStore($userData);
  const familyChildren = user?.children ?? [];

  const fill = useCallback(
    (detail: typeof NEW) => {
      setPost(detail);
      setDraft({
        title: detail.title,
        excerpt: detail.excerpt,
        childId: detail.childId ?? '',
        authorName: detail.authorName,
      });
    },
    [setDraft],
  );

  useEffect(() => {
    if (postId === 'new' || !isUuid(postId)) return;
    let live = true;
    call(blogsApi.myGet, { params: { id: postId } })
      .then((detail) => {
        if (!live) return;
        fill(detail);
        setLoad({ status: 'ready' });
      })
      .catch((error: unknown) => live && setLoad(failedLoad(error, (error as Error).message)));
    return () => {
      live = false;
    };
  }, [postId, fill]);

  const changed = () => {
    setDirty(true);
    setNotice(undefined);
  };
  const change = (words: Partial<typeof draft>) => {
    edit(words);
    changed();
  };

  const saving = useRef(false);
  const createKey = useRef<string | null>(null);
  /**
   * Checks and saves the post; answers its id, or null when something needs fixing (or a save is
   * already under way: a double-click saves once). The first save of a new post sends one
   * idempotency key with every try, so it makes one draft even if an answer is lost.
   */
  const save = async (): Promise<string | null> => {
    if (saving.current) return null;
    saving.current = true;
    try {
      return await saveNow();
    } finally {
      saving.current = false;
    }
  };
  const saveNow = async (): Promise<string | null> => {
    const payload: BlogUpdateInput = {
      title,
      contentHtml: contentHtml(),
      excerpt,
      childId: childId || null,
      ...(authorName.trim() ? { authorName } : {}),
    };
    const parsed = blogUpdateInputSchema.safeParse(payload);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return null;
    }
    setErrors({});
    try {
      let saved: MyBlogDetail;
      if (id) saved = await call(blogsApi.myUpdate, { params: { id }, body: payload });
      else {
        const { childId: child, ...rest } = payload;
        createKey.current ??= newIdempotencyKey();
        const created = await call(blogsApi.myCreate, {
          body: { ...rest, ...(child ? { childId: child } : {}) },
          idempotencyKey: createKey.current,
        });
        // The post exists: from here on it is saved by its id, whatever happens next.
        setId(created.id);
        createKey.current = null;
        // The address now names the saved post, so a reload opens it.
        window.history.replaceState(window.history.state, '', `/user/myblogs/${created.id}`);
        saved = await call(blogsApi.myGet, { params: { id: created.id } });
      }
      fill(saved);
      setDirty(false);
      setSavedAt(new Date());
      return saved.id;
    } catch (error) {
      const err = error as ApiClientError;
      setErrors({ ...byField(err.fields ?? {}), form: err.message });
      return null;
    }
  };

  const onSave = async (event: React.FormEvent) => {
    event.preventDefault();
    if (saving.current) return;
    setBusy('save');
    setNotice(undefined);
    await save();
    setBusy(null);
  };

  const onSubmitForReview = async () => {
    setConfirm(null);
    setBusy('submit');
    const saved = await save();
    if (saved) {
      try {
        const result = await call(blogsApi.mySubmit, { params: { id: saved } });
        setPost((p) => ({ ...p, status: result.status, reviewNote: result.reviewNote }));
        setNotice(
          'Sent for review. Our team reads every post within a few days; you will see the result in My blog posts, and your child gets a notification.',
        );
      } catch (error) {
        setErrors({ form: (error as Error).message });
      }
    }
    setBusy(null);
  };

  const onDelete = async () => {
    setConfirm(null);
    if (!id) return;
    setBusy('delete');
    try {
      await call(blogsApi.myDelete, { params: { id } });
      setDirty(false);
      await navigate('/user/myblogs');
    } catch (error) {
      setErrors({ form: (error as Error).message });
      setBusy(null);
    }
  };

  if (load.status === 'loading') {
    return <Waiting>Opening your post…</Waiting>;
  }
  if (load.status === 'missing' || load.status === 'failed') {
    return (
      <NoticePanel
        id="post-missing"
        className="myblogs-panel surface"
        title={load.status === 'missing' ? 'We could not find this post' : 'This post could not be opened'}
        actions={<ButtonLink href="/user/myblogs">Back to my blog posts</ButtonLink>}
      >
        <p>
          {load.status === 'missing'
            ? 'It may have been deleted, or the address may be mistyped. Only your family’s own posts open here.'
            : load.message}
        </p>
      </NoticePanel>
    );
  }

  const status = MY_BLOG_STATUS[post.status];
  if (post.status === 'approved') {
    return (
      <NoticePanel
        id="post-published"
        className="myblogs-panel surface"
        title={<>“{post.title}” is published</>}
        actions={
          <>
            <ButtonLink href={`/blogs/${id}`}>Read it on the blog</ButtonLink>
            <ButtonLink href="/user/myblogs" variant="secondary">
              Back to my blog posts
            </ButtonLink>
          </>
        }
      >
        <p>
          Published posts can no longer be changed. If something needs correcting, write to us from the
          contact page.
        </p>
      </NoticePanel>
    );
  }

  return (
    <form
      ref={formRef}
      className="myblogs-editor"
      onSubmit={onSave}
      noValidate
      aria-labelledby="editor-title"
    >
      <div className="head-row myblogs-editor-head">
        <h2 id="editor-title">{id ? 'Edit your post' : 'A new post'}</h2>
        <span className={`badge myblogs-badge myblogs-badge-${status.tone}`}>{status.label}</span>
      </div>
      {post.status === 'rejected' && post.reviewNote && (
        <div className="myblogs-note" role="note" aria-label="Note from the reviewer">
          <p className="myblogs-note-title">Our reviewer asked for a few changes:</p>
          <p>{post.reviewNote}</p>
        </div>
      )}
      {post.status === 'submitted' && (
        <p className="myblogs-info">
          This post is waiting for review. Editing takes it out of the review queue until you submit again.
        </p>
      )}
      <FormAlert message={errors.form} />
      <div role="status" className="form-alert-region">
        {notice && <p className="form-alert form-alert-success">{notice}</p>}
      </div>

      <PostTitleField value={title} onValue={(v) => change({ title: v })} error={errors.title} />
      <PostContentField
        label="Your post"
        hint="Use headings and lists to make it easy to read. Keyboard shortcuts are shown on each button."
        initialHtml={post.contentHtml}
        error={errors.contentHtml}
        editorRef={editorRef}
        onChange={changed}
      />
      <PostExcerptField
        value={excerpt}
        onValue={(v) => change({ excerpt: v })}
        error={errors.excerpt}
        hint="Shown in the list of posts. Leave it empty and we use the first lines of your post."
      />
      <div className="field-pair">
        <SelectField
          id="post-childId"
          label="Written with"
          value={childId}
          options={[['', 'Nobody in particular'], ...familyChildren.map((c) => [c._id, c.name] as const)]}
          onChange={(e) => change({ childId: e.target.value })}
          error={errors.childId}
          hint="They get a notification when the post is reviewed."
        />
        <PostAuthorField
          label="Pen name"
          hint="How the post is signed, e.g. “Jordan, Maya’s dad”. Empty: your account name."
          value={authorName}
          onValue={(v) => change({ authorName: v })}
          error={errors.authorName}
        />
      </div>

      <div className="myblogs-actions">
        <button type="submit" className="btn btn-secondary" aria-disabled={busy !== null}>
          {busy === 'save' ? 'Saving…' : 'Save draft'}
        </button>
        {canSubmitPost(post.status) || post.status === 'submitted' ? (
          <button
            type="button"
            className="btn btn-primary"
            aria-disabled={busy !== null || (post.status === 'submitted' && !dirty)}
            onClick={() => {
              if (busy === null && !(post.status === 'submitted' && !dirty)) setConfirm('submit');
            }}
          >
            {busy === 'submit' ? 'Sending…' : 'Submit for review'}
          </button>
        ) : null}
        {id && canDeletePost(post.status) && (
          <button
            type="button"
            className="btn btn-ghost myblogs-delete"
            aria-disabled={busy !== null}
            onClick={() => busy === null && setConfirm('delete')}
          >
            Delete post
          </button>
        )}
        <p className="myblogs-saved" role="status">
          {dirty ? 'Unsaved changes' : savedAt ? `Saved at ${formatTime(savedAt, 'clock')}` : ''}
        </p>
      </div>
      <p>
        <a href="/user/myblogs">Back to my blog posts</a>
      </p>

      {confirm === 'submit' && (
        <ConfirmDialog
          title="Send this post for review?"
          confirmLabel="Submit for review"
          onConfirm={onSubmitForReview}
          onCancel={() => setConfirm(null)}
        >
          <p>We save it first. Then someone from the Quill Reads team reads it, usually within a few days.</p>
          <p>
            If it is approved, it appears on the blog signed “
            {authorName.trim() || user?.displayName || 'with your account name'}”. If not, you will see a note
            saying what to change. Editing it before then takes it out of the review queue until you submit
            again.
          </p>
        </ConfirmDialog>
      )}
      {confirm === 'delete' && (
        <ConfirmDialog
          title="Delete this post?"
          confirmLabel="Delete post"
          danger
          onConfirm={onDelete}
          onCancel={() => setConfirm(null)}
        >
          <p>“{post.title}” and its text are deleted for good. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </form>
  );
}
