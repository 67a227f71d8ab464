import { navigate } from 'astro:transitions/client';
import { type FormEvent, useEffect, useState } from 'react';
import { familyApi } from '~/features/family/family.api';
import { DELETE_CONFIRMATION } from '~/features/family/family.schema';
import { Field, FormAlert } from '~/islands/shared/Field';
import { useForm } from '~/islands/shared/useForm';
import { call } from '~/platform/client/api';
import { authErrorMessage, firebaseErrorCode } from '~/platform/identity/authErrors';
import { reauthenticate, signedInWithPassword, signOutEverywhere } from '~/platform/identity/identity.client';
import { pagePath } from '~/platform/routes';

/** What the identity service's refusal of the password says. */
function reauthProblem(error: unknown): string {
  const code = firebaseErrorCode(error);
  return code === 'auth/wrong-password' ||
    code === 'auth/invalid-credential' ||
    code === 'auth/invalid-login-credentials'
    ? 'That password is not right. Try again.'
    : authErrorMessage(code).message;
}

/**
 * Deletes the family's account after the confirmation phrase and a fresh sign-in. Says what goes
 * (and what stays with the team), and sends the deletion once however often the button is pressed.
 */
export function DeleteFamily({ childNames }: { childNames: string[] }) {
  const [open, setOpen] = useState(false);
  const account = useDeleteAccount(open);
  const who =
    childNames.length === 0
      ? ''
      : childNames.length === 1
        ? `, ${childNames[0]}’s profile`
        : `, the profiles of ${new Intl.ListFormat('en', { type: 'conjunction' }).format(childNames)}`;
  return (
    <section className="surface settings-card settings-card-danger" aria-labelledby="settings-delete">
      <h2 id="settings-delete">Delete your family’s account</h2>
      <p>
        This deletes your account{who}, every reading log, recording and notification, your blog posts, the
        messages you sent us from your confirmed email address, and your sign-in. It cannot be undone. Export
        your data first if you want to keep a copy.
      </p>
      <ul className="settings-consequences">
        <li>
          A program that is running ends at once, without a refund of the weeks left; a renewing one is
          cancelled, and nothing more is charged.
        </li>
        <li>
          Messages sent from an address you have not confirmed stay with our team, as the{' '}
          <a href={pagePath('/privacy-policy')}>privacy policy</a> explains: write to us and we delete them.
        </li>
      </ul>
      {!open ? (
        <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
          Delete our account…
        </button>
      ) : (
        <DeleteForm account={account} onKeep={() => setOpen(false)} />
      )}
    </section>
  );
}

/**
 * The deletion's form: the phrase and the password (or Google's own check), then the deletion; once
 * it is done the family is signed out everywhere and the home page shown. The form keeps what was
 * typed while it is closed and opened again.
 */
function useDeleteAccount(open: boolean) {
  const form = useForm({ confirm: '', password: '' }, 'delete');
  const { values, setErrors, submit } = form;
  const [usesPassword, setUsesPassword] = useState(true);

  useEffect(() => {
    if (!open) return;
    document.getElementById('delete-confirm')?.focus();
    void signedInWithPassword().then(setUsesPassword);
  }, [open]);

  const deleteAccount = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (values.confirm.trim().toLowerCase() !== DELETE_CONFIRMATION)
      next.confirm = `Type “${DELETE_CONFIRMATION}” to confirm.`;
    if (usesPassword && !values.password) next.password = 'Enter your password.';
    setErrors(next);
    if (Object.keys(next).length > 0) {
      document.getElementById(next.confirm ? 'delete-confirm' : 'delete-password')?.focus();
      return;
    }
    await submit(
      async () => {
        let token: string;
        try {
          token = await reauthenticate(values.password);
        } catch (error) {
          const text = reauthProblem(error);
          setErrors(usesPassword ? { password: text } : { form: text });
          document.getElementById('delete-password')?.focus();
          return;
        }
        // The fresh token from the password just typed: the API deletes only after a recent sign-in.
        await call(familyApi.deleteMe, { token, body: { confirm: DELETE_CONFIRMATION } });
        await signOutEverywhere().catch(() => {});
        // Awaited, so the button stays busy until the home page is shown.
        await navigate(pagePath('/', { query: { account: 'deleted' } }));
      },
      { fallback: 'The account could not be deleted. Please try again.', fieldOf: () => ({}) },
    );
  };

  return { ...form, usesPassword, deleteAccount };
}

/** The deletion's form: the phrase, the password when the family signs in with one, and the two ways on. */
function DeleteForm({
  account,
  onKeep,
}: {
  account: ReturnType<typeof useDeleteAccount>;
  onKeep: () => void;
}) {
  const { field, errors, busy, usesPassword, deleteAccount } = account;
  return (
    <form onSubmit={deleteAccount} noValidate aria-label="Delete your family’s account">
      <FormAlert message={errors.form} />
      <Field {...field('confirm')} label={`Type “${DELETE_CONFIRMATION}” to confirm`} autoComplete="off" />
      {usesPassword ? (
        <Field
          {...field('password')}
          type="password"
          label="Your password"
          autoComplete="current-password"
          hint="We ask again to be sure it is you."
        />
      ) : (
        <p className="settings-note">Google will ask you to confirm it is you.</p>
      )}
      <div className="settings-actions">
        <button type="submit" className="btn btn-danger" aria-disabled={busy}>
          {busy ? 'Deleting…' : 'Delete everything'}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onKeep}>
          Keep our account
        </button>
      </div>
    </form>
  );
}
