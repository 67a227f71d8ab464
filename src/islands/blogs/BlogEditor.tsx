import { navigate } from 'astro:transitions/client';
import { useStore } from '@nanostores/react';
import type { Editor } from '@tiptap/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type BlogUpdateInput,
  blogUpdateInputSchema,
  type MyBlogDetail,
} from '~/features/blogs/blogs.schema';
import { canDeletePost, canSubmitPost, MY_BLOG_STATUS, savedAtLabel } from '~/features/blogs/myBlogs';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { byField, Field, FormAlert, issuesByField } from '~/islands/shared/Field';
import { Spinner } from '~/islands/shared/Spinner';
import { ApiClientError } from '~/platform/client/api';
import { $userData } from '~/platform/identity/session.store';
import { myBlogsApi } from './api';
import { RichTextEditor } from './RichTextEditor';
import './myBlogs.css';
import { isUuid } from '~/platform/ids';

export interface BlogEditorProps {
  /** The post's id from the address, or "new" for a post not saved yet. */
  postId: string;
}

type Load =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed'; message: string }
  | { state: 'ready' };
type Errors = Partial<
  Record<'title' | 'contentHtml' | 'excerpt' | 'childId' | 'authorName' | 'form', string>
>;

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
    postId === 'new' ? { state: 'ready' } : isUuid(postId) ? { state: 'loading' } : { state: 'missing' },
  );
  const [post, setPost] = useState(NEW);
  const [title, setTitle] = useState('');
  const [excerpt, setExcerpt] = useState('');
  const [childId, setChildId] = useState('');
  const [authorName, setAuthorName] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState<'save' | 'submit' | 'delete' | null>(null);
  const [savedAt, setSavedAt] = useState<Date | null>(null);
  const [notice, setNotice] = useState<string>();
  const [confirm, setConfirm] = useState<'submit' | 'delete' | null>(null);
  const editorRef = useRef<Editor | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const user = useStore($userData);
  const familyChildren = user?.children ?? [];

  const fill = useCallback((detail: typeof NEW) => {
    setPost(detail);
    setTitle(detail.title);
    setExcerpt(detail.excerpt);
    setChildId(detail.childId ?? '');
    setAuthorName(detail.authorName);
  }, []);

  useEffect(() => {
    if (postId === 'new' || !isUuid(postId)) return;
    let live = true;
    myBlogsApi
      .get(postId)
      .then((detail) => {
        if (!live) return;
        fill(detail);
        setLoad({ state: 'ready' });
      })
      .catch((error: unknown) => {
        if (!live) return;
        if (error instanceof ApiClientError && (error.status === 404 || error.status === 400))
          setLoad({ state: 'missing' });
        else setLoad({ state: 'failed', message: (error as Error).message });
      });
    return () => {
      live = false;
    };
  }, [postId, fill]);

  // Unsaved changes: warn before the page is left, by a link (the site's router) or by the browser.
  useEffect(() => {
    if (!dirty) return;
    const message = 'You have changes that are not saved. Leave this page and lose them?';
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const beforeRoute = (event: Event) => {
      if (!window.confirm(message)) event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('astro:before-preparation', beforeRoute);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('astro:before-preparation', beforeRoute);
    };
  }, [dirty]);

  useEffect(() => {
    if (Object.keys(errors).some((k) => k !== 'form')) {
      const first = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus();
    }
  }, [errors]);

  const changed = () => {
    setDirty(true);
    setNotice(undefined);
  };

  /** Checks and saves the post; answers its id, or null when something needs fixing. */
  const save = async (): Promise<string | null> => {
    const editor = editorRef.current;
    const payload: BlogUpdateInput = {
      title,
      contentHtml: editor && !editor.isEmpty ? editor.getHTML() : '',
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
      if (id) saved = await myBlogsApi.update(id, payload);
      else {
        const { childId: child, ...rest } = payload;
        const created = await myBlogsApi.create({ ...rest, ...(child ? { childId: child } : {}) });
        saved = await myBlogsApi.get(created._id);
        setId(created._id);
        // The address now names the saved post, so a reload opens it.
        window.history.replaceState(window.history.state, '', `/user/myblogs/${created._id}`);
      }
      fill(saved);
      setDirty(false);
      setSavedAt(new Date());
      return saved._id;
    } catch (error) {
      const err = error as ApiClientError;
      setErrors({ ...byField(err.fields ?? {}), form: err.message });
      return null;
    }
  };

  const onSave = async (event: React.FormEvent) => {
    event.preventDefault();
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
        const result = await myBlogsApi.submit(saved);
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
      await myBlogsApi.remove(id);
      setDirty(false);
      await navigate('/user/myblogs');
    } catch (error) {
      setErrors({ form: (error as Error).message });
      setBusy(null);
    }
  };

  if (load.state === 'loading') {
    return (
      <div role="status" className="guard-wait">
        <Spinner label="" />
        <p>Opening your post…</p>
      </div>
    );
  }
  if (load.state === 'missing' || load.state === 'failed') {
    return (
      <section className="myblogs-panel" aria-labelledby="post-missing">
        <h2 id="post-missing">
          {load.state === 'missing' ? 'We could not find this post' : 'This post could not be opened'}
        </h2>
        <p>
          {load.state === 'missing'
            ? 'It may have been deleted, or the address may be mistyped. Only your family’s own posts open here.'
            : load.message}
        </p>
        <p className="actions">
          <a className="btn btn-primary" href="/user/myblogs">
            Back to my blog posts
          </a>
        </p>
      </section>
    );
  }

  const status = MY_BLOG_STATUS[post.status];
  if (post.status === 'approved') {
    return (
      <section className="myblogs-panel" aria-labelledby="post-published">
        <h2 id="post-published">“{post.title}” is published</h2>
        <p>
          Published posts can no longer be changed. If something needs correcting, write to us from the
          contact page.
        </p>
        <p className="actions">
          <a className="btn btn-primary" href={`/blogs/${id}`}>
            Read it on the blog
          </a>
          <a className="btn btn-secondary" href="/user/myblogs">
            Back to my blog posts
          </a>
        </p>
      </section>
    );
  }

  const described = (field: keyof Errors, hint?: boolean) =>
    [hint ? `post-${field}-hint` : '', errors[field] ? `post-${field}-error` : '']
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <form
      ref={formRef}
      className="myblogs-editor"
      onSubmit={onSave}
      noValidate
      aria-labelledby="editor-title"
    >
      <div className="myblogs-editor-head">
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

      <Field
        id="post-title"
        label="Title"
        value={title}
        maxLength={150}
        onChange={(e) => {
          setTitle(e.target.value);
          changed();
        }}
        error={errors.title}
        hint="3 to 150 characters."
      />

      <div className="field">
        <span className="myblogs-label" id="post-content-label">
          Your post
        </span>
        <p className="hint" id="post-contentHtml-hint">
          Use headings and lists to make it easy to read. Keyboard shortcuts are shown on each button.
        </p>
        <RichTextEditor
          initialHtml={post.contentHtml}
          labelledBy="post-content-label"
          describedBy={described('contentHtml', true)}
          invalid={Boolean(errors.contentHtml)}
          onReady={(editor) => {
            editorRef.current = editor;
          }}
          onChange={(editor) => {
            editorRef.current = editor;
            changed();
          }}
        />
        {errors.contentHtml && (
          <p id="post-contentHtml-error" className="error">
            {errors.contentHtml}
          </p>
        )}
      </div>

      <div className="field">
        <label htmlFor="post-excerpt">Summary (optional)</label>
        <textarea
          id="post-excerpt"
          className="textarea myblogs-excerpt"
          value={excerpt}
          maxLength={300}
          aria-invalid={errors.excerpt ? true : undefined}
          aria-describedby={described('excerpt', true)}
          onChange={(e) => {
            setExcerpt(e.target.value);
            changed();
          }}
        />
        <p className="hint" id="post-excerpt-hint">
          Shown in the list of posts. Leave it empty and we use the first lines of your post.
        </p>
        {errors.excerpt && (
          <p id="post-excerpt-error" className="error">
            {errors.excerpt}
          </p>
        )}
      </div>

      <div className="field-pair">
        <div className="field">
          <label htmlFor="post-childId">Written with</label>
          <select
            id="post-childId"
            className="select"
            value={childId}
            aria-invalid={errors.childId ? true : undefined}
            aria-describedby={described('childId', true)}
            onChange={(e) => {
              setChildId(e.target.value);
              changed();
            }}
          >
            <option value="">Nobody in particular</option>
            {familyChildren.map((child) => (
              <option key={child._id} value={child._id}>
                {child.name}
              </option>
            ))}
          </select>
          <p className="hint" id="post-childId-hint">
            They get a notification when the post is reviewed.
          </p>
          {errors.childId && (
            <p id="post-childId-error" className="error">
              {errors.childId}
            </p>
          )}
        </div>
        <Field
          id="post-authorName"
          label="Pen name"
          value={authorName}
          maxLength={80}
          autoComplete="off"
          onChange={(e) => {
            setAuthorName(e.target.value);
            changed();
          }}
          error={errors.authorName}
          hint="How the post is signed, e.g. “Jordan, Maya’s dad”. Empty: your account name."
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
          {dirty ? 'Unsaved changes' : savedAt ? `Saved at ${savedAtLabel(savedAt)}` : ''}
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
