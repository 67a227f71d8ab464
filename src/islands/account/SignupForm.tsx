import { navigate } from 'astro:transitions/client';
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { loginRegister, startAuth } from '~/features/family/family.store';
import {
  byField,
  EmailField,
  Field,
  FormAlert,
  issuesByField,
  useFocusFirstInvalid,
} from '~/islands/shared/Field';
import { Spinner } from '~/islands/shared/Spinner';
import { useHydrated } from '~/islands/shared/useHydrated';
import { ApiClientError } from '~/platform/client/api';
import {
  authErrorMessage,
  checkEmail,
  firebaseErrorCode,
  MIN_PASSWORD_LENGTH,
} from '~/platform/identity/authErrors';
import { $authReady } from '~/platform/identity/authState.store';
import { authModule, getFirebaseAuth } from '~/platform/identity/firebase.client';
import { $session } from '~/platform/identity/session.store';

type Errors = Partial<Record<'displayName' | 'email' | 'password' | 'acceptPrivacyPolicy' | 'form', string>>;

/**
 * Creates the family account: the parent's name and consent to the privacy policy, sent through
 * the login/register call. A visitor who is not signed in yet also chooses an email and password.
 */
export function SignupForm() {
  const session = useStore($session);
  const hydrated = useHydrated();
  // During hydration the server's "not ready" form is what both renders must agree on.
  const authReady = useStore($authReady) && hydrated;
  const [displayName, setDisplayName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [signedInEmail, setSignedInEmail] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors);

  useEffect(startAuth, []);

  useEffect(() => {
    if (!authReady) return;
    if (session.status === 'signed-in' && !busy) void navigate('/profile', { history: 'replace' });
    if (session.status === 'unregistered') {
      void getFirebaseAuth().then((auth) => setSignedInEmail(auth.currentUser?.email ?? null));
    }
  }, [authReady, session, busy]);

  const needsCredentials = session.status !== 'unregistered';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    let registrationSchema: typeof import('~/features/family/user.schema')['registrationSchema'];
    try {
      ({ registrationSchema } = await import('~/features/family/user.schema'));
    } catch {
      setErrors({
        form: 'The page could not load everything it needs. Check your connection and try again.',
      });
      return;
    }
    const parsed = registrationSchema.safeParse({ displayName, acceptPrivacyPolicy: consent });
    const found: Errors = parsed.success ? {} : issuesByField(parsed.error.issues);
    if (needsCredentials) {
      const emailError = checkEmail(email);
      if (emailError) found.email = emailError;
      if (password.length < MIN_PASSWORD_LENGTH)
        found.password = `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;

    setBusy(true);
    try {
      const [auth, firebase] = await Promise.all([getFirebaseAuth(), authModule()]);
      let user = auth.currentUser;
      if (!user || needsCredentials) {
        const credential = await firebase.createUserWithEmailAndPassword(auth, email.trim(), password);
        user = credential.user;
      }
      await loginRegister(user, parsed.data);
      void navigate('/createProfile', { history: 'replace' });
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiClientError) {
        setErrors({ ...byField(error.fields), form: error.message });
        return;
      }
      const { field, message } = authErrorMessage(firebaseErrorCode(error));
      setErrors({ [field]: message });
    }
  };

  if (!authReady) {
    return (
      <div role="status" className="guard-wait">
        <Spinner label="" />
        <p>Getting the form ready…</p>
      </div>
    );
  }

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
        id="signup-name"
        label="Your name"
        autoComplete="name"
        value={displayName}
        onChange={(e) => setDisplayName(e.target.value)}
        error={errors.displayName}
        hint="The parent or guardian who holds the account."
      />
      {needsCredentials && (
        <>
          <EmailField id="signup-email" value={email} onValue={setEmail} error={errors.email} />
          <Field
            id="signup-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          />
        </>
      )}
      <div className="field">
        <label className="checkbox" htmlFor="signup-consent">
          <input
            id="signup-consent"
            type="checkbox"
            checked={consent}
            onChange={(e) => setConsent(e.target.checked)}
            aria-invalid={errors.acceptPrivacyPolicy ? true : undefined}
            aria-describedby={errors.acceptPrivacyPolicy ? 'signup-consent-error' : undefined}
          />
          <span>
            I am the child’s parent or guardian, and I agree to the{' '}
            <a href="/privacy-policy">privacy policy</a> and the <a href="/terms-of-use">terms of use</a>.
          </span>
        </label>
        {errors.acceptPrivacyPolicy && (
          <p id="signup-consent-error" className="error">
            {errors.acceptPrivacyPolicy}
          </p>
        )}
      </div>
      <button type="submit" className="btn btn-primary btn-block" aria-disabled={busy}>
        {busy ? 'Creating your account…' : 'Create my family account'}
      </button>
    </form>
  );
}
