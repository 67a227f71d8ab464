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
    const instance = authModule.getAuth(app);
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

export async function authModule() {
  return import('firebase/auth');
}
