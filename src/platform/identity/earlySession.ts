import type { User } from 'firebase/auth';
import { afterEarlyReads } from '~/platform/client/prefetch';
import { publicConfig } from '~/platform/publicConfig';
import { deviceTimeZone, sendFirstRequests } from './earlyRequests';
import { forgetTokenHint, keepTokenHint, type SignedInUser } from './tokenHint';

// Runs from the head of every signed-in page (ProtectedLayout), after earlyRequests and before
// React and the islands: the session is restored, the account's token is kept for the next page,
// and the first requests leave as soon as a token exists if the last page's token could not send
// them (decision 35). When it could, the identity service's code (the largest script of the page)
// runs once the page's data is drawn, not before it.

/** The user as the first requests and the next page need them: who they are, their token and time zone. */
async function signedInUser(user: User): Promise<SignedInUser> {
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    token: await user.getIdToken(),
    timeZone: deviceTimeZone(),
  };
}

/**
 * Restores the session (after the page's early reads, when there are some); keeps each new token
 * for the next page; once a token exists, sends the first requests (those the last page's token
 * sent already are not sent again).
 */
export async function startEarlySession(): Promise<void> {
  await afterEarlyReads();
  const { makeAuth, onIdTokenChanged } = await import('./firebaseSession');
  const auth = makeAuth(publicConfig.firebase, publicConfig.authEmulatorHost);
  onIdTokenChanged(auth, (user) => {
    if (!user) forgetTokenHint(localStorage);
    else
      void signedInUser(user).then(
        (signedIn) => keepTokenHint(localStorage, signedIn),
        () => {},
      );
  });
  await auth.authStateReady();
  if (auth.currentUser) sendFirstRequests(await signedInUser(auth.currentUser), publicConfig.apiBase);
}
