import { type FormEvent, useEffect, useRef, useState } from 'react';
import { adminApi } from '~/features/admin/admin.api';
import {
  type CreateAccountResult,
  createAccountSchema,
  type ROLE_LABELS,
} from '~/features/admin/users.schema';
import { CheckboxField, describedBy, EmailField, Field, FieldError, FormAlert } from '~/islands/shared/Field';
import { ButtonLink } from '~/islands/shared/NoticePanel';
import { useForm } from '~/islands/shared/useForm';
import { call } from '~/platform/client/api';
import { pagePath } from '~/platform/routes';
import { RoleChoices } from './RoleChoices';
import './users.css';

const ROLE_HINTS = {
  parent: 'Looks after their children’s reading, events and blog posts.',
  admin: 'Runs the site from this console, accounts included. Choose it only for the team.',
  guide:
    'Follows the children assigned in Reading guides: hears their recordings and writes to their families. No payments, no other section.',
} as const;

type Role = keyof typeof ROLE_LABELS;

const EMPTY = { email: '', displayName: '', role: '' as Role | '', consent: false };

/** Creates a parent or administrator account; the person chooses their password from an email. */
export function CreateAccount() {
  const { formRef, values, setValues, set, field, errors, busy, save } = useForm(EMPTY, 'new');
  const { email, displayName, role, consent } = values;
  const [created, setCreated] = useState<CreateAccountResult | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(
      createAccountSchema,
      { email, displayName, ...(role ? { role } : {}), privacyConsent: consent },
      async (data, idempotencyKey) =>
        setCreated(await call(adminApi.createUser, { body: data, idempotencyKey })),
      { fallback: 'Something went wrong. Please try again.' },
    );
  };

  const startAgain = () => {
    setCreated(null);
    setValues(EMPTY);
  };

  if (created) return <Created created={created} onAgain={startAgain} />;

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
        {...field('email')}
        hint="We email them a link to choose their own password: nobody else ever knows it."
      />
      <Field
        {...field('displayName')}
        label="Their name"
        autoComplete="off"
        hint="As they would like to be greeted, for example Jordan Rivers."
      />
      <RoleField role={role} onChange={(next) => set({ role: next })} error={errors.role} />
      <ConsentField
        consent={consent}
        onChange={(checked) => set({ consent: checked })}
        error={errors.privacyConsent}
      />
      <div>
        <button type="submit" className="btn btn-primary" aria-disabled={busy}>
          {busy ? 'Creating the account…' : 'Create the account'}
        </button>
      </div>
    </form>
  );
}

/** That the person agreed to the privacy policy: the account records when. */
function ConsentField({
  consent,
  onChange,
  error,
}: {
  consent: boolean;
  onChange: (consent: boolean) => void;
  error: string | undefined;
}) {
  return (
    <CheckboxField
      id="new-privacyConsent"
      checked={consent}
      onChecked={onChange}
      error={error}
      label={
        <>
          They have agreed to our <a href={pagePath('/privacy-policy')}>privacy policy</a>. We record the date
          with the account.
        </>
      }
    />
  );
}

/** The new account's role, each choice with what it allows. */
function RoleField({
  role,
  onChange,
  error,
}: {
  role: Role | '';
  onChange: (role: Role) => void;
  error: string | undefined;
}) {
  return (
    <fieldset className="field" aria-describedby={describedBy('new-role', undefined, error)}>
      <legend>Role</legend>
      <RoleChoices
        name="new-role"
        value={role}
        onChange={onChange}
        invalid={Boolean(error)}
        hints={ROLE_HINTS}
      />
      <FieldError id="new-role" error={error} />
    </fieldset>
  );
}

/** The account made (its heading takes focus): whether its set-password email went, and the ways on. */
function Created({ created, onAgain }: { created: CreateAccountResult; onAgain: () => void }) {
  const { user, passwordLinkSent } = created;
  const doneRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => doneRef.current?.focus(), []);
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
        <ButtonLink href={pagePath('/admin/users/{id}', user.id)}>Manage this account</ButtonLink>
        <button type="button" className="btn btn-secondary" onClick={onAgain}>
          Create another account
        </button>
        <ButtonLink href={pagePath('/admin/users')} variant="ghost">
          Back to all accounts
        </ButtonLink>
      </div>
    </section>
  );
}
