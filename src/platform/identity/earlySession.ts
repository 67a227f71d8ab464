import type { User } from 'firebase/auth';
import { publicConfig } from '~/platform/publicConfig';
import { sendFirstRequests } from './earlyRequests';
import { makeAuth, onIdTokenChanged } from './firebaseSession';
import { forgetTokenHint, keepTokenHint, type SignedInUser } from './tokenHint';

// Runs from the head of every signed-in page (ProtectedLayout), after earlyRequests and before
// React and the islands: the session is restored while they download, the account's token is kept
// for the next page, and the first requests leave as soon as a token exists if the last page's
// token could not send them (decision 35).

/** The user as the first requests and the next page need them: who they are and their token. */
async function signedInUser(user: User): Promise<SignedInUser> {
  return { uid: user.uid, email: user.email, displayName: user.displayName, token: await user.getIdToken() };
}

/**
 * Restores the session now; keeps each new token for the next page; once a token exists, sends
 * the first requests (those the last page's token sent already are not sent again).
 */
export function startEarlySession(): void {
  const auth = makeAuth(publicConfig.firebase, publicConfig.authEmulatorHost);
  onIdTokenChanged(auth, (user) => {
    if (!user) forgetTokenHint(localStorage);
    else
      void signedInUser(user).then(
        (signedIn) => keepTokenHint(localStorage, signedIn),
        () => {},
      );
  });
  void auth
    .authStateReady()
    .then(async () => {
      if (auth.currentUser) sendFirstRequests(await signedInUser(auth.currentUser), publicConfig.apiBase);
    })
    .catch(() => {});
}
