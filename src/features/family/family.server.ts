import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { releaseAuthorPictures } from '~/features/blogs/blogImages.server';
import type { Db } from '~/platform/db/client.server';
import { onlyRow } from '~/platform/db/client.server';
import { uniqueViolation } from '~/platform/db/violations';
import {
  blogs,
  calendarFeeds,
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
  weeklyPlanBooks,
  weeklyPlans,
} from '~/platform/db/schema.server';
import { conflict } from '~/platform/errors';
import { findUserByFirebaseUid, type UserRow } from '~/platform/identity/accounts.server';
import { removeFilesNow, scheduleFileDeletions } from '~/platform/storage/fileDeletions.server';
import type { Storage as MediaStorage } from '~/platform/storage/storage';
import { pseudonymiseAudit } from './auditPseudonym.server';
import { childrenDtos, listChildren, releaseChildren } from './children.server';
import type { UserDto } from './user.schema';

/**
 * Creates the account, safely under races: a second registration for the same sign-in (a double
 * click) answers the account the first one created. (Which addresses may register is the sign-in's
 * rule, signIn.server.ts: the identity service holds each address once.)
 */
export async function createUser(
  db: Db,
  input: { firebaseUid: string; email: string; displayName: string; role: UserRow['role'] },
): Promise<{ user: UserRow; created: boolean }> {
  try {
    const user = onlyRow(
      await db
        .insert(users)
        .values({ ...input, privacyConsentAt: new Date() })
        .returning(),
    );
    return { user, created: true };
  } catch (error) {
    if (uniqueViolation(error) === 'users_firebase_uid_key') {
      // The same sign-in registering twice at once: the account that won is the answer.
      const existing = await findUserByFirebaseUid(db, input.firebaseUid);
      if (existing) return { user: existing, created: false };
    }
    throw error;
  }
}

export async function emailInUse(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row !== undefined;
}

/** The user as the login/register call answers it: with the children list. */
export async function userDto(db: Db, user: UserRow): Promise<UserDto> {
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    role: user.role,
    children: await childrenDtos(db, await listChildren(db, user.id)),
  };
}

