import type { Auth } from 'firebase/auth';
import { publicConfig } from '~/platform/publicConfig';

type SessionModule = typeof import('./firebaseSession');

let provided: SessionModule | undefined;
let auth: Promise<Auth> | undefined;

/**
 * Signed-in pages hand over the session module they import with the page (RouteGuard), so it
 * arrives with the page's other scripts instead of after them (decision 35); elsewhere it is
 * loaded the first time it is needed.
 */
export function provideSessionModule(module: SessionModule): void {
  provided ??= module;
}

/** What restores and follows the session, signs out and gives tokens: small, loaded when needed. */
export function sessionModule(): Promise<SessionModule> {
  return provided ? Promise.resolve(provided) : import('./firebaseSession');
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
