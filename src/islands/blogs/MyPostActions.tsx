import { useStore } from '@nanostores/react';
import { canDeletePost, canSubmitPost } from '~/features/blogs/myBlogs';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { $userData } from '~/platform/identity/session.store';
import { formatTime } from '~/platform/time';
import type { MyPostEditor } from './useMyPost';

/** Save the draft, submit it for review, delete it; and whether it is saved. */
export function MyPostActions({ editor }: { editor: MyPostEditor }) {
  const { post, id, draft, savedAt, setConfirm } = editor;
  const { busy, pending, dirty } = draft;
  // A post in review is sent again only once something changed.
  const unchangedInReview = post.status === 'submitted' && !dirty;
  return (
    <div className="myblogs-actions">
      <button type="submit" className="btn btn-secondary" aria-disabled={busy}>
        {pending === 'save' ? 'Saving…' : 'Save draft'}
      </button>
      {canSubmitPost(post.status) || post.status === 'submitted' ? (
        <button
          type="button"
          className="btn btn-primary"
          aria-disabled={busy || unchangedInReview}
          onClick={() => {
            if (!busy && !unchangedInReview) setConfirm('submit');
          }}
        >
          {pending === 'submit' ? 'Sending…' : 'Submit for review'}
        </button>
      ) : null}
      {id && canDeletePost(post.status) && (
        <button
          type="button"
          className="btn btn-ghost myblogs-delete"
          aria-disabled={busy}
          onClick={() => !busy && setConfirm('delete')}
        >
          Delete post
        </button>
      )}
      <p className="myblogs-saved" role="status">
        {dirty ? 'Unsaved changes' : savedAt ? `Saved at ${formatTime(savedAt, 'clock')}` : ''}
      </p>
    </div>
  );
}

/** The questions before the post is sent for review, or deleted. */
export function MyPostDialogs({ editor }: { editor: MyPostEditor }) {
  const { post, draft, confirm, setConfirm, onSubmitForReview, onDelete } = editor;
  const user = useStore($userData);
  if (confirm === 'submit') {
    return (
      <ConfirmDialog
        title="Send this post for review?"
        confirmLabel="Submit for review"
        onConfirm={() => {
          setConfirm(null);
          void onSubmitForReview();
        }}
        onCancel={() => setConfirm(null)}
      >
        <p>We save it first. Then someone from the Quill Reads team reads it, usually within a few days.</p>
        <p>
          If it is approved, it appears on the blog signed “
          {draft.draft.authorName.trim() || user?.displayName || 'with your account name'}”. If not, you will
          see a note saying what to change. Editing it before then takes it out of the review queue until you
          submit again.
        </p>
      </ConfirmDialog>
    );
  }
  if (confirm === 'delete') {
    return (
      <ConfirmDialog
        title="Delete this post?"
        confirmLabel="Delete post"
        danger
        onConfirm={() => {
          setConfirm(null);
          void onDelete();
        }}
        onCancel={() => setConfirm(null)}
      >
        <p>“{post.title}” and its text are deleted for good. This cannot be undone.</p>
      </ConfirmDialog>
    );
  }
  return null;
}
