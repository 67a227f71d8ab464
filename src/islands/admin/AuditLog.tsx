import type { AuditEntry } from '~/features/admin/admin.schema';
import { FilterSelect, ListState, Pager, SearchBox, SortHeader } from '~/islands/shared/admin/ListControls';
import { useAdminList } from '~/islands/shared/admin/useAdminList';

const ENTITIES = [
  ['', 'Everything'],
  ['blog', 'Blog posts'],
  ['book', 'Books'],
  ['passage', 'Read-aloud passages'],
  ['plan', 'Plans'],
  ['event', 'Events'],
  ['podcast_episode', 'Podcast episodes'],
  ['inquiry', 'Inquiries'],
  ['user', 'Accounts'],
  ['order', 'Orders'],
  ['test_payment', 'Test payments'],
] as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "title: Old → New" lines from an entry's details, in words an administrator reads at a glance. */
function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

/** The audit log: every change made in the admin console, newest first, searchable. */
export function AuditLog() {
  const list = useAdminList<AuditEntry>('/api/admin/audit', {
    q: '',
    sort: 'createdAt',
    dir: 'desc',
    page: 1,
    filters: { entity: '' },
  });
  const { params, setParams, data } = list;
  const onSort = (sort: string, dir: 'asc' | 'desc') => setParams({ sort, dir });
  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading" className="sr-only">
        Changes
      </h2>
      <div className="admin-toolbar">
        <SearchBox
          id="audit-search"
          label="Search the log"
          value={params.q}
          placeholder="An action, an id, a word of the details"
          onChange={(q) => setParams({ q })}
        />
        <FilterSelect
          label="What changed"
          name="entity"
          options={ENTITIES}
          params={params}
          setParams={setParams}
        />
      </div>
      <ListState
        loading={list.loading}
        error={list.error}
        empty={data?.items.length === 0}
        onRetry={list.reload}
        emptyText={<p>No changes match. Every change the team makes in the console is recorded here.</p>}
      >
        {data && (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="sr-only">Audit log, page {data.page}</caption>
              <thead>
                <tr>
                  <SortHeader
                    label="When"
                    sortKey="createdAt"
                    params={params}
                    onSort={onSort}
                    defaultDir="desc"
                  />
                  <th scope="col">Who</th>
                  <SortHeader label="Action" sortKey="action" params={params} onSort={onSort} />
                  <SortHeader label="What" sortKey="entity" params={params} onSort={onSort} />
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((entry) => (
                  <tr key={entry.id}>
                    <td>
                      <time dateTime={entry.createdAt}>{when(entry.createdAt)}</time>
                    </td>
                    <td>{entry.actorEmail ?? 'A removed account'}</td>
                    <td>{entry.action}</td>
                    <td>
                      {entry.entity}
                      {entry.entityId && <span className="hint"> {entry.entityId.slice(0, 8)}</span>}
                    </td>
                    <td>{detailsText(entry.details)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </ListState>
      {data && (
        <Pager
          label="Pages of the audit log"
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPage={(page) => setParams({ page })}
        />
      )}
    </section>
  );
}
