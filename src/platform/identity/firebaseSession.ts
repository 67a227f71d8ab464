import { type FirebaseOptions, getApps, initializeApp } from 'firebase/app';
import {
  type Auth,
  browserLocalPersistence,
  browserSessionPersistence,
  connectAuthEmulator,
  getAuth,
  indexedDBLocalPersistence,
  initializeAuth,
} from 'firebase/auth';

// The part of the identity service every signed-in page runs: restore the session, follow it, give
// ID tokens, sign out. Named imports, so the bundle holds these and what they need, not the whole
// SDK; the sign-in forms load the rest (firebase.client.ts, authModule).
export { onAuthStateChanged, onIdTokenChanged, signOut } from 'firebase/auth';

/**
 * The Auth instance as getAuth makes it, minus the popup helper: on phones getAuth would load
 * Google's script loader (apis.google.com) on every sign-in page in case a popup follows. Only the
 * Google button needs it, and passes it itself (popupResolver).
 */
export function makeAuth(options: FirebaseOptions, emulatorHost: string): Auth {
  const app = getApps()[0] ?? initializeApp(options);
  let instance: Auth;
  try {
    instance = initializeAuth(app, {
      persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
    });
  } catch {
    // Already made for this app (a second load of this module): the same instance.
    return getAuth(app);
  }
  if (emulatorHost) connectAuthEmulator(instance, `http://${emulatorHost}`, { disableWarnings: true });
  return instance;
}
