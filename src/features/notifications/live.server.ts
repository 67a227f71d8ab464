import { createHash } from 'node:crypto';
import type { Db } from '~/platform/db/client.server';
import { unavailable } from '~/platform/errors';
import type { Live } from '~/platform/live/live.server';
import { unreadCount } from './notifications.server';

/** The database's channel: the trigger of migration 0034 says a family's user id on it. */
export const FAMILY_NOTIFICATIONS = 'family_notifications';

type Unread = { userId: string } & Awaited<ReturnType<typeof unreadCount>>;

/** The unread answer's validator: whose count, how many, the newest (never one family's for another's). */
export const unreadEtag = (unread: Unread) =>
  `W/"${createHash('sha256')
    .update(`${unread.userId}|${unread.notificationCount}|${unread.latestAt ?? ''}`)
    .digest('base64url')
    .slice(0, 22)}"`;

/**
 * The navbar's count, live (decision 36): a page holds a stream on one copy; a change on any copy
 * reaches the database's channel, every copy hears it, and the copy holding that family's streams
 * counts again once and tells them. This copy listens from its first stream on.
 */
export function liveUnreadCounts(db: Db, live: Live) {
  const { streams } = live;
  let listening: Promise<unknown> | undefined;
  const counting = new Map<string, { again: boolean }>();

  const tell = async (userId: string) => {
    const running = counting.get(userId);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: true };
    counting.set(userId, state);
    try {
      while (state.again && streams.has(userId)) {
        state.again = false;
        const data: Unread = { userId, ...(await unreadCount(db, userId)) };
        streams.send(userId, { event: 'unread', data });
      }
    } catch {
      // The database out of reach: the page's stream stays, and the next change tells it.
    } finally {
      counting.delete(userId);
    }
  };

  const listen = () => {
    listening ??= live
      .listen(FAMILY_NOTIFICATIONS, {
        message: (userId) => void (streams.has(userId) && tell(userId)),
        // What was said while the listener was away is lost: every family here hears again.
        reconnected: () => void Promise.all(streams.keys().map(tell)),
      })
      .catch((error: unknown) => {
        listening = undefined;
        throw error;
      });
    return listening;
  };

  return {
    /** A family's stream, starting with its count now. */
    async open(userId: string): Promise<Response> {
      if (!streams.accepting) throw unavailable('This server is restarting; the page will reconnect.', 1);
      // Without a listener a stream would never hear of a change: the page polls meanwhile.
      await listen().catch(() => {
        throw unavailable('Live updates are out of reach for now; the count is checked every 20 seconds.', 5);
      });
      const first: Unread = { userId, ...(await unreadCount(db, userId)) };
      return streams.open(userId, { event: 'unread', data: first });
    },
  };
}
