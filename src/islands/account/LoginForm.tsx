import { navigate } from 'astro:transitions/client';
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import { startAuth } from '~/features/family/family.store';
import { EmailField, Field, FormAlert } from '~/islands/shared/Field';
import { Waiting } from '~/islands/shared/Spinner';
import { useForm } from '~/islands/shared/useForm';
import { useHydrated } from '~/islands/shared/useHydrated';
import { ADMIN_HOME, safeReturnPath } from '~/platform/access';
import { authErrorMessage, checkEmail, firebaseErrorCode } from '~/platform/identity/authErrors';
import { $authReady } from '~/platform/identity/authState.store';
import { authModule, getFirebaseAuth } from '~/platform/identity/firebase.client';
import { $session } from '~/platform/identity/session.store';

/** Email and password, Google, and password reset; returns to the page the guard came from. */
export function LoginForm() {
  const session = useStore($session);
  const hydrated = useHydrated();
  // During hydration the server's "not ready" form is what both renders must agree on.
  const authReady = useStore($authReady) && hydrated;
  const [mode, setMode] = useState<'sign-in' | 'reset'>('sign-in');
  const { formRef, values, field, errors, setErrors, busy, setBusy } = useForm(
    { email: '', password: '' },
    'login',
  );
  const { email, password } = values;
  const [notice, setNotice] = useState<string>();

  useEffect(startAuth, []);

  // Once signed in: back to where the visitor was going (else the family's profile, or for the team
  // the console's review queue), or to /signup without an account yet.
  useEffect(() => {
    if (!authReady) return;
    const next = new URLSearchParams(window.location.search).get('next');
    if (session.status === 'signed-in') {
      const home = session.role === 'admin' ? ADMIN_HOME : '/profile';
      void navigate(safeReturnPath(next, home), { history: 'replace' });
    }
    if (session.status === 'unregistered') {
      void navigate(`/signup${next ? `?next=${encodeURIComponent(safeReturnPath(next))}` : ''}`, {
        history: 'replace',
      });
    }
  }, [authReady, session]);

  const fail = (error: unknown) => {
    const { field, message } = authErrorMessage(firebaseErrorCode(error));
    setErrors({ [field]: message });
    setBusy(false);
  };

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setNotice(undefined);
    const found: Record<string, string> = {};
    const emailError = checkEmail(email);
    if (emailError) found.email = emailError;
    if (password === '') found.password = 'Enter your password.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const [auth, { signInWithEmailAndPassword }] = await Promise.all([getFirebaseAuth(), authModule()]);
      await signInWithEmailAndPassword(auth, email.trim(), password);
    } catch (error) {
      fail(error);
    }
  };

  const signInWithGoogle = async () => {
    setErrors({});
    setBusy(true);
    try {
      const [auth, { GoogleAuthProvider, signInWithPopup, browserPopupRedirectResolver }] = await Promise.all(
        [getFirebaseAuth(), authModule()],
      );
      await signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver);
    } catch (error) {
      fail(error);
    }
  };

  const sendReset = async (event: FormEvent) => {
    event.preventDefault();
    const emailError = checkEmail(email);
    setErrors(emailError ? { email: emailError } : {});
    if (emailError) return;
    setBusy(true);
    try {
      const [auth, { sendPasswordResetEmail }] = await Promise.all([getFirebaseAuth(), authModule()]);
      await sendPasswordResetEmail(auth, email.trim());
      setNotice(`If there is an account for ${email.trim()}, a link to choose a new password is on its way.`);
    } catch (error) {
      // Say the same whether or not the account exists, so the form reveals no one's email.
      if (firebaseErrorCode(error) === 'auth/user-not-found') {
        setNotice(
          `If there is an account for ${email.trim()}, a link to choose a new password is on its way.`,
        );
      } else fail(error);
    }
    setBusy(false);
  };

  if (authReady && (session.status === 'signed-in' || session.status === 'unregistered')) {
    return <Waiting>Signing you in…</Waiting>;
  }

  if (mode === 'reset') {
    return (
      <form onSubmit={sendReset} noValidate aria-labelledby="reset-title">
        <h3 id="reset-title">Reset your password</h3>
        <p>Enter the email address of your account and we will send you a link to choose a new password.</p>
        <FormAlert message={errors.form} />
        <FormAlert message={notice} tone="success" />
        <EmailField {...field('email')} id="reset-email" />
        <button type="submit" className="btn btn-primary btn-block" aria-disabled={busy}>
          Send the reset link
        </button>
        <p>
          <button type="button" className="link-button" onClick={() => setMode('sign-in')}>
            Back to sign in
          </button>
        </p>
      </form>
    );
  }

  return (
    <div>
      <form ref={formRef} onSubmit={signIn} noValidate aria-label="Sign in with email">
        <FormAlert message={errors.form} />
        <EmailField {...field('email')} />
        <Field {...field('password')} label="Password" type="password" autoComplete="current-password" />
        {/* Disabled until the page is interactive: before that, a click would only reload the page. */}
        <button type="submit" className="btn btn-primary btn-block" aria-disabled={busy} disabled={!hydrated}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p>
        <button type="button" className="link-button" onClick={() => setMode('reset')}>
          Forgot your password?
        </button>
      </p>
      <p className="form-divider">or</p>
      <button
        type="button"
        className="btn btn-secondary btn-block"
        onClick={signInWithGoogle}
        aria-disabled={busy}
      >
        Continue with Google
      </button>
    </div>
  );
}
