import { ADMIN_BLOG_STATUS, type AdminBlogSummary } from '~/features/blogs/admin.schema';
import { blogsApi } from '~/features/blogs/blogs.api';
import { AdminTable } from '~/islands/shared/admin/AdminTable';
import { ListSection } from '~/islands/shared/admin/ListSection';
import { useAdminList } from '~/islands/shared/admin/useAdminList';
import { pagePath } from '~/platform/routes';
import { formatTime } from '~/platform/time';
import '~/islands/shared/admin/admin.css';
import './adminBlogs.css';

const FILTERS = [
  ['', 'Waiting for review'],
  ['approved', 'Published'],
  ['rejected', 'Returned with a note'],
  ['draft', 'Drafts'],
  ['all', 'Every post'],
] as const;

/**
 * The posts families sent for review, oldest first so nobody waits longest; the status filter
 * finds any other post.
 */
export function ReviewQueue() {
  const list = useAdminList<AdminBlogSummary>(blogsApi.adminList, {
    sort: 'submittedAt',
    dir: 'asc',
    filters: { status: '' },
  });
  const { q, filters } = list.params;
  const queue = !filters.status || filters.status === 'submitted';
  return (
    <ListSection
      id="queue-heading"
      title={queue ? 'Waiting for review' : 'Blog posts'}
      headClass="adminblogs-head"
      action={
        <a className="btn btn-secondary btn-small" href={pagePath('/admin/blogwriting')}>
          Write a post
        </a>
      }
      list={list}
      search={['Search posts', 'A title, a pen name or an email']}
      filters={[{ label: 'Show', name: 'status', options: FILTERS }]}
    >
      <AdminTable
        list={list}
        caption={(page) => `${queue ? 'Posts waiting for review' : 'Blog posts'}, page ${page}`}
        className="adminblogs-queue"
        columns={[
          { label: 'Title', sort: 'title' },
          { label: 'Author', sort: 'authorName' },
          { label: 'Child' },
          { label: 'Submitted', sort: 'submittedAt' },
          queue ? { label: 'Length' } : { label: 'Last change', sort: 'updatedAt', desc: true },
          { label: 'Status' },
        ]}
        rowKey={(post) => post.id}
        row={(post) => <QueueRow post={post} queue={queue} />}
        empty={<QueueEmpty q={q} queue={queue} />}
        pager="Pages of blog posts"
      />
    </ListSection>
  );
}

/** One post's cells: its title (to its review page), author, child, when sent, length or last change, status. */
function QueueRow({ post, queue }: { post: AdminBlogSummary; queue: boolean }) {
  return (
    <>
      <td>
        <a href={pagePath('/admin/unapprovedblogs/{id}', post.id)}>{post.title}</a>
      </td>
      <td>
        {post.authorName}
        {post.authorEmail && <span className="adminblogs-sub">{post.authorEmail}</span>}
      </td>
      <td>{post.childFirstName ?? '—'}</td>
      <td>
        {post.submittedAt ? (
          <time dateTime={post.submittedAt}>{formatTime(post.submittedAt, 'dateTime')}</time>
        ) : (
          '—'
        )}
      </td>
      <td>
        {queue ? (
          `${post.readingMinutes} min read`
        ) : (
          <time dateTime={post.updatedAt}>{formatTime(post.updatedAt, 'dateTime')}</time>
        )}
      </td>
      <td>
        <span className="status-pill" data-tone={ADMIN_BLOG_STATUS[post.status].tone}>
          {ADMIN_BLOG_STATUS[post.status].label}
        </span>
      </td>
    </>
  );
}

/** What an empty list says: nothing matches the search, nothing waits, or no post has this status. */
function QueueEmpty({ q, queue }: { q: string; queue: boolean }) {
  if (q) return <p>No post matches “{q}”. Try part of the title, the pen name or the family’s email.</p>;
  if (queue) {
    return (
      <p>
        <strong>Nothing is waiting for review.</strong> Posts families send appear here, oldest first.
      </p>
    );
  }
  return <p>No posts have this status yet.</p>;
}
