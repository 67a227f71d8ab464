import type { AdminUserView } from '~/features/admin/users.schema';
import { FormAlert } from '~/islands/shared/Field';
import { pagePath } from '~/platform/routes';
import { formatTime } from '~/platform/time';
import { AccessSection, ChangeDialogs, PasswordSection, RoleSection } from './AccountSections';
import { AccountPills, AccountStates } from './AccountStates';
import { ManageChildren } from './ManageChildren';
import { useAccountChanges } from './useAccountChanges';
import { useAdminUser } from './useAdminUser';
import './users.css';

/** Manages one account: its role, whether it may sign in, its password link and its children. */
export function ManageUser({ userId }: { userId: string }) {
  const { state, reload, replace } = useAdminUser(userId);
  if (state.status !== 'ready') return <AccountStates state={state} onRetry={reload} />;
  return <Manage view={state.record} onView={replace} />;
}

function Manage({ view, onView }: { view: AdminUserView; onView: (view: AdminUserView) => void }) {
  const changes = useAccountChanges(view, onView);
  const { user } = view;
  return (
    <div className="account-page">
      <header className="account-header">
        <h2>{user.displayName}</h2>
        <p className="account-email">{user.email}</p>
        <AccountPills role={user.role} disabled={user.disabled} />
        <p className="hint">
          Joined {formatTime(user.createdAt, 'shortDate')}.{' '}
          <a href={pagePath('/view-user-page/{id}', user.id)}>See everything about this account</a> ·{' '}
          <a href={pagePath('/admin/users')}>All accounts</a>
        </p>
      </header>
      <FormAlert message={changes.done} tone="success" />
      <RoleSection user={user} changes={changes} />
      <AccessSection user={user} changes={changes} />
      <PasswordSection user={user} changes={changes} />
      <ManageChildren view={view} onView={onView} />
      <ChangeDialogs user={user} changes={changes} />
    </div>
  );
}
