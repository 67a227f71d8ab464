import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { children, notifications } from '~/platform/db/schema.server';
import type { TimeStyle } from '~/platform/time';
import type { Notification } from './notifications.schema';

/** A database or a transaction: notifications are written in the same transaction as their cause. */
type Writer = Pick<Db, 'insert'>;

interface NewNotification {
  /** What caused it: blog, event, milestone, payment, interview... */
  kind: string;
  title: string;
  body?: string;
  /**
   * The moments the title or body names as `{name}`: stored as instants and written for each
   * reader in their own zone and language (never in the team's).
   */
  times?: Record<string, { at: Date; end?: Date | undefined; style: TimeStyle }>;
  /** A page of the site the notification leads to (a path, never an outside address). */
  link?: string | null;
}

/** Notifications are kept per child; the family's count is the sum over its children. */
type NotificationRow = typeof notifications.$inferSelect;

/** A notification as the family's pages show it. */
export function notificationDto(n: NotificationRow): Notification {
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    times: n.times,
    link: n.link,
    read: n.readAt !== null,
    createdAt: n.createdAt.toISOString(),
  };
}

export async function notifyChild(db: Writer, childId: string, note: NewNotification) {
  if (note.link && !note.link.startsWith('/')) throw new Error('notification links are site paths');
  await db.insert(notifications).values({
    childId,
    kind: note.kind,
    title: note.title.slice(0, 200),
    body: (note.body ?? '').slice(0, 1000),
    times: Object.fromEntries(
      Object.entries(note.times ?? {}).map(([name, t]) => [
        name,
        { at: t.at.toISOString(), ...(t.end ? { end: t.end.toISOString() } : {}), style: t.style },
      ]),
    ),
    link: note.link ?? null,
    createdAt: nextNotificationTime(childId),
  });
}

/**
 * A new notification's time: strictly after the child's latest one, since clocks that tick in
 * milliseconds (PGlite) would otherwise give two quick notifications one time, and "newest first" a
 * coin toss. Notifications written by one statement (which cannot see each other's rows) pass
 * `order` 0, 1, 2... to keep their order.
 */
export const nextNotificationTime = (childId: string | SQL, order = 0) =>
  sql`greatest(now(), (select max(n.created_at) + interval '1 millisecond' from notifications n where n.child_id = ${childId}))
      + ${`${order} milliseconds`}::interval`;

/** Unread notifications over all the family's children: what the navbar counts. */
export async function unreadCount(db: Db, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`, latest: sql<string | null>`max(${notifications.createdAt})` })
    .from(notifications)
    .innerJoin(children, eq(children.id, notifications.childId))
    .where(and(eq(children.userId, userId), isNull(notifications.readAt)));
  return {
    notificationCount: Number(row?.n ?? 0),
    latestAt: row?.latest ? new Date(row.latest).toISOString() : null,
  };
}

/**
 * One child's notifications, newest first, a page at a time. The cursor is the last id shown: the
 * database compares against that row's exact time, never a rounded copy.
 */
export async function listNotifications(
  db: Db,
  childId: string,
  options: { before?: string | undefined; limit: number },
) {
  const { before, limit } = options;
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.childId, childId),
        before
          ? sql`(${notifications.createdAt}, ${notifications.id}) <
                (select n.created_at, n.id from notifications n where n.id = ${before} and n.child_id = ${childId})`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const [unread] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.childId, childId), isNull(notifications.readAt)));
  return {
    notifications: page.map(notificationDto),
    unread: Number(unread?.n ?? 0),
    next: rows.length > limit && last ? last.id : null,
  };
}

/** Marks one notification (or, without an id, all of them) of the child as read. */
export async function markRead(db: Db, childId: string, notificationId?: string): Promise<number> {
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.childId, childId),
        isNull(notifications.readAt),
        notificationId ? eq(notifications.id, notificationId) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return marked.length;
}

export async function notificationBelongsTo(db: Db, childId: string, notificationId: string) {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, notificationId), eq(notifications.childId, childId)))
    .limit(1);
  return row !== undefined;
}
