import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/client.server';
import {
  books,
  children,
  plans,
  readingLogs,
  subscriptions,
  users,
  weeklyPlans,
} from '../../src/platform/db/schema.server';
import type { ReadingLevel } from '../../src/platform/domain';

// Families and programs written straight to the database, for the plan tests that need no sign-in.

const WEEK = 7 * 86_400_000;

/** A new family's child (the parent has no sign-in account). */
export async function childOfNewFamily(db: Db, name: string, level: ReadingLevel, interests: string[]) {
  const [user] = await db
    .insert(users)
    .values({
      firebaseUid: randomUUID(),
      email: `${randomUUID()}@example.com`,
      displayName: `Parent of ${name}`,
      privacyConsentAt: new Date(),
    })
    .returning();
  if (!user) throw new Error('no parent');
  const [child] = await db
    .insert(children)
    .values({ userId: user.id, firstName: name, ageBand: '8-10', readingLevel: level, interests })
    .returning();
  if (!child) throw new Error('no child');
  return child;
}

/** A program of its own for the child, `weeks` long from `startsAt`. */
export async function programFor(
  db: Db,
  childId: string,
  {
    startsAt,
    weeks = 4,
    status = 'active',
  }: { startsAt: Date; weeks?: number; status?: 'active' | 'cancelled' },
) {
  const [plan] = await db
    .insert(plans)
    .values({ name: `Program ${randomUUID().slice(0, 6)}`, durationMonths: 1, priceCents: 4900 })
    .returning();
  if (!plan) throw new Error('no plan');
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      childId,
      planId: plan.id,
      status,
      startsAt,
      endsAt: new Date(startsAt.getTime() + weeks * WEEK),
    })
    .returning();
  if (!subscription) throw new Error('no subscription');
  return subscription;
}

type CatalogueBook = readonly [title: string, author: string, level: ReadingLevel, topics: readonly string[]];

/** Five branch books about space and animals: the catalogue the plan tests start from. */
export const BRANCH_BOOKS: readonly CatalogueBook[] = [
  ['Stars Above', 'Ana Ruiz', 'branch', ['space']],
  ['Moon Camp', 'Ana Ruiz', 'branch', ['space', 'camping']],
  ['Rocket Girl', 'Ben Ode', 'branch', ['space', 'engineering']],
  ['Fox at Dusk', 'Cy Lam', 'branch', ['animals']],
  ['Owl Street', 'Di Park', 'branch', ['animals', 'city']],
];

/** Books written straight to the catalogue, each [title, author, level, topics]; answers their ids by title. */
export async function addBooks(db: Db, catalogue: readonly CatalogueBook[]) {
  const ids: Record<string, string> = {};
  for (const [title, author, readingLevel, topics] of catalogue) {
    const [row] = await db
      .insert(books)
      .values({ title, author, readingLevel, topics: [...topics] })
      .returning();
    if (!row) throw new Error('no book');
    ids[title] = row.id;
  }
  return ids;
}

/** The child read the catalogue book for half an hour on 1 October 2026, and gave it five stars. */
export const ratedFiveStars = (db: Db, childId: string, bookId: string | undefined, title: string) =>
  db.insert(readingLogs).values({ childId, bookId, title, readOn: '2026-10-01', minutes: 30, rating: 5 });

/** The week of the child's program under way, as the plan job writes it (no books): its id. */
export async function weekUnderWay(db: Db, childId: string, level: ReadingLevel = 'sapling') {
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.childId, childId));
  const [week] = await db
    .insert(weeklyPlans)
    .values({
      childId,
      subscriptionId: String(subscription?.id),
      weekIndex: 0,
      startsAt: new Date(Date.now() - 3_600_000),
      endsAt: new Date(Date.now() + 6 * 86_400_000),
      readingLevel: level,
      goalMinutes: 60,
      sessionMinutes: [15, 15, 15, 15, 0, 0, 0],
    })
    .returning();
  return String(week?.id);
}
