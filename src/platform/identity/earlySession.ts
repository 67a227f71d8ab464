import { prefetch } from '~/platform/client/prefetch';
import { publicConfig } from '~/platform/publicConfig';
import { makeAuth } from './firebaseSession';
import { storedActiveChildId } from './user';

// Runs from the head of every signed-in page (ProtectedLayout), before React and the islands:
// the session is restored while they download, and the page's own data is asked for as soon as an
// ID token exists (decision 35). Nothing here decides who may see what: the guard and the API do.

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * The API address a page asks for first, exactly as its island's call writes it (same path, same
 * query in the same order), or null for a page whose first request is not known from its address.
 * `activeChildId` is the child the notifications page shows.
 */
export function firstDataPath(
  pathname: string,
  search: string,
  today: string,
  activeChildId: string | undefined,
): string | null {
  if (/^\/notification\/?$/.test(pathname))
    return activeChildId ? `/api/children/${encodeURIComponent(activeChildId)}/notifications` : null;
  const id = new RegExp(`^/(reading-plan|book-history|reading-wall)/(${UUID})/?$`, 'i').exec(pathname);
  if (!id) return null;
  const [, page, childId] = id;
  const query = new URLSearchParams({ today });
  if (page === 'reading-plan') {
    const plan = new URLSearchParams(search).get('plan');
    if (plan && new RegExp(`^${UUID}$`, 'i').test(plan)) query.set('plan', plan);
    return `/api/children/${childId}/plan?${query}`;
  }
  if (page === 'book-history') return `/api/children/${childId}/reading?${query}`;
  return `/api/children/${childId}/wall`;
}

/**
 * Today on the device's clock as platform/days' localDay writes it (the islands' `today`), written
 * again here: importing that module would tie this script to a layer loaded after React.
 */
export function deviceDay(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Restores the session now; once a token exists, sends the account check (login/register, as the
 * family store sends it) and the page's first data request.
 */
export function startEarlySession(): void {
  const auth = makeAuth(publicConfig.firebase, publicConfig.authEmulatorHost);
  const path = firstDataPath(
    location.pathname,
    location.search,
    deviceDay(),
    storedActiveChildId(localStorage),
  );
  void auth
    .authStateReady()
    .then(async () => {
      const user = auth.currentUser;
      if (!user) return;
      const token = await user.getIdToken();
      prefetch(`${publicConfig.apiBase}/api/user/loginRegister`, token, {
        uid: user.uid,
        email: user.email,
        displayName: user.displayName,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      });
      if (path) prefetch(`${publicConfig.apiBase}${path}`, token);
    })
    .catch(() => {});
}
