import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { startAuth } from '~/features/family/family.store';
import { EmailField, Field, FormAlert } from '~/islands/shared/Field';
import { Waiting } from '~/islands/shared/Spinner';
import { useHydrated } from '~/islands/shared/useHydrated';
import { $authReady } from '~/platform/identity/authState.store';
import { $session } from '~/platform/identity/session.store';
import { type Login, useLogin, useReturnAfterSignIn } from './useLogin';

/** Email and password, Google, and password reset; returns to the page the guard came from. */
export function LoginForm() {
  const session = useStore($session);
  const hydrated = useHydrated();
  // During hydration the server's "not ready" form is what both renders must agree on.
  const authReady = useStore($authReady) && hydrated;
  const [mode, setMode] = useState<'sign-in' | 'reset'>('sign-in');
  const login = useLogin();

  useEffect(startAuth, []);
  useReturnAfterSignIn(authReady, session);

  if (authReady && (session.status === 'signed-in' || session.status === 'unregistered')) {
    return <Waiting>Signing you in…</Waiting>;
  }
  if (mode === 'reset') return <ResetForm login={login} onBack={() => setMode('sign-in')} />;
  return <SignInForm login={login} hydrated={hydrated} onForgot={() => setMode('reset')} />;
}

/** Email and password, the way to the reset form, and Google. */
function SignInForm({
  login,
  hydrated,
  onForgot,
}: {
  login: Login;
  hydrated: boolean;
  onForgot: () => void;
}) {
  const { formRef, field, errors, busy, signIn, signInWithGoogle } = login;
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
        <button type="button" className="link-button" onClick={onForgot}>
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

/** The email address to send a link to choose a new password to. */
function ResetForm({ login, onBack }: { login: Login; onBack: () => void }) {
  const { field, errors, busy, notice, sendReset } = login;
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
        <button type="button" className="link-button" onClick={onBack}>
          Back to sign in
        </button>
      </p>
    </form>
  );
}
