import { adminApi } from '~/features/admin/admin.api';
import type { AdminUser } from '~/features/admin/users.schema';
import { AdminTable } from '~/islands/shared/admin/AdminTable';
import { ListSection } from '~/islands/shared/admin/ListSection';
import { useAdminList } from '~/islands/shared/admin/useAdminList';
import { ButtonLink } from '~/islands/shared/NoticePanel';
import { pagePath } from '~/platform/routes';
import { formatTime } from '~/platform/time';
import { AccountPills } from './AccountStates';
import './users.css';

const ROLES = [
  ['', 'Everyone'],
  ['parent', 'Parents'],
  ['admin', 'Administrators'],
  ['guide', 'Reading guides'],
] as const;

const STATUSES = [
  ['', 'Active and disabled'],
  ['enabled', 'Active'],
  ['disabled', 'Disabled'],
] as const;

/** Every account, parents and the team: searched, filtered, sorted and paged on the server. */
export function UsersList() {
  const list = useAdminList<AdminUser>(adminApi.users, {
    sort: 'createdAt',
    dir: 'desc',
    filters: { role: '', status: '' },
  });
  return (
    <ListSection
      id="users-heading"
      title="All accounts"
      headClass="users-heading-row"
      action={<ButtonLink href={pagePath('/admin/create-new-account')}>Create an account</ButtonLink>}
      list={list}
      search={['Search accounts', 'A name or an email address']}
      filters={[
        { label: 'Role', name: 'role', options: ROLES },
        { label: 'Status', name: 'status', options: STATUSES },
      ]}
      filtersClass="users-filters"
    >
      <AdminTable
        list={list}
        caption={(page) => `Accounts, page ${page}. Sort with the column buttons.`}
        className="users-table"
        columns={[
          { label: 'Name', sort: 'displayName' },
          { label: 'Email', sort: 'email' },
          { label: 'Role and status', sort: 'role' },
          { label: 'Children' },
          { label: 'Joined', sort: 'createdAt', desc: true },
          { label: 'Actions', hidden: true },
        ]}
        rowKey={(user) => user.id}
        row={(user) => <UserRow user={user} />}
        empty={<p>No accounts yet. Families appear here when they sign up.</p>}
        noMatch={<p>No account matches. Check the spelling, or clear the search and filters.</p>}
        pager="Pages of accounts"
      />
    </ListSection>
  );
}

/** One account's cells: its name (to its page), email, role and status, children, joined, and Manage. */
function UserRow({ user }: { user: AdminUser }) {
  return (
    <>
      <td>
        <a href={pagePath('/view-user-page/{id}', user.id)}>{user.displayName}</a>
      </td>
      <td className="users-email" data-label="Email">
        {user.email}
      </td>
      <td data-label="Role and status">
        <AccountPills role={user.role} disabled={user.disabled} />
      </td>
      <td data-label="Children">{user.childCount}</td>
      <td data-label="Joined">
        <time dateTime={user.createdAt}>{formatTime(user.createdAt, 'shortDate')}</time>
      </td>
      <td>
        <a className="btn btn-secondary btn-small" href={pagePath('/admin/users/{id}', user.id)}>
          Manage<span className="sr-only"> {user.displayName}</span>
        </a>
      </td>
    </>
  );
}
