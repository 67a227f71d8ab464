import { atom } from 'nanostores';
import { incrementCount, type NotificationCountEntry, setCount } from '~/lib/notificationCounts';

/** Unread notification counts, one entry per user. */
export const $notificationCounts = atom<NotificationCountEntry[]>([]);

export function setNotificationCount(userId: string, notificationCount: number) {
  $notificationCounts.set(setCount($notificationCounts.get(), userId, notificationCount));
}

export function incrementNotificationCount(userId: string) {
  $notificationCounts.set(incrementCount($notificationCounts.get(), userId));
}
