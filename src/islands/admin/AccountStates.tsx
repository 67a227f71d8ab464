import { type AdminUserView, ROLE_LABELS } from '~/features/admin/users.schema';
import { LoadFailed } from '~/islands/shared/admin/ListControls';
import type { RecordState } from '~/islands/shared/loadState';
import { pagePath } from '~/platform/routes';

/** What the account pages show before the account is there: loading, not found, or failed. */
export function AccountStates({
  state,
  onRetry,
}: {
  state: RecordState<AdminUserView>;
  onRetry: () => void;
}) {
  if (state.status === 'loading') {
    return (
      <p className="admin-loading" role="status">
        Loading the account…
      </p>
    );
  }
  if (state.status === 'missing') {
    return (
      <div className="admin-state">
        <h2>This account does not exist</h2>
        <p>It may have been deleted by its owner, or the link is incomplete.</p>
        <p>
          <a href={pagePath('/admin/users')}>Find the account in the list of accounts</a>
        </p>
      </div>
    );
  }
  if (state.status === 'failed') return <LoadFailed message={state.message} onRetry={onRetry} />;
  return null;
}

/** The role and status pills of an account. */
export function AccountPills({ role, disabled }: { role: keyof typeof ROLE_LABELS; disabled: boolean }) {
  return (
    <span className="account-pills">
      <span className="status-pill" data-tone={role === 'parent' ? undefined : 'info'}>
        {ROLE_LABELS[role]}
      </span>{' '}
      <span className="status-pill" data-tone={disabled ? 'bad' : 'good'}>
        {disabled ? 'Disabled' : 'Active'}
      </span>
    </span>
  );
}
