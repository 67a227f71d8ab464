import { and, eq } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { children, users } from '~/platform/db/schema.server';
import { notFound } from '~/platform/errors';

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