export async function updateParent(db: Db, userId: string, changes: { displayName: string }) {
  const [row] = await db
    .update(users)
    .set({ displayName: changes.displayName, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/**
 * Contact messages carry only the address they were sent from, so they are the family's only when
 * the sign-in has proved that address is theirs: otherwise anyone who registered with another
 * person's address would read (and could delete) that person's messages.
 */
const contactMessagesOf = (provenEmail: string | null) =>
  provenEmail ? sql`lower(${inquiries.email}) = ${provenEmail.toLowerCase()}` : sql`false`;

/**
 * Everything the product keeps about the family, as one JSON document (the privacy policy's
 * promise). `provenEmail`: the address the sign-in proves is the parent's (provenEmailOf), if any.
 */
export async function exportFamily(db: Db, user: UserRow, { provenEmail }: { provenEmail: string | null }) {
  const kids = await db
    .select()
    .from(children)
    .where(eq(children.userId, user.id))
    .orderBy(children.createdAt);
  const ids = kids.map((c) => c.id);
  const ofChildren = <T>(query: (ids: string[]) => Promise<T[]>) =>
    ids.length ? query(ids) : Promise.resolve([]);
  const [
    logs,
    attempts,
    notes,
    registrations,
    subs,
    familyOrders,
    posts,
    messages,
    bookings,
    weekPlans,
    feed,
  ] = await Promise.all([
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
    db.select().from(inquiries).where(contactMessagesOf(provenEmail)),
    db.select().from(interviewBookings).where(eq(interviewBookings.userId, user.id)),
    ofChildren((ids) =>
      db
        .select({
          childId: weeklyPlans.childId,
          weekIndex: weeklyPlans.weekIndex,
          startsAt: weeklyPlans.startsAt,
          endsAt: weeklyPlans.endsAt,
          readingLevel: weeklyPlans.readingLevel,
          goalMinutes: weeklyPlans.goalMinutes,
          sessionMinutes: weeklyPlans.sessionMinutes,
          books: sql<{ title: string; author: string }[]>`coalesce((
              select json_agg(json_build_object('title', b.title, 'author', b.author) order by b.position)
              from ${weeklyPlanBooks} b where b.plan_id = ${weeklyPlans.id}), '[]'::json)`,
        })
        .from(weeklyPlans)
        .where(inArray(weeklyPlans.childId, ids))
        .orderBy(weeklyPlans.startsAt),
    ),
    db
      .select({ createdAt: calendarFeeds.createdAt })
      .from(calendarFeeds)
      .where(eq(calendarFeeds.userId, user.id)),
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
      placement: c.placementBasis ? { basis: c.placementBasis, placedAt: c.placedAt?.toISOString() } : null,
      createdAt: c.createdAt.toISOString(),
      readingLog: byChild(logs, c.id),
      readAloudAttempts: byChild(attempts, c.id).map(({ audioPath, ...a }) => ({
        ...a,
        hasRecording: Boolean(audioPath),
      })),
      notifications: byChild(notes, c.id),
      eventRegistrations: byChild(registrations, c.id),
      subscriptions: byChild(subs, c.id),
      weeklyPlans: byChild(weekPlans, c.id),
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
    ...(provenEmail
      ? {}
      : {
          contactMessagesNote:
            'Messages sent through the contact form are linked to your account only when your sign-in has confirmed your email address (signing in with Google does). Write to us through the contact page and we will send you yours.',
        }),
    contactMessages: messages.map((m) => ({
      subject: m.subject,
      message: m.message,
      createdAt: m.createdAt,
    })),
    interviewBookings: bookings,
    // The address itself is a secret that works without signing in: the export says only that one exists.
    calendarSubscription: feed[0] ? { createdAt: feed[0].createdAt } : null,
  };
}

/**
 * Deletes the account and everything about the family, all or nothing: children (with their
 * reading, recordings and notifications), seats given back, orders, the family's blog posts and
 * their pictures, their contact messages (by a verified email), their names in the audit log, and
 * last the sign-in account. Stored files go once the rows have, retried by a job until they do.
 * The last administrator cannot delete themselves: the site would have nobody to run it.
 */
export async function deleteFamily(
  db: Db,
  storage: MediaStorage,
  user: UserRow,
  options: {
    /** The address the sign-in proves is the parent's (provenEmailOf): their contact messages go too. */
    provenEmail: string | null;
    /** Removes the sign-in account; throwing undoes the whole deletion. */
    deleteSignIn: () => Promise<void>;
    logger?: Pick<Logger, 'warn'>;
  },
): Promise<void> {
  const files = await db.transaction(async (tx) => {
    if (user.role === 'admin') {
      // Every admin row locked, so two admins deleting themselves at once cannot both succeed.
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.disabled, false)))
        .for('update');
      if (admins.length <= 1) {
        throw conflict('You are the last administrator: make someone else an administrator first.');
      }
    }
    const kids = await tx.select({ id: children.id }).from(children).where(eq(children.userId, user.id));
    const recordingFiles = await releaseChildren(
      tx,
      kids.map((k) => k.id),
    );
    const posts = await tx
      .delete(blogs)
      .where(eq(blogs.authorId, user.id))
      .returning({ cover: blogs.coverPath });
    const pictures = await releaseAuthorPictures(
      tx,
      user.id,
      posts.map((p) => p.cover),
    );
    await tx.delete(inquiries).where(contactMessagesOf(options.provenEmail));
    await pseudonymiseAudit(tx, user);
    // Every file the family leaves is recorded for removal with the rows, so none is forgotten.
    const paths = [...recordingFiles, ...pictures];
    await scheduleFileDeletions(tx, paths);
    // Children, reading logs, recordings, notifications, registrations, orders and bookings follow
    // by ON DELETE CASCADE.
    await tx.delete(users).where(eq(users.id, user.id));
    // Last, while everything else can still be undone: a sign-in that could not be removed keeps
    // the family as it was, and the parent is told so (never "deleted" with a sign-in left).
    await options.deleteSignIn();
    return paths;
  });
  await removeFilesNow(db, storage, files, options.logger);
}
