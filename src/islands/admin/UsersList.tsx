import type { AdminUser } from '~/features/admin/users.schema';
import { FilterSelect, ListState, Pager, SearchBox, SortHeader } from '~/islands/shared/admin/ListControls';
import { useAdminList } from '~/islands/shared/admin/useAdminList';
import { AccountPills, dateText } from './AccountStates';
import './users.css';

/** Every account, parents and the team: searched, filtered, sorted and paged on the server. */
export function UsersList() {
  const list = useAdminList<AdminUser>('/api/admin/users', {
    q: '',
    sort: 'createdAt',
    dir: 'desc',
    page: 1,
    filters: { role: '', status: '' },
  });
  const { params, setParams, data } = list;
  const onSort = (sort: string, dir: 'asc' | 'desc') => setParams({ sort, dir });
  const filtered = Boolean(params.q || params.filters.role || params.filters.status);
  return (
    <section aria-labelledby="users-heading">
      <div className="users-heading-row">
        <h2 id="users-heading">All accounts</h2>
        <a className="btn btn-primary" href="/admin/create-new-account">
          Create an account
        </a>
      </div>
      <div className="admin-toolbar">
        <SearchBox
          id="users-search"
          label="Search accounts"
          value={params.q}
          placeholder="A name or an email address"
          onChange={(q) => setParams({ q })}
        />
        <div className="users-filters">
          <FilterSelect
            label="Role"
            name="role"
            options={[
              ['', 'Everyone'],
              ['parent', 'Parents'],
              ['admin', 'Administrators'],
            ]}
            params={params}
            setParams={setParams}
          />
          <FilterSelect
            label="Status"
            name="status"
            options={[
              ['', 'Active and disabled'],
              ['enabled', 'Active'],
              ['disabled', 'Disabled'],
            ]}
            params={params}
            setParams={setParams}
          />
        </div>
      </div>
      <ListState
        loading={list.loading}
        error={list.error}
        empty={data?.items.length === 0}
        onRetry={list.reload}
        emptyText={
          filtered ? (
            <p>No account matches. Check the spelling, or clear the search and filters.</p>
          ) : (
            <p>No accounts yet. Families appear here when they sign up.</p>
          )
        }
      >
        {data && (
          <div className="admin-table-wrap">
            <table className="admin-table users-table">
              <caption className="sr-only">Accounts, page {data.page}. Sort with the column buttons.</caption>
              <thead>
                <tr>
                  <SortHeader label="Name" sortKey="displayName" params={params} onSort={onSort} />
                  <SortHeader label="Email" sortKey="email" params={params} onSort={onSort} />
                  <SortHeader label="Role and status" sortKey="role" params={params} onSort={onSort} />
                  <th scope="col">Children</th>
                  <SortHeader
                    label="Joined"
                    sortKey="createdAt"
                    params={params}
                    onSort={onSort}
                    defaultDir="desc"
                  />
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((user) => (
                  <tr key={user.id}>
                    <td>
                      <a href={`/view-user-page/${user.id}`}>{user.displayName}</a>
                    </td>
                    <td className="users-email" data-label="Email">
                      {user.email}
                    </td>
                    <td data-label="Role and status">
                      <AccountPills role={user.role} disabled={user.disabled} />
                    </td>
                    <td data-label="Children">{user.childCount}</td>
                    <td data-label="Joined">
                      <time dateTime={user.createdAt}>{dateText(user.createdAt)}</time>
                    </td>
                    <td>
                      <a className="btn btn-secondary btn-small" href={`/admin/users/${user.id}`}>
                        Manage<span className="sr-only"> {user.displayName}</span>
                      </a>
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
          label="Pages of accounts"
          page={data.page}
          pageSize={data.pageSize}
          total={data.total}
          onPage={(page) => setParams({ page })}
        />
      )}
    </section>
  );
}
