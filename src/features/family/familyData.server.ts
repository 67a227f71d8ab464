import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import {
  blogs,
  children,
  eventRegistrations,
  events,
  inquiries,
  interviewBookings,
  notifications,
  orders,
  readingLogs,
  recordings,
  subscriptions,
  users,
} from '~/platform/db/schema.server';
import type { Storage as MediaStorage } from '~/platform/storage/storage';
import type { ChildInput } from './children.schema';
import type { UserRow } from './family.server';

// ---------------------------------------------------------------- notifications

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
    notifications: page.map((n) => ({
      _id: n.id,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      read: n.readAt !== null,
      createdAt: n.createdAt.toISOString(),
    })),
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

// ---------------------------------------------------------------- editing

export async function updateParent(db: Db, userId: string, changes: { displayName: string }) {
  const [row] = await db
    .update(users)
    .set({ displayName: changes.displayName, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function updateChild(db: Db, userId: string, childId: string, input: ChildInput) {
  const [row] = await db
    .update(children)
    .set({
      firstName: input.firstName,
      birthYear: input.birthYear ?? null,
      ageBand: input.ageBand ?? null,
      readingLevel: input.readingLevel,
      interests: input.interests ?? [],
      updatedAt: sql`now()`,
    })
    .where(and(eq(children.id, childId), eq(children.userId, userId)))
    .returning();
  return row;
}

/**
 * Gives back the event seats the children hold (upcoming or past alike, so counts stay true) and
 * answers the stored recordings to remove once the database change has committed.
 */
async function releaseChildren(tx: Db, childIds: string[]): Promise<string[]> {
  if (childIds.length === 0) return [];
  await tx.execute(sql`
    update events e set seats_taken = greatest(0, e.seats_taken - r.n), updated_at = now()
    from (select event_id, count(*)::int as n from event_registrations
          where ${inArray(eventRegistrations.childId, childIds)} group by event_id) r
    where e.id = r.event_id`);
  const files = await tx
    .select({ path: recordings.audioPath })
    .from(recordings)
    .where(inArray(recordings.childId, childIds));
  return files.map((f) => f.path).filter((p): p is string => Boolean(p));
}

async function removeFiles(storage: MediaStorage, paths: string[]) {
  // After the commit: a file left behind is harmless to the family (nothing points at it), a
  // database row pointing at a missing file would not be.
  await Promise.all(paths.map((p) => storage.delete(p).catch(() => {})));
}

/**
 * Removes one child and everything about them: reading, recordings (files too), notifications, seats.
 * `alsoInTransaction` runs inside the same transaction once the child is gone (the admin console
 * writes its audit line there, so the deletion and its record commit together).
 */
export async function deleteChild(
  db: Db,
  storage: MediaStorage,
  userId: string,
  childId: string,
  alsoInTransaction?: (tx: Db) => Promise<void>,
) {
  const files = await db.transaction(async (tx) => {
    const [own] = await tx
      .select({ id: children.id })
      .from(children)
      .where(and(eq(children.id, childId), eq(children.userId, userId)))
      .for('update');
    if (!own) return null;
    const paths = await releaseChildren(tx as unknown as Db, [childId]);
    await tx.delete(children).where(eq(children.id, childId));
    await alsoInTransaction?.(tx as unknown as Db);
    return paths;
  });
  if (files === null) return false;
  await removeFiles(storage, files);
  return true;
}

// ---------------------------------------------------------------- export and deletion

/** Everything the product keeps about the family, as one JSON document (the privacy policy's promise). */
export async function exportFamily(db: Db, user: UserRow) {
  const kids = await db
    .select()
    .from(children)
    .where(eq(children.userId, user.id))
    .orderBy(children.createdAt);
  const ids = kids.map((c) => c.id);
  const ofChildren = <T>(query: (ids: string[]) => Promise<T[]>) =>
    ids.length ? query(ids) : Promise.resolve([]);
  const [logs, attempts, notes, registrations, subs, familyOrders, posts, messages, bookings] =
    await Promise.all([
      ofChildren((ids) => db.select().from(readingLogs).where(inArray(readingLogs.childId, ids))),
      ofChildren((ids) => db.select().from(recordings).where(inArray(recordings.childId, ids))),
      ofChildren((ids) => db.select().from(notifications).where(inArray(notifications.childId, ids))),
      ofChildren((ids) =>
        db
          .select({
            childId: eventRegistrations.childId,
            eventId: eventRegistrations.eventId,
            event: events.title,
            startsAt: events.startsAt,
            registeredAt: eventRegistrations.createdAt,
          })
          .from(eventRegistrations)
          .innerJoin(events, eq(events.id, eventRegistrations.eventId))
          .where(inArray(eventRegistrations.childId, ids)),
      ),
      ofChildren((ids) => db.select().from(subscriptions).where(inArray(subscriptions.childId, ids))),
      db.select().from(orders).where(eq(orders.userId, user.id)),
      db.select().from(blogs).where(eq(blogs.authorId, user.id)),
      db.select().from(inquiries).where(sql`lower(${inquiries.email}) = ${user.email.toLowerCase()}`),
      db.select().from(interviewBookings).where(eq(interviewBookings.userId, user.id)),
    ]);
  const byChild = <T extends { childId: string }>(rows: T[], childId: string) =>
    rows.filter((r) => r.childId === childId).map(({ childId: _c, ...rest }) => rest);
  return {
    exportedAt: new Date().toISOString(),
    about:
      'Everything Quill Reads keeps about your family. Read-aloud recordings are listed here; download each one from the profile page.',
    account: {
      id: user.id,
      email: user.email,
      displayName: user.displayName,
      role: user.role,
      privacyConsentAt: user.privacyConsentAt.toISOString(),
      createdAt: user.createdAt.toISOString(),
    },
    children: kids.map((c) => ({
      id: c.id,
      firstName: c.firstName,
      birthYear: c.birthYear,
      ageBand: c.ageBand,
      readingLevel: c.readingLevel,
      interests: c.interests,
      createdAt: c.createdAt.toISOString(),
      readingLog: byChild(logs, c.id),
      readAloudAttempts: byChild(attempts, c.id).map(({ audioPath, ...a }) => ({
        ...a,
        hasRecording: Boolean(audioPath),
      })),
      notifications: byChild(notes, c.id),
      eventRegistrations: byChild(registrations, c.id),
      subscriptions: byChild(subs, c.id),
    })),
    // Who in the team closed an order is the team's record; why it was closed is the family's to read.
    orders: familyOrders.map(({ closedBy: _by, ...order }) => order),
    blogPosts: posts.map((p) => ({
      id: p.id,
      title: p.title,
      status: p.status,
      contentHtml: p.contentHtml,
      createdAt: p.createdAt,
      publishedAt: p.publishedAt,
    })),
    contactMessages: messages.map((m) => ({
      subject: m.subject,
      message: m.message,
      createdAt: m.createdAt,
    })),
    interviewBookings: bookings,
  };
}

export type DeleteFamilyResult = { ok: true } | { ok: false; reason: 'last_admin' };

/**
 * Deletes the account and everything about the family: children (with their reading, recordings
 * and notifications), seats given back, orders, the family's blog posts, their contact messages.
 * The last administrator cannot delete themselves: the site would have nobody to run it.
 */
export async function deleteFamily(
  db: Db,
  storage: MediaStorage,
  user: UserRow,
): Promise<DeleteFamilyResult> {
  const files = await db.transaction(async (tx) => {
    if (user.role === 'admin') {
      // Every admin row locked, so two admins deleting themselves at once cannot both succeed.
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.disabled, false)))
        .for('update');
      if (admins.length <= 1) return null;
    }
    const kids = await tx.select({ id: children.id }).from(children).where(eq(children.userId, user.id));
    const paths = await releaseChildren(
      tx as unknown as Db,
      kids.map((k) => k.id),
    );
    await tx.delete(blogs).where(eq(blogs.authorId, user.id));
    await tx.delete(inquiries).where(sql`lower(${inquiries.email}) = ${user.email.toLowerCase()}`);
    // Children, reading logs, recordings, notifications, registrations, orders and bookings follow
    // by ON DELETE CASCADE; audit lines keep the action with no actor.
    await tx.delete(users).where(eq(users.id, user.id));
    return paths;
  });
  if (files === null) return { ok: false, reason: 'last_admin' };
  await removeFiles(storage, files);
  return { ok: true };
}
