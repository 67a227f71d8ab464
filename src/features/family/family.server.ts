import { and, eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { releaseAuthorPictures } from '~/features/blogs/blogImages.server';
import type { Db } from '~/platform/db/client.server';
import { onlyRow } from '~/platform/db/client.server';
import { blogs, children, inquiries, users } from '~/platform/db/schema.server';
import { uniqueViolation } from '~/platform/db/violations';
import { conflict } from '~/platform/errors';
import { findUserByFirebaseUid, type UserRow } from '~/platform/identity/accounts.server';
import { removeFilesNow, scheduleFileDeletions } from '~/platform/storage/fileDeletions.server';
import type { Storage as MediaStorage } from '~/platform/storage/storage';
import { isTimeZone } from '~/platform/weeklySlots';
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

/**
 * Keeps the family's time zone as their browser says it (a zone the server does not know is left
 * out): the email written to them gives days and times on their clock.
 */
export async function keepTimeZone(db: Db, user: UserRow, timeZone: string | undefined): Promise<UserRow> {
  if (!timeZone || timeZone === user.timeZone || !isTimeZone(timeZone)) return user;
  await db.update(users).set({ timeZone }).where(eq(users.id, user.id));
  return { ...user, timeZone };
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
export const contactMessagesOf = (provenEmail: string | null) =>
  provenEmail ? sql`lower(${inquiries.email}) = ${provenEmail.toLowerCase()}` : sql`false`;

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
