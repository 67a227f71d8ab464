import { and, eq, sql } from 'drizzle-orm';
import { recordAudit } from '~/platform/admin/audit.server';
import type { Db } from '~/platform/db/client.server';
import { children, users } from '~/platform/db/schema.server';
import { notFound } from '~/platform/errors';
import type { Identity } from './identity.server';

// Who is asking and which children are theirs: every feature's routes check this first.

export type UserRow = typeof users.$inferSelect;
export type ChildRow = typeof children.$inferSelect;

export async function findUserByFirebaseUid(db: Db, firebaseUid: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.firebaseUid, firebaseUid)).limit(1);
  return user;
}

/** A child of this family, or undefined: another family's child is indistinguishable from none. */
export async function findOwnChild(db: Db, userId: string, childId: string): Promise<ChildRow | undefined> {
  const [child] = await db
    .select()
    .from(children)
    .where(and(eq(children.id, childId), eq(children.userId, userId)))
    .limit(1);
  return child;
}

/** A child of this family, or the 404 the API answers for anyone else's (it reveals nothing). */
export async function ownChildOr404(db: Db, userId: string, childId: string): Promise<ChildRow> {
  const child = await findOwnChild(db, userId, childId);
  if (!child) throw notFound('That child');
  return child;
}

/**
 * The address the sign-in proves is the family's: the token's own email, verified by the identity
 * service, and the one the account holds. Data that carries only an address (contact messages)
 * follows this, never an address typed into a form or left in the row by an earlier sign-in.
 */
export function provenEmailOf(
  identity: Pick<Identity, 'email' | 'emailVerified'>,
  user: Pick<UserRow, 'email'>,
): string | null {
  const email = identity.email?.toLowerCase();
  return identity.emailVerified && email && email === user.email.toLowerCase() ? email : null;
}

/**
 * Keeps the account's address in step with its sign-in's: when the person changed it at the
 * identity service (verify-and-change-email), the row takes the new one on their next request,
 * once, and the team sees the change in the audit log. Answers the account as it now is.
 */
export async function followSignInEmail(db: Db, user: UserRow, signInEmail: string): Promise<UserRow> {
  const email = signInEmail.toLowerCase();
  if (email === user.email.toLowerCase()) return user;
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(users)
      .set({ email, updatedAt: sql`now()` })
      .where(and(eq(users.id, user.id), eq(users.email, user.email)))
      .returning();
    // Another request of the same sign-in made the change first.
    if (!changed) return (await findUserByFirebaseUid(tx, user.firebaseUid)) ?? user;
    await recordAudit(tx, user.id, 'user.email_change', user.id, { from: user.email, to: email });
    return changed;
  });
}
