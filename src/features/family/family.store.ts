import { ApiClientError, call, lazyContracts } from '~/platform/client/api';
import { keepCopy } from '~/platform/client/dataCopies';
import { $authError, $authReady, $identityUid } from '~/platform/identity/authState.store';
import { deviceTimeZone } from '~/platform/identity/earlyRequests';
import { getFirebaseAuth, sessionModule } from '~/platform/identity/firebase.client';
import { signOutEverywhere } from '~/platform/identity/identity.client';
import {
  $session,
  setUserData,
  setUserDataRefresher,
  signedIn,
  signedOut,
} from '~/platform/identity/session.store';
import type { LoginRegisterResponse } from './user.schema';

/** Where the last account check's answer is kept for the profile (its key in dataCopies). */
export const PROFILE_COPY = 'profile';

/**
 * Loaded at the first sign-in call: pages paint, take input and draw the last visit's copy without
 * zod. Every protected page makes that call (its guard starts the session), and its HTML preloads
 * the file, so the account check does not wait for it (decision 35).
 */
const familyContracts = lazyContracts(() => import('./family.api').then((m) => m.familyApi));

interface FirebaseUserLike {
  uid: string;
  email: string | null;
  displayName: string | null;
  getIdToken(forceRefresh?: boolean): Promise<string>;
}

/**
 * POST /api/user/loginRegister with the current user object (spec, section 7). A registration
 * (the sign-up form) sends its submission's `idempotencyKey`, so a retry creates one account.
 */
export async function loginRegister(
  user: FirebaseUserLike,
  registration?: { displayName: string; acceptPrivacyPolicy: true },
  idempotencyKey?: string,
): Promise<LoginRegisterResponse> {
  try {
    const response = await call((await familyContracts()).loginRegister, {
      token: await user.getIdToken(),
      body: {
        uid: user.uid,
        email: user.email,
        displayName: user.displayName,
        timeZone: deviceTimeZone(),
        ...(registration ? { registration } : {}),
      },
      ...(idempotencyKey ? { idempotencyKey } : {}),
    });
    if (response.data === null) {
      // A plain sign-in call that started before the registration finished must not undo it.
      const current = $session.get();
      if (current.status === 'signed-in' && current.uid === user.uid) return response;
      $session.set({ status: 'unregistered', uid: user.uid });
      setUserData(null);
    } else {
      // Signed in first: a different account than the device's last one clears what it kept.
      signedIn(user.uid, response.data.role);
      setUserData(response.data);
      // The profile shows this copy at once on the next visit, while it asks again (decision 35).
      keepCopy(PROFILE_COPY, response.data);
    }
    return response;
  } catch (error) {
    if (registration) throw error;
    // The spec (section 8) says other failures are only logged, and public pages show nothing.
    // Guarded pages do say "We could not check your sign-in" with a retry ($authError below),
    // because a blank guarded page helps nobody: docs/decisions/0018-sign-in-failure-message.md.
    console.warn('[auth] login/register failed', error instanceof ApiClientError ? error.code : error);
    if (error instanceof ApiClientError && (error.status === 401 || error.status === 403)) {
      // The server refuses this sign-in (disabled account, bad token): sign out rather than pretend.
      await signOutEverywhere().catch(() => signedOut());
      if (error.code === 'account_disabled') $authError.set(error.message);
    } else {
      // Unreachable or busy: keep what this device knew about the same user, never assume more.
      const current = $session.get();
      if (current.status !== 'signed-in' || current.uid !== user.uid) {
        $authError.set('We could not check your account just now. Please try again in a moment.');
      }
    }
    throw error;
  }
}

/** Refreshes userData from the server (after adding a child, say). */
export async function refreshUserData(): Promise<void> {
  const auth = await getFirebaseAuth();
  if (auth.currentUser) await loginRegister(auth.currentUser);
}
// Other features ask for a refresh through the platform's session store (they cannot import this one).
setUserDataRefresher(refreshUserData);

let started = false;

/**
 * Follows the identity service on pages that need it (sign-in pages, protected pages). Becoming
 * signed in triggers the login/register call; becoming signed out clears the user data.
 */
export function startAuth(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  void (async () => {
    const [auth, { onAuthStateChanged }] = await Promise.all([getFirebaseAuth(), sessionModule()]);
    onAuthStateChanged(auth, (user) => {
      $identityUid.set(user?.uid ?? null);
      if (!user) {
        signedOut();
        $authReady.set(true);
        return;
      }
      $authError.set(null);
      void loginRegister(user)
        .catch(() => {})
        .finally(() => $authReady.set(true));
    });
  })().catch((error: unknown) => {
    // The identity service could not load (offline, blocked): the pages say so through the guard.
    console.warn('[auth] the sign-in service could not start', error);
    started = false;
    $authError.set('We could not reach the sign-in service. Check your connection and try again.');
    $authReady.set(true);
  });
}

/** Tries again after a failure: loads the identity service, or checks the account once more. */
export function retryAuth(): void {
  $authError.set(null);
  $authReady.set(false);
  if (!started) {
    startAuth();
    return;
  }
  void getFirebaseAuth()
    .then(async (auth) => {
      if (auth.currentUser) await loginRegister(auth.currentUser);
      else signedOut();
    })
    .catch(() => {})
    .finally(() => $authReady.set(true));
}
