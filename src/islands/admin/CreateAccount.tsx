import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type CreateAccountResult, createAccountSchema, ROLE_LABELS } from '~/features/admin/users.schema';
import { adminFetch } from '~/islands/shared/admin/adminApi';
import {
  byField,
  EmailField,
  Field,
  FormAlert,
  issuesByField,
  useFocusFirstInvalid,
} from '~/islands/shared/Field';
import { ApiClientError } from '~/platform/client/api';
import './users.css';

const ROLE_HINTS = {
  parent: 'Looks after their children’s reading, events and blog posts.',
  admin: 'Runs the site from this console, accounts included. Choose it only for the team.',
} as const;

type Errors = Record<string, string>;

/** Creates a parent or administrator account; the person chooses their password from an email. */
export function CreateAccount() {
  const [email, setEmail] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [role, setRole] = useState<'parent' | 'admin' | ''>('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreateAccountResult | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  useFocusFirstInvalid(formRef, errors);
  useEffect(() => {
    if (created) doneRef.current?.focus();
  }, [created]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = createAccountSchema.safeParse({
      email,
      displayName,
      ...(role ? { role } : {}),
      privacyConsent: consent,
    });
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      setCreated(
        await adminFetch<CreateAccountResult>('/api/admin/users', { method: 'POST', body: parsed.data }),
      );
    } catch (error) {
      if (error instanceof ApiClientError) setErrors({ ...byField(error.fields), form: error.message });
      else setErrors({ form: 'Something went wrong. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  const startAgain = () => {
    setCreated(null);
    setEmail('');
    setDisplayName('');
    setRole('');
    setConsent(false);
  };

  if (created) {
    const { user, passwordLinkSent } = created;
    return (
      <section className="admin-panel" aria-labelledby="created-heading">
        <h2 id="created-heading" ref={doneRef} tabIndex={-1}>
          {user.displayName}’s account is ready
        </h2>
        {passwordLinkSent ? (
          <p>
            We sent a link to set a password to <strong>{user.email}</strong>. Nobody can sign in to this
            account until they choose a password from that email. The link works for a limited time: if it
            expires, send a new one from the account’s page.
          </p>
        ) : (
          <p className="form-alert form-alert-error" role="alert">
            The account was created, but the email with the set-password link could not be sent. Send it again
            from the account’s page.
          </p>
        )}
        {user.role === 'admin' && (
          <p>
            Their administrator rights work as soon as they sign in. Choosing a password from the email also
            confirms the address belongs to them.
          </p>
        )}
        <div className="actions">
          <a className="btn btn-primary" href={`/admin/users/${user.id}`}>
            Manage this account
          </a>
          <button type="button" className="btn btn-secondary" onClick={startAgain}>
            Create another account
          </button>
          <a className="btn btn-ghost" href="/admin/users">
            Back to all accounts
          </a>
        </div>
      </section>
    );
  }

  const errorId = (field: string) => (errors[field] ? `new-${field}-error` : undefined);
  return (
    <form
      ref={formRef}
      className="admin-form admin-panel"
      onSubmit={submit}
      noValidate
      aria-label="New account"
    >
      <FormAlert message={errors.form} />
      <EmailField
        id="new-email"
        value={email}
        onValue={setEmail}
        error={errors.email}
        hint="We email them a link to choose their own password: nobody else ever knows it."
      />
      <Field
        id="new-displayName"
        label="Their name"
        autoComplete="off"
        value={displayName}
        onChange={(e) => setDisplayName(e.target.value)}
        error={errors.displayName}
        hint="As they would like to be greeted, for example Jordan Rivers."
      />
      <fieldset className="field" aria-describedby={errorId('role')}>
        <legend>Role</legend>
        <div className="role-choices">
          {(['parent', 'admin'] as const).map((value) => (
            <label key={value} className="role-choice">
              <input
                type="radio"
                name="new-role"
                value={value}
                checked={role === value}
                onChange={() => setRole(value)}
                aria-invalid={errors.role ? true : undefined}
                aria-describedby={`new-role-${value}-hint`}
              />
              <span>
                <strong>{ROLE_LABELS[value]}</strong>
                <span id={`new-role-${value}-hint`} className="hint">
                  {ROLE_HINTS[value]}
                </span>
              </span>
            </label>
          ))}
        </div>
        {errors.role && (
          <p id="new-role-error" className="error">
            {errors.role}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
            aria-invalid={errors.privacyConsent ? true : undefined}
            aria-describedby={errorId('privacyConsent')}
          />
          <span>
            They have agreed to our <a href="/privacy-policy">privacy policy</a>. We record the date with the
            account.
          </span>
        </label>
        {errors.privacyConsent && (
          <p id="new-privacyConsent-error" className="error">
            {errors.privacyConsent}
          </p>
        )}
      </div>
      <div>
        <button type="submit" className="btn btn-primary" aria-disabled={busy}>
          {busy ? 'Creating the account…' : 'Create the account'}
        </button>
      </div>
    </form>
  );
}
