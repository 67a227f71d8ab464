/** One user's unread notification count, as the navigation bar keeps it. */
export interface NotificationCountEntry {
  userId: string;
  notificationCount: number;
}

export function newNotificationCountEntry(
  partial: Partial<NotificationCountEntry> = {},
): NotificationCountEntry {
  return { userId: partial.userId ?? '', notificationCount: partial.notificationCount ?? 0 };
}

/** Sets a user's count: adds an entry when the user has none, otherwise replaces it. */
export function setCount(
  entries: readonly NotificationCountEntry[],
  userId: string,
  notificationCount: number,
): NotificationCountEntry[] {
  const entry = newNotificationCountEntry({ userId, notificationCount });
  const at = entries.findIndex((e) => e.userId === userId);
  if (at === -1) return [...entries, entry];
  return entries.map((e, i) => (i === at ? entry : e));
}

/** Adds one to a user's count; a user with no entry starts at 1. */
export function incrementCount(
  entries: readonly NotificationCountEntry[],
  userId: string,
): NotificationCountEntry[] {
  const current = entries.find((e) => e.userId === userId);
  return setCount(entries, userId, (current?.notificationCount ?? 0) + 1);
}

export function countFor(entries: readonly NotificationCountEntry[], userId: string): number {
  return entries.find((e) => e.userId === userId)?.notificationCount ?? 0;
}
