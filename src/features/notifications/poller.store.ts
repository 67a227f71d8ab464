import { call, lazyContracts } from '~/platform/client/api';
import { currentIdToken } from '~/platform/identity/identity.client';
import { $latestNotificationAt, setNotificationCount } from './counts.store';

/**
 * The notifications' contracts, loaded with the first call (the count's, or the page's): pages draw
 * without zod, and the last visit's copy before it runs (decision 35).
 */
export const notificationContracts = lazyContracts(() =>
  import('./notifications.api').then((m) => m.notificationsApi),
);

/**
 * How often a signed-in page asks for the unread count. Polling rather than server-sent events:
 * the answer is one indexed count, any server copy can give it with no shared fan-out (no
 * Postgres LISTEN or Redis), and it pauses while the tab is hidden (docs/decisions/0012).
 */
const POLL_INTERVAL_MS = 20_000;

let running = 0;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Asks for the unread count now, e.g. after something that leaves the family a notification. */
export async function poll() {
  try {
    const token = await currentIdToken();
    if (!token) return;
    const unread = await call((await notificationContracts()).unread, { token });
    setNotificationCount(unread.userId, unread.notificationCount);
    if (unread.latestAt !== $latestNotificationAt.get()) $latestNotificationAt.set(unread.latestAt);
  } catch {
    // Offline or signed out meanwhile: the next round tries again.
  }
}

function schedule() {
  clearTimeout(timer);
  if (running === 0 || document.visibilityState === 'hidden') return;
  timer = setTimeout(async () => {
    await poll();
    schedule();
  }, POLL_INTERVAL_MS);
}

function onVisible() {
  if (document.visibilityState === 'visible') {
    void poll();
    schedule();
  } else clearTimeout(timer);
}

/** Starts keeping the count current (now, every 20 s while visible, on return); answers a stop. */
export function startNotificationPolling(): () => void {
  running++;
  if (running === 1) {
    document.addEventListener('visibilitychange', onVisible);
    void poll();
    schedule();
  }
  return () => {
    running = Math.max(0, running - 1);
    if (running === 0) {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    }
  };
}

/** Asks now (after marking notifications read, say). */
export function refreshNotificationCount(): Promise<void> {
  return poll();
}
