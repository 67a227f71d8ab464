import { ADMIN_BLOG_STATUS, type AdminBlogSummary } from '~/features/blogs/admin.schema';
import { FilterSelect, ListState, Pager, SearchBox, SortHeader } from '~/islands/shared/admin/ListControls';
import { useAdminList } from '~/islands/shared/admin/useAdminList';
import { whenLabel } from './api';
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
  const list = useAdminList<AdminBlogSummary>('/api/admin/blogs', {
    q: '',
    sort: 'submittedAt',
    dir: 'asc',
    page: 1,
    filters: { status: '' },
  });
  const { params, setParams, data } = list;
  const onSort = (sort: string, dir: 'asc' | 'desc') => setParams({ sort, dir });
  const queue = !params.filters.status || params.filters.status === 'submitted';
  return (
    <section aria-labelledby="queue-heading">
      <div className="adminblogs-head">
        <h2 id="queue-heading">{queue ? 'Waiting for review' : 'Blog posts'}</h2>
        <a className="btn btn-secondary btn-small" href="/admin/blogwriting">
          Write a post
        </a>
      </div>
      <div className="admin-toolbar">
        <SearchBox
          id="blogs-search"
          label="Search posts"
          value={params.q}
          placeholder="A title, a pen name or an email"
          onChange={(q) => setParams({ q })}
        />
        <FilterSelect label="Show" name="status" options={FILTERS} params={params} setParams={setParams} />
      </div>
      <ListState
        loading={list.loading}
        error={list.error}
        empty={data?.items.length === 0}
        onRetry={list.reload}
        emptyText={
          params.q ? (
            <p>No post matches “{params.q}”. Try part of the title, the pen name or the family’s email.</p>
          ) : queue ? (
            <p>
              <strong>Nothing is waiting for review.</strong> Posts families send appear here, oldest first.
            </p>
          ) : (
            <p>No posts have this status yet.</p>
          )
        }
      >
        {data && (
          <div className="admin-table-wrap">
            <table className="admin-table adminblogs-queue">
              <caption className="sr-only">
                {queue ? 'Posts waiting for review' : 'Blog posts'}, page {data.page}
              </caption>
              <thead>
                <tr>
                  <SortHeader label="Title" sortKey="title" params={params} onSort={onSort} />
                  <SortHeader label="Author" sortKey="authorName" params={params} onSort={onSort} />
                  <th scope="col">Child</th>
                  <SortHeader label="Submitted" sortKey="submittedAt" params={params} onSort={onSort} />
                  {queue ? (
                    <th scope="col">Length</th>
                  ) : (
                    <SortHeader
                      label="Last change"
                      sortKey="updatedAt"
                      params={params}
                      onSort={onSort}
                      defaultDir="desc"
                    />
                  )}
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((post) => (
                  <tr key={post._id}>
                    <td>
                      <a href={`/admin/unapprovedblogs/${post._id}`}>{post.title}</a>
                    </td>
                    <td>
                      {post.authorName}
                      {post.authorEmail && <span className="adminblogs-sub">{post.authorEmail}</span>}
                    </td>
                    <td>{post.childFirstName ?? '—'}</td>
                    <td>
                      {post.submittedAt ? (
                        <time dateTime={post.submittedAt}>{whenLabel(post.submittedAt)}</time>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td>
                      {queue ? (
                        `${post.readingMinutes} min read`
                      ) : (
                        <time dateTime={post.updatedAt}>{whenLabel(post.updatedAt)}</time>
                      )}
                    </td>
                    <td>
                      <span className="status-pill" data-tone={ADMIN_BLOG_STATUS[post.status].tone}>
                        {ADMIN_BLOG_STATUS[post.status].label}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
      {data && (
        <Pager
          label="Pages of blog posts"
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPage={(page) => setParams({ page })}
        />
      )}
    </section>
  );
}
