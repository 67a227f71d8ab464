import { ADMIN_BLOG_STATUS } from '~/features/blogs/admin.schema';
import { AdminBlogEditor } from './AdminBlogEditor';
import { PostStates } from './PostStates';
import { usePost } from './usePost';

/** Corrections to a family's post before it is approved; saved, it goes back to the review page. */
export function EditSubmittedPost({ postId }: { postId: string }) {
  const { state, reload } = usePost(postId);
  if (state.status !== 'ready') return <PostStates state={state} onRetry={reload} />;
  const post = state.record;
  if (post.status !== 'submitted') {
    // Once reviewed (or taken back by its family), the words are the family's again, or final.
    return (
      <section className="admin-panel" aria-labelledby="not-editable">
        <h2 id="not-editable">“{post.title}” can no longer be corrected here</h2>
        <p>
          It is <strong>{ADMIN_BLOG_STATUS[post.status].label.toLowerCase()}</strong>. Only posts waiting for
          review are corrected by the team.
        </p>
        <p className="adminblogs-actions">
          <a className="btn btn-primary" href={`/admin/unapprovedblogs/${post._id}`}>
            See the post
          </a>
          <a className="btn btn-secondary" href="/admin/approveblogs">
            Back to the review queue
          </a>
        </p>
      </section>
    );
  }
  return (
    <>
      <p className="adminblogs-intro">
        Correcting “{post.title}” by {post.authorName}. It stays in the queue; the family sees the corrected
        post once it is published.
      </p>
      <AdminBlogEditor
        mode="correct"
        post={post}
        onSaved={(saved) => {
          window.location.assign(`/admin/unapprovedblogs/${saved._id}?saved=1`);
        }}
      />
    </>
  );
}
