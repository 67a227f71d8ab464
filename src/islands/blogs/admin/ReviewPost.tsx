import { useRef, useState } from 'react';
import { ADMIN_BLOG_STATUS, type AdminBlogDetail } from '~/features/blogs/admin.schema';
import { blogsApi } from '~/features/blogs/blogs.api';
import { blogReviewInputSchema } from '~/features/blogs/blogs.schema';
import { adminCountsChanged } from '~/islands/shared/admin/adminCounts';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { FieldError, FormAlert, issuesByField } from '~/islands/shared/Field';
import { ApiClientError, call } from '~/platform/client/api';

import { PostPreview } from './PostPreview';
import { PostStates } from './PostStates';
import { usePost } from './usePost';
import '~/islands/shared/admin/admin.css';
import './adminBlogs.css';
import { formatTime } from '~/platform/time';

type Decision = 'approve' | 'reject';

/** One post as families will read it, with who wrote it and the decision to publish or return it. */
export function ReviewPost({ postId }: { postId: string }) {
  const { state, replace, reload } = usePost(postId);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const [done, setDone] = useState<string | undefined>(() =>
    typeof window !== 'undefined' && new URL(window.location.href).searchParams.has('saved')
      ? 'Your corrections are saved. Read the post once more, then decide.'
      : undefined,
  );
  const [confirm, setConfirm] = useState<Decision | null>(null);
  const [busy, setBusy] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);

  if (state.status !== 'ready') return <PostStates state={state} onRetry={reload} />;
  const post = state.record;

  const ask = (decision: Decision) => {
    setAlert(undefined);
    setDone(undefined);
    const parsed = blogReviewInputSchema.safeParse({ decision, ...(note.trim() ? { note } : {}) });
    if (!parsed.success) {
      setNoteError(issuesByField(parsed.error.issues).note);
      noteRef.current?.focus();
      return;
    }
    setNoteError(undefined);
    setConfirm(decision);
  };

  const decide = async (decision: Decision) => {
    setBusy(true);
    try {
      const id = post.id;
      await call(blogsApi.adminReview, {
        params: { id },
        body: { decision, ...(note.trim() ? { note } : {}) },
      });
      const fresh = await call(blogsApi.adminGet, { params: { id } });
      replace(fresh);
      const who = post.childFirstName ? `${post.childFirstName} has a notification.` : '';
      setDone(
        decision === 'approve'
          ? `Approved: “${post.title}” is now on the blog. ${who}`
          : `Returned to the family with your note. ${who}`,
      );
      setNote('');
      adminCountsChanged();
    } catch (error) {
      const err = error as ApiClientError;
      if (err.fields?.note) setNoteError(err.fields.note);
      setAlert(err.message);
      // Someone else acted first: show what the post is now.
      if (err instanceof ApiClientError && err.status === 409) {
        const fresh = await call(blogsApi.adminGet, { params: { id: post.id } }).catch(() => null);
        if (fresh) replace(fresh);
        adminCountsChanged();
      }
    } finally {
      setBusy(false);
      setConfirm(null);
    }
  };

  return (
    <div className="adminblogs-review">
      <FormAlert message={alert} />
      <FormAlert message={done} tone="success" />
      <AboutPost post={post} />
      <PostPreview post={post} />
      {post.status === 'submitted' ? (
        <section className="admin-panel adminblogs-decision" aria-labelledby="decision-heading">
          <h2 id="decision-heading">Your decision</h2>
          <div className="field">
            <label htmlFor="review-note">Note to the family</label>
            <textarea
              ref={noteRef}
              id="review-note"
              className="textarea"
              value={note}
              maxLength={1000}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={`review-note-hint${noteError ? ' review-note-error' : ''}`}
              onChange={(e) => setNote(e.target.value)}
            />
            <p className="hint" id="review-note-hint">
              Shown to the family in their child’s notification. Needed to return the post: say what to
              change. Optional when you approve.
            </p>
            <FieldError id="review-note" error={noteError} />
          </div>
          <div className="adminblogs-actions">
            <button
              type="button"
              className="btn btn-primary"
              aria-disabled={busy}
              onClick={() => !busy && ask('approve')}
            >
              Approve and publish
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              aria-disabled={busy}
              onClick={() => !busy && ask('reject')}
            >
              Return with a note
            </button>
            <a className="btn btn-ghost" href={`/admin/editunapprovedblog/${post.id}`}>
              Correct the post
            </a>
          </div>
        </section>
      ) : (
        <p className="adminblogs-actions">
          {post.status === 'approved' && (
            <a className="btn btn-primary" href={`/blogs/${post.id}`}>
              Read it on the blog
            </a>
          )}
          {post.status === 'draft' && post.byTeam && (
            <a className="btn btn-primary" href={`/admin/blogwriting?id=${post.id}`}>
              Finish this draft
            </a>
          )}
          <a className="btn btn-secondary" href="/admin/approveblogs">
            Back to the review queue
          </a>
        </p>
      )}
      {confirm && (
        <ConfirmDialog
          title={confirm === 'approve' ? 'Publish this post?' : 'Return this post to the family?'}
          confirmLabel={confirm === 'approve' ? 'Approve and publish' : 'Return with a note'}
          busy={busy}
          onConfirm={() => void decide(confirm)}
          onCancel={() => setConfirm(null)}
        >
          {confirm === 'approve' ? (
            <p>
              “{post.title}” appears on the blog at once, signed “{post.authorName}”.
              {post.childFirstName && ` ${post.childFirstName} gets a notification.`}
            </p>
          ) : (
            <p>
              The family sees your note and can change the post and send it again.
              {post.childFirstName && ` ${post.childFirstName} gets a notification.`}
            </p>
          )}
        </ConfirmDialog>
      )}
    </div>
  );
}

function AboutPost({ post }: { post: AdminBlogDetail }) {
  const status = ADMIN_BLOG_STATUS[post.status];
  return (
    <section className="admin-panel" aria-labelledby="about-heading">
      <h2 id="about-heading">About this post</h2>
      <dl className="admin-details">
        <dt>Status</dt>
        <dd>
          <span className="status-pill" data-tone={status.tone}>
            {status.label}
          </span>
        </dd>
        <dt>Author</dt>
        <dd>
          {post.authorName}
          {post.authorEmail && ` (${post.authorEmail})`}
          {post.byTeam && ' · Quill Reads team'}
        </dd>
        <dt>Written with</dt>
        <dd>{post.childFirstName ?? 'No child named'}</dd>
        <dt>Submitted</dt>
        <dd>
          {post.submittedAt ? (
            <time dateTime={post.submittedAt}>{formatTime(post.submittedAt, 'dateTime')}</time>
          ) : (
            '—'
          )}
        </dd>
        {post.reviewedAt && (
          <>
            <dt>{post.status === 'approved' ? 'Approved' : 'Reviewed'}</dt>
            <dd>
              <time dateTime={post.reviewedAt}>{formatTime(post.reviewedAt, 'dateTime')}</time>
              {post.reviewerName && ` by ${post.reviewerName}`}
            </dd>
          </>
        )}
        {post.reviewNote && (
          <>
            <dt>Note to the family</dt>
            <dd>{post.reviewNote}</dd>
          </>
        )}
      </dl>
    </section>
  );
}
