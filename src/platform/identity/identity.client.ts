import { authModule, getFirebaseAuth, sessionModule } from './firebase.client';
import { signedOut } from './session.store';

// What the browser asks of the identity service once someone is signed in.

/**
 * A fresh ID token for API calls, or null when nobody is signed in. A call made while the session
 * is still being restored (a signed-in page asks for its data at once) waits for it.
 */
export async function currentIdToken(): Promise<string | null> {
  const auth = await getFirebaseAuth();
  await auth.authStateReady();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

export async function signOutEverywhere(): Promise<void> {
  const [auth, { signOut }] = await Promise.all([getFirebaseAuth(), sessionModule()]);
  await signOut(auth);
  signedOut();
}

/**
 * Proves again who is signed in (deleting the account asks for it) and answers a fresh ID token.
 * Email accounts give their password; Google accounts go through Google's window again.
 */
export async function reauthenticate(password: string): Promise<string> {
  const [auth, firebase] = await Promise.all([getFirebaseAuth(), authModule()]);
  const user = auth.currentUser;
  if (!user) throw new Error('Nobody is signed in.');
  const usesPassword = user.providerData.some((p) => p.providerId === 'password');
  if (usesPassword && user.email) {
    await firebase.reauthenticateWithCredential(
      user,
      firebase.EmailAuthProvider.credential(user.email, password),
    );
  } else {
    await firebase.reauthenticateWithPopup(user, new firebase.GoogleAuthProvider());
  }
  return user.getIdToken(true);
}

/** True when the signed-in account uses a password (and so can re-enter it). */
export async function signedInWithPassword(): Promise<boolean> {
  const auth = await getFirebaseAuth();
  return auth.currentUser?.providerData.some((p) => p.providerId === 'password') ?? false;
}

/**
 * Whether the identity service has confirmed the signed-in account's email, asked afresh (the
 * parent may have just opened the link in another tab). Once it has, the ID token is renewed so
 * that the API hears it at once; null when nobody is signed in.
 */
export async function emailConfirmed(): Promise<boolean | null> {
  const auth = await getFirebaseAuth();
  const user = auth.currentUser;
  if (!user) return null;
  await user.reload();
  if (!user.emailVerified) return false;
  const { claims } = await user.getIdTokenResult();
  if (claims.email_verified !== true) await user.getIdToken(true);
  return true;
}

/** Sends the signed-in account a link that confirms its email; the link comes back to `returnTo`. */
export async function sendEmailConfirmation(returnTo: string): Promise<void> {
  const [auth, firebase] = await Promise.all([getFirebaseAuth(), authModule()]);
  if (!auth.currentUser) throw new Error('Nobody is signed in.');
  await firebase.sendEmailVerification(auth.currentUser, { url: returnTo });
}
