import { atom } from 'nanostores';
import { jsonDecoder, persistentAtom } from '~/platform/client/persistent';
import { $session } from '~/platform/identity/session.store';
import { incrementCount, type NotificationCountEntry, setCount } from './counts';

function parseCounts(data: unknown): NotificationCountEntry[] | undefined {
  if (!Array.isArray(data) || data.length > 20) return undefined;
  const ok = data.every(
    (e) =>
      typeof e === 'object' &&
      e !== null &&
      typeof e.userId === 'string' &&
      e.userId.length <= 128 &&
      Number.isInteger(e.notificationCount) &&
      e.notificationCount >= 0,
  );
  return ok ? data.map((e) => ({ userId: e.userId, notificationCount: e.notificationCount })) : undefined;
}

/**
 * Unread notification counts, one entry per user. Kept on the device so public pages (which never
 * load the identity service) show the last count known; signed-in pages keep it current.
 */
export const $notificationCounts = persistentAtom<NotificationCountEntry[]>('qr:notificationCounts', [], {
  storage: 'local',
  decode: jsonDecoder(parseCounts),
  clearedAtSignOut: true,
});

/** When the newest unread notification arrived, as last seen: lists refetch when it changes. */
export const $latestNotificationAt = atom<string | null>(null);

export function setNotificationCount(userId: string, notificationCount: number) {
  $notificationCounts.set(setCount($notificationCounts.get(), userId, notificationCount));
}

export function incrementNotificationCount(userId: string) {
  $notificationCounts.set(incrementCount($notificationCounts.get(), userId));
}

// Signing out forgets the counts with the rest of the family's data.
$session.listen((session) => {
  if (session.status === 'signed-out' && $notificationCounts.get().length > 0) $notificationCounts.set([]);
});
