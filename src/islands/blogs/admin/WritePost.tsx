import { useState } from 'react';
import type { AdminBlogDetail } from '~/features/blogs/admin.schema';
import { FormAlert } from '~/islands/shared/Field';
import { pagePath } from '~/platform/routes';
import { AdminBlogEditor } from './AdminBlogEditor';
import { NotHerePanel, PostStates } from './PostStates';
import { usePost } from './usePost';

const draftIdOf = () =>
  typeof window === 'undefined' ? null : new URL(window.location.href).searchParams.get('id');

/** A post by the team: published at once, or kept as a draft (?id= opens that draft again). */
export function WritePost() {
  const [draftId] = useState(draftIdOf);
  return draftId ? <ContinueDraft id={draftId} /> : <Writer post={null} />;
}

function ContinueDraft({ id }: { id: string }) {
  const { state, reload } = usePost(id);
  if (state.status !== 'ready') return <PostStates state={state} onRetry={reload} />;
  const post = state.record;
  if (post.status !== 'draft' || !post.byTeam) {
    return (
      <NotHerePanel
        id="not-a-draft"
        title={`“${post.title}” is not a team draft`}
        postId={post.id}
        back={[pagePath('/admin/blogwriting'), 'Write a new post']}
      >
        <p>Only drafts written by the team open here. Families’ posts are corrected from the review queue.</p>
      </NotHerePanel>
    );
  }
  return <Writer post={post} />;
}

function Writer({ post: initial }: { post: AdminBlogDetail | null }) {
  const [post, setPost] = useState(initial);
  const [published, setPublished] = useState<AdminBlogDetail | null>(null);
  const [notice, setNotice] = useState<string>();

  if (published) {
    return (
      <section className="admin-panel" aria-labelledby="published-heading">
        <FormAlert tone="success" message={`“${published.title}” is published.`} />
        <h2 id="published-heading">“{published.title}” is on the blog</h2>
        <p>Families see it on the blog and in the RSS feed now, signed “{published.authorName}”.</p>
        <p className="adminblogs-actions">
          <a className="btn btn-primary" href={pagePath('/blogs/{id}', published.id)}>
            Read it on the blog
          </a>
          <a className="btn btn-secondary" href={pagePath('/admin/blogwriting')}>
            Write another post
          </a>
        </p>
      </section>
    );
  }
  return (
    <>
      <FormAlert tone="success" message={notice} />
      <AdminBlogEditor
        // A new key after the first save: the editor starts again from the saved post.
        key={post?.id ?? 'new'}
        mode="write"
        post={post}
        onSaved={(saved, isPublished) => {
          if (isPublished) return setPublished(saved);
          setPost(saved);
          setNotice('Draft saved. Only the team can see it; open it again from Blogs → Drafts.');
          window.history.replaceState(
            window.history.state,
            '',
            pagePath('/admin/blogwriting', { query: { id: saved.id } }),
          );
        }}
      />
    </>
  );
}
