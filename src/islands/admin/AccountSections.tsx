import type { AdminUserView } from '~/features/admin/users.schema';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { FieldError } from '~/islands/shared/Field';
import { RoleChoices } from './RoleChoices';
import type { AccountChanges } from './useAccountChanges';

/** What each panel of the manage page is given: the account, and the changes made to it. */
interface SectionProps {
  user: AdminUserView['user'];
  changes: AccountChanges;
}

const ARTICLES = { parent: 'a parent', admin: 'an administrator', guide: 'a reading guide' } as const;
const article = (role: keyof typeof ARTICLES) => ARTICLES[role];

/** The account's role, chosen and saved; an administrator cannot change their own. */
export function RoleSection({ user, changes }: SectionProps) {
  const { role, setRole, errors, pending, change } = changes;
  const name = user.displayName;
  return (
    <section className="admin-panel" aria-labelledby="role-heading">
      <h2 id="role-heading">Role</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (role !== user.role) void change({ role }, 'role', (u) => `${name} is now ${article(u.role)}.`);
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
          aria-disabled={pending === 'role' || role === user.role}
        >
          {pending === 'role' ? 'Saving…' : 'Save the role'}
        </button>
      </form>
    </section>
  );
}

/** Whether the account may be used: enabled again at once, disabled after a confirmation. */
export function AccessSection({ user, changes }: SectionProps) {
  const { errors, pending, change, setConfirming } = changes;
  const name = user.displayName;
  return (
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
        aria-disabled={pending === 'disabled'}
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
  );
}

/** The email with a link to choose a new password, sent after a confirmation. */
export function PasswordSection({ user, changes }: SectionProps) {
  const { errors, pending, setConfirming } = changes;
  return (
    <section className="admin-panel" aria-labelledby="password-heading">
      <h2 id="password-heading">Password</h2>
      <p>
        We never see passwords. If {user.displayName} cannot sign in, email them a link to choose a new one.
      </p>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        aria-disabled={pending === 'link'}
        aria-describedby={errors.link ? 'link-error' : undefined}
        onClick={() => setConfirming('link')}
      >
        Email a set-password link
      </button>
      <FieldError id="link" error={errors.link} />
    </section>
  );
}

/** The questions before disabling the account or emailing it a set-password link. */
export function ChangeDialogs({ user, changes }: SectionProps) {
  const { confirming, setConfirming, pending, change, sendLink } = changes;
  const name = user.displayName;
  if (confirming === 'disable') {
    return (
      <ConfirmDialog
        title={`Disable ${name}’s account?`}
        confirmLabel="Disable the account"
        danger
        busy={pending === 'disabled'}
        onConfirm={() => void change({ disabled: true }, 'disabled', () => `${name}’s account is disabled.`)}
        onCancel={() => setConfirming(null)}
      >
        <p>
          They will no longer be able to use the site while signed in: their profile, children, blog posts and
          bookings stay as they are, and nothing is deleted. You can enable the account again at any time.
        </p>
      </ConfirmDialog>
    );
  }
  if (confirming === 'link') {
    return (
      <ConfirmDialog
        title="Email a set-password link?"
        confirmLabel="Send the email"
        busy={pending === 'link'}
        onConfirm={() => void sendLink()}
        onCancel={() => setConfirming(null)}
      >
        <p>
          We will email {user.email} a link to choose a new password. Their current password keeps working
          until they use it.
        </p>
      </ConfirmDialog>
    );
  }
  return null;
}
