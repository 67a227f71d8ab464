import { useRef, useState } from 'react';
import { ADMIN_BLOG_STATUS, type AdminBlogDetail } from '~/features/blogs/admin.schema';
import { blogsApi } from '~/features/blogs/blogs.api';
import { blogReviewInputSchema } from '~/features/blogs/blogs.schema';
import { adminCountsChanged } from '~/islands/shared/admin/adminCounts';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { FieldError, FormAlert, issuesByField } from '~/islands/shared/Field';
import { apiErrors, useSubmit } from '~/islands/shared/useSubmit';
import { ApiClientError, call } from '~/platform/client/api';
import { pagePath } from '~/platform/routes';
import { formatTime } from '~/platform/time';
import { PostPreview } from './PostPreview';
import { PostStates } from './PostStates';
import { usePost } from './usePost';
import '~/islands/shared/admin/admin.css';
import './adminBlogs.css';

type Decision = 'approve' | 'reject';

const FALLBACK = 'The decision could not be saved. Please try again.';

/**
 * The decision on a post in review: the note to the family (checked before the question is asked),
 * the question, then the decision sent once. `errors.note` goes beside the note, `errors.form` above
 * the page; a post someone else decided first is shown as it is now.
 */
function useReview(post: AdminBlogDetail, replace: (post: AdminBlogDetail) => void) {
  const [note, setNote] = useState('');
  const [done, setDone] = useState<string | undefined>(() =>
    typeof window !== 'undefined' && new URL(window.location.href).searchParams.has('saved')
      ? 'Your corrections are saved. Read the post once more, then decide.'
      : undefined,
  );
  const [confirm, setConfirm] = useState<Decision | null>(null);
  const { submit, busy, errors, setErrors } = useSubmit();
  const noteRef = useRef<HTMLTextAreaElement>(null);

  const ask = (decision: Decision) => {
    setDone(undefined);
    const parsed = blogReviewInputSchema.safeParse({ decision, ...(note.trim() ? { note } : {}) });
    if (!parsed.success) {
      setErrors({ note: issuesByField(parsed.error.issues).note ?? '' });
      noteRef.current?.focus();
      return;
    }
    setErrors({});
    setConfirm(decision);
  };

  const decide = async (decision: Decision) => {
    await submit(
      async () => {
        try {
          await call(blogsApi.adminReview, {
            params: { id: post.id },
            body: { decision, ...(note.trim() ? { note } : {}) },
          });
        } catch (error) {
          if (!(error instanceof ApiClientError && error.status === 409)) throw error;
          // Someone else acted first: say so, and show what the post is now.
          setErrors(apiErrors(error, FALLBACK));
          const fresh = await call(blogsApi.adminGet, { params: { id: post.id } }).catch(() => null);
          if (fresh) replace(fresh);
          adminCountsChanged();
          return;
        }
        replace(await call(blogsApi.adminGet, { params: { id: post.id } }));
        const who = post.childFirstName ? `${post.childFirstName} has a notification.` : '';
        setDone(
          decision === 'approve'
            ? `Approved: “${post.title}” is now on the blog. ${who}`
            : `Returned to the family with your note. ${who}`,
        );
        setNote('');
        adminCountsChanged();
      },
      { fallback: FALLBACK },
    );
    setConfirm(null);
  };

  return { note, setNote, noteRef, done, confirm, setConfirm, busy, errors, ask, decide };
}

type Review = ReturnType<typeof useReview>;

/** One post as families will read it, with who wrote it and the decision to publish or return it. */
export function ReviewPost({ postId }: { postId: string }) {
  const { state, replace, reload } = usePost(postId);
  if (state.status !== 'ready') return <PostStates state={state} onRetry={reload} />;
  return <Reviewing post={state.record} replace={replace} />;
}

function Reviewing({ post, replace }: { post: AdminBlogDetail; replace: (post: AdminBlogDetail) => void }) {
  const review = useReview(post, replace);
  return (
    <div className="adminblogs-review">
      <FormAlert message={review.errors.form} />
      <FormAlert message={review.done} tone="success" />
      <AboutPost post={post} />
      <PostPreview post={post} />
      {post.status === 'submitted' ? <DecisionPanel post={post} review={review} /> : <WaysOn post={post} />}
      {review.confirm && <DecisionDialog post={post} review={review} decision={review.confirm} />}
    </div>
  );
}

/** The note to the family, and the two decisions (or correcting the post first). */
function DecisionPanel({ post, review }: { post: AdminBlogDetail; review: Review }) {
  const { note, setNote, noteRef, busy, errors, ask } = review;
  return (
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
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={`review-note-hint${errors.note ? ' review-note-error' : ''}`}
          onChange={(e) => setNote(e.target.value)}
        />
        <p className="hint" id="review-note-hint">
          Shown to the family in their child’s notification. Needed to return the post: say what to change.
          Optional when you approve.
        </p>
        <FieldError id="review-note" error={errors.note} />
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
        <a className="btn btn-ghost" href={pagePath('/admin/editunapprovedblog/{id}', post.id)}>
          Correct the post
        </a>
      </div>
    </section>
  );
}

/** A post already decided (or a draft): where to read it, finish it, or go back to the queue. */
function WaysOn({ post }: { post: AdminBlogDetail }) {
  return (
    <p className="adminblogs-actions">
      {post.status === 'approved' && (
        <a className="btn btn-primary" href={pagePath('/blogs/{id}', post.id)}>
          Read it on the blog
        </a>
      )}
      {post.status === 'draft' && post.byTeam && (
        <a className="btn btn-primary" href={pagePath('/admin/blogwriting', { query: { id: post.id } })}>
          Finish this draft
        </a>
      )}
      <a className="btn btn-secondary" href={pagePath('/admin/approveblogs')}>
        Back to the review queue
      </a>
    </p>
  );
}

/** The question before the decision is sent: what publishing or returning the post does. */
function DecisionDialog({
  post,
  review,
  decision,
}: {
  post: AdminBlogDetail;
  review: Review;
  decision: Decision;
}) {
  return (
    <ConfirmDialog
      title={decision === 'approve' ? 'Publish this post?' : 'Return this post to the family?'}
      confirmLabel={decision === 'approve' ? 'Approve and publish' : 'Return with a note'}
      busy={review.busy}
      onConfirm={() => void review.decide(decision)}
      onCancel={() => review.setConfirm(null)}
    >
      {decision === 'approve' ? (
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
