import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { UserDto } from '~/features/account/user.schema';
import { utcDay } from '~/features/reading/reading';
import { readingStats } from '~/features/reading/reading.server';
import type { Db } from '~/platform/db/client.server';
import { children, notifications, plans, subscriptions, users } from '~/platform/db/schema.server';
import { notFound } from '~/platform/http/errors';
import type { ChildDto, ChildInput } from './children.schema';

export type UserRow = typeof users.$inferSelect;
export type ChildRow = typeof children.$inferSelect;
type NotificationRow = typeof notifications.$inferSelect;

const RECENT_NOTIFICATIONS = 20;

export async function findUserByFirebaseUid(db: Db, firebaseUid: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.firebaseUid, firebaseUid)).limit(1);
  return user;
}

/** The unique constraint a database error broke, if that is what it was (Postgres code 23505). */
export function uniqueViolation(error: unknown): string | undefined {
  for (
    let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === '23505') return e.constraint ?? 'unknown';
  }
  return undefined;
}

export type CreateUserResult = { user: UserRow; created: boolean } | { conflict: 'email' };

/**
 * Creates the account, safely under races: a second registration for the same sign-in (a double
 * click) answers the account the first one created; another sign-in with the same email conflicts.
 */
export async function createUser(
  db: Db,
  input: { firebaseUid: string; email: string; displayName: string; role: UserRow['role'] },
): Promise<CreateUserResult> {
  try {
    const [user] = await db
      .insert(users)
      .values({ ...input, privacyConsentAt: new Date() })
      .returning();
    if (!user) throw new Error('insert returned no row');
    return { user, created: true };
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === 'users_firebase_uid_key' || constraint === 'users_email_key') {
      // The same sign-in registering twice at once may trip either index first (Postgres checks
      // them in no promised order): if the account that won is this sign-in's, it is the answer.
      const existing = await findUserByFirebaseUid(db, input.firebaseUid);
      if (existing) return { user: existing, created: false };
    }
    if (constraint === 'users_email_key') return { conflict: 'email' };
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

export async function listChildren(db: Db, userId: string): Promise<ChildRow[]> {
  return db.select().from(children).where(eq(children.userId, userId)).orderBy(children.createdAt);
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

export async function countChildren(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(children)
    .where(eq(children.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * Adds a child unless the family already has `limit`: the family's row is locked while counting,
 * so two requests at the same moment cannot both take the last place.
 */
export async function createChildWithinLimit(
  db: Db,
  userId: string,
  input: ChildInput,
  limit: number,
): Promise<ChildRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from users where id = ${userId} for update`);
    if ((await countChildren(tx as unknown as Db, userId)) >= limit) return undefined;
    return createChild(tx as unknown as Db, userId, input);
  });
}

export async function createChild(db: Db, userId: string, input: ChildInput): Promise<ChildRow> {
  const [child] = await db
    .insert(children)
    .values({
      userId,
      firstName: input.firstName,
      birthYear: input.birthYear ?? null,
      ageBand: input.ageBand ?? null,
      readingLevel: input.readingLevel,
      interests: input.interests ?? [],
    })
    .returning();
  if (!child) throw new Error('insert returned no row');
  return child;
}

async function recentNotifications(db: Db, childIds: string[]): Promise<Map<string, NotificationRow[]>> {
  const byChild = new Map<string, NotificationRow[]>();
  if (childIds.length === 0) return byChild;
  const rows = await db
    .select()
    .from(notifications)
    .where(inArray(notifications.childId, childIds))
    .orderBy(desc(notifications.createdAt))
    .limit(RECENT_NOTIFICATIONS * childIds.length);
  for (const row of rows) {
    const list = byChild.get(row.childId) ?? [];
    if (list.length < RECENT_NOTIFICATIONS) list.push(row);
    byChild.set(row.childId, list);
  }
  return byChild;
}

type ReadingStats = { readingThisWeek: number; streakDays: number };

type ActiveSubscription = { planName: string; endsAt: string };

/** Each child's current program: the active subscription that ends last. */
async function activeSubscriptions(db: Db, childIds: string[]): Promise<Map<string, ActiveSubscription>> {
  const found = new Map<string, ActiveSubscription>();
  if (childIds.length === 0) return found;
  const rows = await db
    .select({ childId: subscriptions.childId, planName: plans.name, endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        inArray(subscriptions.childId, childIds),
        eq(subscriptions.status, 'active'),
        sql`${subscriptions.endsAt} > now()`,
      ),
    )
    .orderBy(desc(subscriptions.endsAt));
  for (const row of rows) {
    if (!found.has(row.childId))
      found.set(row.childId, { planName: row.planName, endsAt: row.endsAt.toISOString() });
  }
  return found;
}

function childDto(
  child: ChildRow,
  notes: NotificationRow[],
  reading: ReadingStats | undefined,
  subscription: ActiveSubscription | undefined,
): ChildDto {
  return {
    _id: child.id,
    name: child.firstName,
    birthYear: child.birthYear,
    ageBand: child.ageBand,
    readingLevel: child.readingLevel,
    interests: child.interests,
    notifications: notes.map((n) => ({
      _id: n.id,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link,
      read: n.readAt !== null,
      createdAt: n.createdAt.toISOString(),
    })),
    readingThisWeek: reading?.readingThisWeek ?? 0,
    streakDays: reading?.streakDays ?? 0,
    subscription: subscription ?? null,
  };
}

/** The children as the API answers them; a few queries for the whole family, whatever its size. */
export async function childrenDtos(db: Db, rows: ChildRow[]): Promise<ChildDto[]> {
  const ids = rows.map((c) => c.id);
  // "This week" and "today" by the server's UTC date: the cards are a glance, the log page is exact.
  const [notes, reading, programs] = await Promise.all([
    recentNotifications(db, ids),
    readingStats(db, ids, utcDay(new Date())),
    activeSubscriptions(db, ids),
  ]);
  return rows.map((c) => childDto(c, notes.get(c.id) ?? [], reading.get(c.id), programs.get(c.id)));
}

/** The user as the login/register call answers it: with the children list. */
export async function userDto(db: Db, user: UserRow): Promise<UserDto> {
  return {
    _id: user.id,
    email: user.email,
    displayName: user.displayName,
    role: user.role,
    children: await childrenDtos(db, await listChildren(db, user.id)),
  };
}
