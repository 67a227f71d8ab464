import { navigate } from 'astro:transitions/client';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { familyApi } from '~/features/family/family.api';
import { DELETE_CONFIRMATION } from '~/features/family/family.schema';
import { Field, FormAlert } from '~/islands/shared/Field';
import { errorMessage } from '~/islands/shared/loadState';
import { useForm } from '~/islands/shared/useForm';
import { call } from '~/platform/client/api';
import { authErrorMessage, firebaseErrorCode } from '~/platform/identity/authErrors';
import { reauthenticate, signedInWithPassword, signOutEverywhere } from '~/platform/identity/identity.client';

/**
 * Deletes the family's account after the confirmation phrase and a fresh sign-in. Says what goes
 * (and what stays with the team), and sends the deletion once however often the button is pressed.
 */
export function DeleteFamily({ childNames }: { childNames: string[] }) {
  const [open, setOpen] = useState(false);
  const { values, field, errors, setErrors, busy, setBusy } = useForm(
    { confirm: '', password: '' },
    'delete',
  );
  const { confirm: phrase, password } = values;
  const [usesPassword, setUsesPassword] = useState(true);
  // A second press before the page re-renders must not send the deletion again.
  const sending = useRef(false);

  useEffect(() => {
    if (!open) return;
    document.getElementById('delete-confirm')?.focus();
    void signedInWithPassword().then(setUsesPassword);
  }, [open]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (phrase.trim().toLowerCase() !== DELETE_CONFIRMATION)
      next.confirm = `Type “${DELETE_CONFIRMATION}” to confirm.`;
    if (usesPassword && !password) next.password = 'Enter your password.';
    setErrors(next);
    if (Object.keys(next).length > 0) {
      document.getElementById(next.confirm ? 'delete-confirm' : 'delete-password')?.focus();
      return;
    }
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    try {
      let token: string;
      try {
        token = await reauthenticate(password);
      } catch (e) {
        const code = firebaseErrorCode(e);
        const text =
          code === 'auth/wrong-password' ||
          code === 'auth/invalid-credential' ||
          code === 'auth/invalid-login-credentials'
            ? 'That password is not right. Try again.'
            : authErrorMessage(code).message;
        setErrors(usesPassword ? { password: text } : { form: text });
        setBusy(false);
        sending.current = false;
        document.getElementById('delete-password')?.focus();
        return;
      }
      await call(familyApi.deleteMe, { token, body: { confirm: DELETE_CONFIRMATION } });
      await signOutEverywhere().catch(() => {});
      void navigate('/?account=deleted');
    } catch (e) {
      setBusy(false);
      sending.current = false;
      setErrors({
        form: errorMessage(e, 'The account could not be deleted. Please try again.'),
      });
    }
  };

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
        <li>A program that is running ends at once, without a refund of the weeks left.</li>
        <li>
          Messages sent from an address you have not confirmed stay with our team, as the{' '}
          <a href="/privacy-policy">privacy policy</a> explains: write to us and we delete them.
        </li>
      </ul>
      {!open ? (
        <button type="button" className="btn btn-danger" onClick={() => setOpen(true)}>
          Delete our account…
        </button>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Delete your family’s account">
          <FormAlert message={errors.form} />
          <Field
            {...field('confirm')}
            label={`Type “${DELETE_CONFIRMATION}” to confirm`}
            autoComplete="off"
          />
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
            <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
              Keep our account
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
