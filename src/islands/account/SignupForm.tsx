import { navigate } from 'astro:transitions/client';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { startAuth } from '~/features/family/family.store';
import { CheckboxField, EmailField, Field, FormAlert } from '~/islands/shared/Field';
import { useHydrated } from '~/islands/shared/useHydrated';
import type { Session } from '~/platform/access';
import { MIN_PASSWORD_LENGTH } from '~/platform/identity/authErrors';
import { $authReady } from '~/platform/identity/authState.store';
import { getFirebaseAuth } from '~/platform/identity/firebase.client';
import { $session } from '~/platform/identity/session.store';
import { pagePath } from '~/platform/routes';
import { useSignup } from './useSignup';

/**
 * Who the identity service has signed in without a family account yet (their email, to greet them);
 * someone who has a family account already goes on to their profile, unless this form is making it.
 */
function useSignedInEmail(authReady: boolean, session: Session, busy: boolean): string | null {
  const [signedInEmail, setSignedInEmail] = useState<string | null>(null);
  useEffect(() => {
    if (!authReady) return;
    if (session.status === 'signed-in' && !busy) void navigate(pagePath('/profile'), { history: 'replace' });
    if (session.status === 'unregistered') {
      void getFirebaseAuth().then((auth) => setSignedInEmail(auth.currentUser?.email ?? null));
    }
  }, [authReady, session, busy]);
  return signedInEmail;
}

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
  // Until then (and during hydration, to match the server's HTML) the form asks for them.
  const needsCredentials = !authReady || session.status !== 'unregistered';
  const { formRef, values, set, field, errors, busy, signUp } = useSignup(needsCredentials);
  useEffect(startAuth, []);
  const signedInEmail = useSignedInEmail(authReady, session, busy);

  return (
    <form ref={formRef} onSubmit={signUp} noValidate aria-label="Create your family account">
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
        checked={values.consent}
        onChecked={(checked) => set({ consent: checked })}
        error={errors.acceptPrivacyPolicy}
        label={
          <>
            I am the child’s parent or guardian, and I agree to the{' '}
            <a href={pagePath('/privacy-policy')}>privacy policy</a> and the{' '}
            <a href={pagePath('/terms-of-use')}>terms of use</a>.
          </>
        }
      />
      <button type="submit" className="btn btn-primary btn-block" aria-disabled={busy}>
        {busy ? 'Creating your account…' : 'Create my family account'}
      </button>
    </form>
  );
}
