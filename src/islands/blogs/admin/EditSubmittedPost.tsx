import { ADMIN_BLOG_STATUS } from '~/features/blogs/admin.schema';
import { pagePath } from '~/platform/routes';
import { AdminBlogEditor } from './AdminBlogEditor';
import { NotHerePanel, PostStates } from './PostStates';
import { usePost } from './usePost';

/** Corrections to a family's post before it is approved; saved, it goes back to the review page. */
export function EditSubmittedPost({ postId }: { postId: string }) {
  const { state, reload } = usePost(postId);
  if (state.status !== 'ready') return <PostStates state={state} onRetry={reload} />;
  const post = state.record;
  if (post.status !== 'submitted') {
    // Once reviewed (or taken back by its family), the words are the family's again, or final.
    return (
      <NotHerePanel
        id="not-editable"
        title={`“${post.title}” can no longer be corrected here`}
        postId={post.id}
        back={[pagePath('/admin/approveblogs'), 'Back to the review queue']}
      >
        <p>
          It is <strong>{ADMIN_BLOG_STATUS[post.status].label.toLowerCase()}</strong>. Only posts waiting for
          review are corrected by the team.
        </p>
      </NotHerePanel>
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
          window.location.assign(pagePath('/admin/unapprovedblogs/{id}', saved.id, { query: { saved: 1 } }));
        }}
      />
    </>
  );
}
