import { useState } from 'react';
import { adminApi } from '~/features/admin/admin.api';
import type { AdminUser, AdminUserView, UserChange } from '~/features/admin/users.schema';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { FieldError, FormAlert } from '~/islands/shared/Field';
import { errorMessage } from '~/islands/shared/loadState';
import { ApiClientError, call } from '~/platform/client/api';
import { AccountPills, AccountStates } from './AccountStates';
import { ManageChildren } from './ManageChildren';
import { RoleChoices } from './RoleChoices';
import { useAdminUser } from './useAdminUser';
import './users.css';
import { formatTime } from '~/platform/time';

type Errors = { role?: string; disabled?: string; link?: string };

/** Manages one account: its role, whether it may sign in, its password link and its children. */
export function ManageUser({ userId }: { userId: string }) {
  const { state, reload, replace } = useAdminUser(userId);
  if (state.status !== 'ready') return <AccountStates state={state} onRetry={reload} />;
  return <Manage view={state.record} onView={replace} />;
}

function Manage({ view, onView }: { view: AdminUserView; onView: (view: AdminUserView) => void }) {
  const { user } = view;
  const [role, setRole] = useState(user.role);
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState<'role' | 'disabled' | 'link' | null>(null);
  const [confirming, setConfirming] = useState<'disable' | 'link' | null>(null);

  const change = async (body: UserChange, field: 'role' | 'disabled', success: (u: AdminUser) => string) => {
    setBusy(field);
    setErrors({});
    setDone(undefined);
    try {
      const updated = await call(adminApi.updateUser, { params: { id: user.id }, body });
      onView({ ...view, user: { ...user, role: updated.role, disabled: updated.disabled } });
      setRole(updated.role);
      setDone(success(updated));
    } catch (error) {
      const message = errorMessage(error, 'The change could not be saved.');
      const fields = error instanceof ApiClientError ? error.fields : {};
      setErrors({ [field]: fields[field] ?? message });
    } finally {
      setBusy(null);
      setConfirming(null);
    }
  };

  const sendLink = async () => {
    setBusy('link');
    setErrors({});
    setDone(undefined);
    try {
      await call(adminApi.sendPasswordLink, { params: { id: user.id } });
      setDone(`We sent a link to set a new password to ${user.email}.`);
    } catch (error) {
      setErrors({ link: errorMessage(error, 'The email could not be sent.') });
    } finally {
      setBusy(null);
      setConfirming(null);
    }
  };

  const name = user.displayName;
  return (
    <div className="account-page">
      <header className="account-header">
        <h2>{name}</h2>
        <p className="account-email">{user.email}</p>
        <AccountPills role={user.role} disabled={user.disabled} />
        <p className="hint">
          Joined {formatTime(user.createdAt, 'shortDate')}.{' '}
          <a href={`/view-user-page/${user.id}`}>See everything about this account</a> ·{' '}
          <a href="/admin/users">All accounts</a>
        </p>
      </header>
      <FormAlert message={done} tone="success" />

      <section className="admin-panel" aria-labelledby="role-heading">
        <h2 id="role-heading">Role</h2>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (role !== user.role)
              void change({ role }, 'role', (u) => `${name} is now ${article(u.role)}.`);
          }}
        >
          <fieldset
            className="field"
            aria-describedby={
              [errors.role ? 'role-error' : '', user.isSelf ? 'role-self' : ''].filter(Boolean).join(' ') ||
              undefined
            }
          >
            <legend className="sr-only">Role of {name}</legend>
            <RoleChoices name="role" value={role} onChange={setRole} invalid={Boolean(errors.role)} />
            {user.isSelf && (
              <p id="role-self" className="hint">
                This is your own account: another administrator must change your role.
              </p>
            )}
            <FieldError id="role" error={errors.role} />
          </fieldset>
          <button
            type="submit"
            className="btn btn-primary btn-small"
            aria-disabled={busy === 'role' || role === user.role}
          >
            {busy === 'role' ? 'Saving…' : 'Save the role'}
          </button>
        </form>
      </section>

      <section className="admin-panel" aria-labelledby="access-heading">
        <h2 id="access-heading">Access</h2>
        <p>
          {user.disabled
            ? `${name} cannot use their account: every page and action that needs it is refused until it is enabled again.`
            : `${name} can sign in and use their account.`}
        </p>
        <button
          type="button"
          className={`btn btn-small ${user.disabled ? 'btn-primary' : 'btn-danger'}`}
          aria-disabled={busy === 'disabled'}
          aria-describedby={errors.disabled ? 'disabled-error' : undefined}
          onClick={() =>
            user.disabled
              ? void change({ disabled: false }, 'disabled', () => `${name}’s account is enabled again.`)
              : setConfirming('disable')
          }
        >
          {user.disabled ? 'Enable this account' : 'Disable this account'}
        </button>
        <FieldError id="disabled" error={errors.disabled} />
      </section>

      <section className="admin-panel" aria-labelledby="password-heading">
        <h2 id="password-heading">Password</h2>
        <p>We never see passwords. If {name} cannot sign in, email them a link to choose a new one.</p>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-disabled={busy === 'link'}
          aria-describedby={errors.link ? 'link-error' : undefined}
          onClick={() => setConfirming('link')}
        >
          Email a set-password link
        </button>
        <FieldError id="link" error={errors.link} />
      </section>

      <ManageChildren view={view} onView={onView} />

      {confirming === 'disable' && (
        <ConfirmDialog
          title={`Disable ${name}’s account?`}
          confirmLabel="Disable the account"
          danger
          busy={busy === 'disabled'}
          onConfirm={() =>
            void change({ disabled: true }, 'disabled', () => `${name}’s account is disabled.`)
          }
          onCancel={() => setConfirming(null)}
        >
          <p>
            They will no longer be able to use the site while signed in: their profile, children, blog posts
            and bookings stay as they are, and nothing is deleted. You can enable the account again at any
            time.
          </p>
        </ConfirmDialog>
      )}
      {confirming === 'link' && (
        <ConfirmDialog
          title="Email a set-password link?"
          confirmLabel="Send the email"
          busy={busy === 'link'}
          onConfirm={() => void sendLink()}
          onCancel={() => setConfirming(null)}
        >
          <p>
            We will email {user.email} a link to choose a new password. Their current password keeps working
            until they use it.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

const article = (role: 'parent' | 'admin') => (role === 'admin' ? 'an administrator' : 'a parent');
