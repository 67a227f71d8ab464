import type { FirebaseApp } from 'firebase/app';
import type { Auth } from 'firebase/auth';
import { publicConfig } from '~/platform/publicConfig';

let auth: Promise<Auth> | undefined;

/**
 * The Firebase Auth client, loaded the first time a page needs it (sign-in pages and protected
 * pages), so public pages never download the SDK.
 */
export function getFirebaseAuth(): Promise<Auth> {
  auth ??= (async () => {
    const [{ initializeApp, getApps }, authModule] = await Promise.all([
      import('firebase/app'),
      import('firebase/auth'),
    ]);
    const app = getApps()[0] ?? initializeApp(publicConfig.firebase);
    const instance = initialize(authModule, app);
    if (publicConfig.authEmulatorHost) {
      authModule.connectAuthEmulator(instance, `http://${publicConfig.authEmulatorHost}`, {
        disableWarnings: true,
      });
    }
    return instance;
  })();
  // A failed load (offline, blocked) is not kept: the next call tries again.
  auth.catch(() => {
    auth = undefined;
  });
  return auth;
}

/**
 * The Auth instance as getAuth makes it, minus the popup helper: on phones getAuth would load
 * Google's script loader (apis.google.com) on every sign-in page in case a popup follows. Only the
 * Google button needs it, and passes it itself (popupResolver).
 */
function initialize(authModule: typeof import('firebase/auth'), app: FirebaseApp): Auth {
  try {
    return authModule.initializeAuth(app, {
      persistence: [
        authModule.indexedDBLocalPersistence,
        authModule.browserLocalPersistence,
        authModule.browserSessionPersistence,
      ],
    });
  } catch {
    // Already made for this app (a second load of this module): the same instance.
    return authModule.getAuth(app);
  }
}

export async function authModule() {
  return import('firebase/auth');
}
