import { atom } from 'nanostores';
import { ApiClientError, apiFetch } from '~/lib/apiClient';
import { authModule, getFirebaseAuth } from '~/lib/firebase.client';
import type { LoginRegisterResponse } from '~/lib/schemas/user';
import { $session, setUserData, signedIn, signedOut } from './session';

/** True once the identity service has said who is signed in on this page load. */
export const $authReady = atom(false);

let started = false;

/**
 * Follows the identity service on pages that need it (sign-in pages, protected pages). Becoming
 * signed in triggers the login/register call; becoming signed out clears the user data.
 */
export function startAuth(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  void (async () => {
    const [auth, { onAuthStateChanged }] = await Promise.all([getFirebaseAuth(), authModule()]);
    onAuthStateChanged(auth, (user) => {
      if (!user) {
        signedOut();
        $authReady.set(true);
        return;
      }
      void loginRegister(user)
        .catch(() => {})
        .finally(() => $authReady.set(true));
    });
  })().catch((error: unknown) => {
    // The identity service could not load (offline, blocked): the pages say so through the guard.
    console.warn('[auth] the sign-in service could not start', error);
    $authReady.set(true);
  });
}

interface FirebaseUserLike {
  uid: string;
  email: string | null;
  displayName: string | null;
  getIdToken(forceRefresh?: boolean): Promise<string>;
}

/** POST /api/user/loginRegister with the current user object (spec, section 7). */
export async function loginRegister(
  user: FirebaseUserLike,
  registration?: { displayName: string; acceptPrivacyPolicy: true },
): Promise<LoginRegisterResponse> {
  try {
    const response = await apiFetch<LoginRegisterResponse>('/api/user/loginRegister', {
      method: 'POST',
      token: await user.getIdToken(),
      body: {
        uid: user.uid,
        email: user.email,
        displayName: user.displayName,
        ...(registration ? { registration } : {}),
      },
    });
    if (response.data === null) {
      // A plain sign-in call that started before the registration finished must not undo it.
      const current = $session.get();
      if (current.status === 'signed-in' && current.uid === user.uid) return response;
      $session.set({ status: 'unregistered', uid: user.uid });
      setUserData(null);
    } else {
      setUserData(response.data);
      signedIn(user.uid, response.data.role);
    }
    return response;
  } catch (error) {
    // Other failures are only logged (spec, section 8). Without an answer, keep what this device
    // knew about the same user, or assume the least: a parent.
    if (registration) throw error;
    console.warn('[auth] login/register failed', error instanceof ApiClientError ? error.code : error);
    const current = $session.get();
    if (current.status !== 'signed-in' || current.uid !== user.uid) signedIn(user.uid, 'parent');
    throw error;
  }
}

/** A fresh ID token for API calls, or null when nobody is signed in. */
export async function currentIdToken(): Promise<string | null> {
  const auth = await getFirebaseAuth();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

/** Refreshes userData from the server (after adding a child, say). */
export async function refreshUserData(): Promise<void> {
  const auth = await getFirebaseAuth();
  if (auth.currentUser) await loginRegister(auth.currentUser);
}

export async function signOutEverywhere(): Promise<void> {
  const [auth, { signOut }] = await Promise.all([getFirebaseAuth(), authModule()]);
  await signOut(auth);
  signedOut();
}
