import { navigate } from 'astro:transitions/client';
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { loginRegister, startAuth } from '~/features/family/family.store';
import { CheckboxField, EmailField, Field, FormAlert, issuesByField } from '~/islands/shared/Field';
import { apiErrors, useForm } from '~/islands/shared/useForm';
import { useHydrated } from '~/islands/shared/useHydrated';
import { ApiClientError, newIdempotencyKey } from '~/platform/client/api';
import {
  authErrorMessage,
  checkEmail,
  firebaseErrorCode,
  MIN_PASSWORD_LENGTH,
} from '~/platform/identity/authErrors';
import { $authReady } from '~/platform/identity/authState.store';
import { authModule, getFirebaseAuth } from '~/platform/identity/firebase.client';
import { $session } from '~/platform/identity/session.store';

/**
 * Creates the family account: the parent's name and consent to the privacy policy, sent through
 * the login/register call. A visitor who is not signed in yet also chooses an email and password.
 */
export function SignupForm() {
  const session = useStore($session);
  const hydrated = useHydrated();
  // The form renders at once (as the server sent it, so nothing below it moves); who is signed in
  // only decides where to go next and whether the email and password are asked for.
  const authReady = useStore($authReady) && hydrated;
  const { formRef, values, set, field, errors, setErrors, busy, setBusy } = useForm(
    { displayName: '', email: '', password: '', consent: false },
    'signup',
  );
  const { displayName, email, password, consent } = values;
  const [signedInEmail, setSignedInEmail] = useState<string | null>(null);

  useEffect(startAuth, []);

  useEffect(() => {
    if (!authReady) return;
    if (session.status === 'signed-in' && !busy) void navigate('/profile', { history: 'replace' });
    if (session.status === 'unregistered') {
      void getFirebaseAuth().then((auth) => setSignedInEmail(auth.currentUser?.email ?? null));
    }
  }, [authReady, session, busy]);

  // Until then (and during hydration, to match the server's HTML) the form asks for them.
  const needsCredentials = !authReady || session.status !== 'unregistered';

  // Two clicks can land before React re-renders with `busy` set (the schema loads first): this ref
  // stops the second at once. It stays up after a success, while the page moves on.
  const inFlight = useRef(false);
  // One key per submission, kept for a retry: the server then registers the family once, even when
  // the answer to the first try was lost.
  const submission = useRef<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    if (!(await register())) inFlight.current = false;
  };

  /** Checks the form, then creates the sign-in and the family account; answers whether it did. */
  const register = async (): Promise<boolean> => {
    let registrationSchema: typeof import('~/features/family/user.schema')['registrationSchema'];
    try {
      ({ registrationSchema } = await import('~/features/family/user.schema'));
    } catch {
      setErrors({
        form: 'The page could not load everything it needs. Check your connection and try again.',
      });
      return false;
    }
    const parsed = registrationSchema.safeParse({ displayName, acceptPrivacyPolicy: consent });
    const found: Record<string, string> = parsed.success ? {} : issuesByField(parsed.error.issues);
    if (needsCredentials) {
      const emailError = checkEmail(email);
      if (emailError) found.email = emailError;
      if (password.length < MIN_PASSWORD_LENGTH)
        found.password = `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return false;

    setBusy(true);
    try {
      const [auth, firebase] = await Promise.all([getFirebaseAuth(), authModule()]);
      // The form shows before Firebase knows who is signed in; a quick submit waits for it here.
      await auth.authStateReady();
      let user = auth.currentUser;
      // On a retry after a lost answer, the first try's sign-in (this email) is the one to register:
      // making it again would only fail, as the address is taken.
      const signedInAsTyped = user?.email?.toLowerCase() === email.trim().toLowerCase();
      if (!user || (needsCredentials && !signedInAsTyped)) {
        const credential = await firebase.createUserWithEmailAndPassword(auth, email.trim(), password);
        user = credential.user;
      }
      submission.current ??= newIdempotencyKey();
      await loginRegister(user, parsed.data, submission.current);
      submission.current = null;
      void navigate('/createProfile', { history: 'replace' });
      return true;
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiClientError) {
        setErrors(apiErrors(error, ''));
        return false;
      }
      const { field, message } = authErrorMessage(firebaseErrorCode(error));
      setErrors({ [field]: message });
      return false;
    }
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Create your family account">
      <FormAlert message={errors.form} />
      {!needsCredentials && signedInEmail && (
        <p>
          You are signed in as <strong>{signedInEmail}</strong>. Tell us your name to finish your family
          account.
        </p>
      )}
      <Field
        {...field('displayName')}
        id="signup-name"
        label="Your name"
        autoComplete="name"
        hint="The parent or guardian who holds the account."
      />
      {needsCredentials && (
        <>
          <EmailField {...field('email')} />
          <Field
            {...field('password')}
            label="Password"
            type="password"
            autoComplete="new-password"
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          />
        </>
      )}
      <CheckboxField
        id="signup-consent"
        checked={consent}
        onChecked={(checked) => set({ consent: checked })}
        error={errors.acceptPrivacyPolicy}
        label={
          <>
            I am the child’s parent or guardian, and I agree to the{' '}
            <a href="/privacy-policy">privacy policy</a> and the <a href="/terms-of-use">terms of use</a>.
          </>
        }
      />
      <button type="submit" className="btn btn-primary btn-block" aria-disabled={busy}>
        {busy ? 'Creating your account…' : 'Create my family account'}
      </button>
    </form>
  );
}
