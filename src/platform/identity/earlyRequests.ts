import { prefetch } from '~/platform/client/prefetch';
import { readTokenHint, type SignedInUser } from './tokenHint';
import { storedActiveChildId } from './user';

// The first requests of a signed-in page, sent from its head before React and the islands
// (decision 35): the account check and the page's own data. This module loads nothing of the
// identity service: the page's head runs it inline (earlyRequests.inline.ts) while the HTML is
// read, so the requests leave with the last page's token before any script file has arrived.
// Nothing here decides who may see what: the guard and the API do.

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

/** The device's time zone, as the account check sends it. */
export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Sends the page's first data request and the account check (login/register, as the family store
 * sends it) as `user`, in that order. The check's time zone is the one kept with the token when
 * there is one: asking the browser wakes its date library, which costs a slow phone 50 to 300 ms
 * on the way to the page's first paint. The same request already on its way is not sent twice.
 */
export function sendFirstRequests(user: SignedInUser, apiBase: string): void {
  const path = firstDataPath(
    location.pathname,
    location.search,
    deviceDay(),
    storedActiveChildId(localStorage),
  );
  if (path) prefetch(`${apiBase}${path}`, user.token);
  prefetch(`${apiBase}/api/user/loginRegister`, user.token, {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    timeZone: user.timeZone ?? deviceTimeZone(),
  });
}

/** With a valid token kept by the last page for the account the device knows, sends them now. */
export function sendWithTokenHint(apiBase: string): void {
  const user = readTokenHint(localStorage, Date.now());
  if (user) sendFirstRequests(user, apiBase);
}
