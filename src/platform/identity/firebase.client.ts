import type { Auth } from 'firebase/auth';
import { afterEarlyReads } from '~/platform/client/prefetch';
import { publicConfig } from '~/platform/publicConfig';

type SessionModule = typeof import('./firebaseSession');

let auth: Promise<Auth> | undefined;
let session: Promise<SessionModule> | undefined;

/**
 * What restores and follows the session, signs out and gives tokens, loaded the first time it is
 * needed. A signed-in page's HTML preloads it; it runs once the data the page asked for early is
 * drawn (decision 35), at once on any other page.
 */
export function sessionModule(): Promise<SessionModule> {
  session ??= afterEarlyReads().then(() => import('./firebaseSession'));
  // A failed load (offline, blocked) is not kept: the next call tries again.
  session.catch(() => {
    session = undefined;
  });
  return session;
}

/**
 * The Firebase Auth client, loaded the first time a page needs it (sign-in pages and protected
 * pages), so public pages never download the SDK.
 */
export function getFirebaseAuth(): Promise<Auth> {
  auth ??= sessionModule().then((session) =>
    session.makeAuth(publicConfig.firebase, publicConfig.authEmulatorHost),
  );
  // A failed load (offline, blocked) is not kept: the next call tries again.
  auth.catch(() => {
    auth = undefined;
  });
  return auth;
}

/** What the forms need (signing in, signing up, re-entering a password): they load it when used. */
export async function authModule() {
  return import('./firebaseForms');
}
