import { navigate } from 'astro:transitions/client';
import { type FormEvent, useEffect, useState } from 'react';
import { useForm } from '~/islands/shared/useForm';
import { homeOf, type Session, safeReturnPath } from '~/platform/access';
import { authErrorMessage, checkEmail, firebaseErrorCode } from '~/platform/identity/authErrors';
import { authModule, getFirebaseAuth } from '~/platform/identity/firebase.client';
import { pagePath } from '~/platform/routes';

/** What the reset form says once it has asked, whether or not the account exists. */
const resetSent = (email: string) =>
  `If there is an account for ${email}, a link to choose a new password is on its way.`;

/** Signs in with an email address and its password. */
async function passwordSignIn(email: string, password: string) {
  const [auth, { signInWithEmailAndPassword }] = await Promise.all([getFirebaseAuth(), authModule()]);
  await signInWithEmailAndPassword(auth, email, password);
}

/** Signs in with Google, in a pop-up window. */
async function googleSignIn() {
  const [auth, { GoogleAuthProvider, signInWithPopup, browserPopupRedirectResolver }] = await Promise.all([
    getFirebaseAuth(),
    authModule(),
  ]);
  await signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver);
}

/** Asks for a link to choose a new password; says nothing of whether the account exists. */
async function sendResetLink(email: string) {
  const [auth, { sendPasswordResetEmail }] = await Promise.all([getFirebaseAuth(), authModule()]);
  try {
    await sendPasswordResetEmail(auth, email);
  } catch (error) {
    // Say the same whether or not the account exists, so the form reveals no one's email.
    if (firebaseErrorCode(error) !== 'auth/user-not-found') throw error;
  }
}

/** What to fix before signing in: an email address that is one, and a password. */
function signInProblems({ email, password }: { email: string; password: string }): Record<string, string> {
  const found: Record<string, string> = {};
  const emailError = checkEmail(email);
  if (emailError) found.email = emailError;
  if (password === '') found.password = 'Enter your password.';
  return found;
}

/**
 * The sign-in page's form and its three requests to the identity service: sign in with email and
 * password, with Google, or send a password reset link. Each is sent once however often it is
 * pressed; a refusal is said beside the field it is about. Once signed in, the form stays busy
 * while the page moves on (`useReturnAfterSignIn` sends it on when the session changes).
 */
export function useLogin() {
  const form = useForm({ email: '', password: '' }, 'login');
  const { values, setErrors, submit } = form;
  const email = values.email.trim();
  const [notice, setNotice] = useState<string>();
  const [signedIn, setSignedIn] = useState(false);
  const busy = form.busy || signedIn;

  /** Submits one request to the identity service; its refusal goes beside its field. */
  const ask = (request: () => Promise<void>) =>
    submit(
      async () => {
        try {
          await request();
        } catch (error) {
          const { field, message } = authErrorMessage(firebaseErrorCode(error));
          setErrors({ [field]: message });
        }
      },
      { fallback: '' },
    );

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setNotice(undefined);
    const found = signInProblems(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await ask(async () => {
      await passwordSignIn(email, values.password);
      setSignedIn(true);
    });
  };

  const signInWithGoogle = () =>
    ask(async () => {
      await googleSignIn();
      setSignedIn(true);
    });

  const sendReset = async (event: FormEvent) => {
    event.preventDefault();
    const emailError = checkEmail(values.email);
    setErrors(emailError ? { email: emailError } : {});
    if (emailError) return;
    await ask(async () => {
      await sendResetLink(email);
      setNotice(resetSent(email));
    });
  };

  return { ...form, busy, notice, signIn, signInWithGoogle, sendReset };
}

export type Login = ReturnType<typeof useLogin>;

/**
 * Once signed in: back to where the visitor was going (else the family's profile, or for the team
 * the console's review queue), or to /signup without an account yet.
 */
export function useReturnAfterSignIn(authReady: boolean, session: Session) {
  useEffect(() => {
    if (!authReady) return;
    const next = new URLSearchParams(window.location.search).get('next');
    if (session.status === 'signed-in') {
      const home = homeOf(session.role);
      void navigate(safeReturnPath(next, home), { history: 'replace' });
    }
    if (session.status === 'unregistered') {
      void navigate(pagePath('/signup', { query: { next: next ? safeReturnPath(next) : undefined } }), {
        history: 'replace',
      });
    }
  }, [authReady, session]);
}
