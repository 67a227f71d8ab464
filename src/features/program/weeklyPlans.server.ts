import { and, desc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import {
  books,
  children,
  passages,
  readingLogs,
  subscriptions,
  weeklyPlanBooks,
  weeklyPlans,
} from '~/platform/db/schema.server';
import {
  buildRatingIndex,
  type CatalogueBook,
  type RatedRead,
  suggestBooks,
  VARIETY_WEEKS,
} from './recommender';
import { weeklyGoal } from './weeklyGoal';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

export type WeeklyPlanOutcome =
  | { status: 'created' | 'existing'; planId: string }
  /** Nothing to make: the subscription is gone (its child was deleted), no longer active
   * (refunded, cancelled), or the week is after its end. A job that gets one of these is done. */
  | { status: 'gone' | 'not-active' | 'after-end' };

/** When a program week starts: the program's start plus whole weeks. */
export const programWeekStart = (startsAt: Date, weekIndex: number) =>
  new Date(startsAt.getTime() + weekIndex * WEEK_MS);

/**
 * Makes the plan of one program week for one child, once: a second call for the same subscription
 * and week (a retried job, two servers at once) finds the first's plan and changes nothing.
 */
export async function makeWeeklyPlan(
  db: Db,
  input: { subscriptionId: string; weekIndex: number },
): Promise<WeeklyPlanOutcome> {
  const [row] = await db
    .select({ subscription: subscriptions, child: children })
    .from(subscriptions)
    .innerJoin(children, eq(children.id, subscriptions.childId))
    .where(eq(subscriptions.id, input.subscriptionId))
    .limit(1);
  if (!row) return { status: 'gone' };
  const { subscription, child } = row;
  if (subscription.status !== 'active') return { status: 'not-active' };
  const startsAt = programWeekStart(subscription.startsAt, input.weekIndex);
  if (startsAt >= subscription.endsAt) return { status: 'after-end' };

  const existing = await planOf(db, subscription.id, input.weekIndex);
  if (existing) return { status: 'existing', planId: existing };

  const [catalogue, ratings, childLogs, recentPlans, recentWeeks, levelPassages] = await Promise.all([
    db
      .select({
        id: books.id,
        title: books.title,
        author: books.author,
        readingLevel: books.readingLevel,
        topics: books.topics,
      })
      .from(books)
      .orderBy(books.id),
    latestRatings(db),
    db
      .select({ bookId: readingLogs.bookId, rating: readingLogs.rating })
      .from(readingLogs)
      .where(and(eq(readingLogs.childId, child.id), isNotNull(readingLogs.bookId)))
      .orderBy(desc(readingLogs.readOn), desc(readingLogs.createdAt)),
    db
      .select({ planId: weeklyPlans.id, bookId: weeklyPlanBooks.bookId, startsAt: weeklyPlans.startsAt })
      .from(weeklyPlans)
      .innerJoin(weeklyPlanBooks, eq(weeklyPlanBooks.planId, weeklyPlans.id))
      .where(and(eq(weeklyPlans.childId, child.id), lt(weeklyPlans.startsAt, startsAt)))
      .orderBy(desc(weeklyPlans.startsAt))
      .limit(VARIETY_WEEKS * 5),
    minutesByWeek(db, child.id, startsAt),
    db
      .select({ id: passages.id })
      .from(passages)
      .where(eq(passages.readingLevel, child.readingLevel))
      .orderBy(passages.id),
  ]);

  const raters = await db
    .select({ id: children.id, level: children.readingLevel, interests: children.interests })
    .from(children)
    .where(sql`${children.id} in (select child_id from ${readingLogs} where rating is not null)`);

  // Every book the child logged; their latest rating of each (the logs come most recent first).
  const seen = new Set<string>();
  const ownRatings = new Map<string, RatedRead>();
  for (const log of childLogs) {
    if (!log.bookId) continue;
    seen.add(log.bookId);
    if (log.rating !== null && !ownRatings.has(log.bookId))
      ownRatings.set(log.bookId, { childId: child.id, bookId: log.bookId, stars: log.rating });
  }
  const planned = new Map<string, string[]>();
  for (const p of recentPlans) {
    if (!p.bookId) continue;
    planned.set(p.planId, [...(planned.get(p.planId) ?? []), p.bookId]);
  }

  const week = `${subscription.id}:${input.weekIndex}`;
  const suggestions = suggestBooks({
    reader: {
      id: child.id,
      firstName: child.firstName,
      level: child.readingLevel,
      interests: child.interests,
    },
    history: { readBookIds: seen, ratings: [...ownRatings.values()], recentlyPlanned: [...planned.values()] },
    catalogue: catalogue as CatalogueBook[],
    index: buildRatingIndex(raters, ratings),
    week,
  });
  const goal = weeklyGoal(child.readingLevel, recentWeeks);
  const passage =
    levelPassages.length > 0 ? levelPassages[input.weekIndex % levelPassages.length] : undefined;

  return db.transaction(async (tx) => {
    const [plan] = await tx
      .insert(weeklyPlans)
      .values({
        childId: child.id,
        subscriptionId: subscription.id,
        weekIndex: input.weekIndex,
        startsAt,
        endsAt: new Date(Math.min(startsAt.getTime() + WEEK_MS, subscription.endsAt.getTime())),
        readingLevel: child.readingLevel,
        goalMinutes: goal.goalMinutes,
        sessionMinutes: goal.sessionMinutes,
        passageId: passage?.id ?? null,
      })
      .onConflictDoNothing({ target: [weeklyPlans.subscriptionId, weeklyPlans.weekIndex] })
      .returning({ id: weeklyPlans.id });
    if (!plan) {
      const other = await planOf(tx, subscription.id, input.weekIndex);
      return other ? { status: 'existing' as const, planId: other } : { status: 'gone' as const };
    }
    if (suggestions.length > 0) {
      await tx.insert(weeklyPlanBooks).values(
        suggestions.map((s, position) => ({
          planId: plan.id,
          position,
          bookId: s.book.id,
          title: s.book.title,
          author: s.book.author,
          reasons: s.reasons,
          alternativeBookId: s.alternative?.id ?? null,
        })),
      );
    }
    return { status: 'created' as const, planId: plan.id };
  });
}

async function planOf(
  db: Pick<Db, 'select'>,
  subscriptionId: string,
  weekIndex: number,
): Promise<string | undefined> {
  const [plan] = await db
    .select({ id: weeklyPlans.id })
    .from(weeklyPlans)
    .where(and(eq(weeklyPlans.subscriptionId, subscriptionId), eq(weeklyPlans.weekIndex, weekIndex)))
    .limit(1);
  return plan?.id;
}

/** Every child's latest rating of each catalogue book. */
async function latestRatings(db: Db): Promise<RatedRead[]> {
  const rows = await db
    .selectDistinctOn([readingLogs.childId, readingLogs.bookId], {
      childId: readingLogs.childId,
      bookId: readingLogs.bookId,
      stars: readingLogs.rating,
    })
    .from(readingLogs)
    .where(and(isNotNull(readingLogs.bookId), isNotNull(readingLogs.rating)))
    .orderBy(readingLogs.childId, readingLogs.bookId, desc(readingLogs.readOn), desc(readingLogs.createdAt));
  return rows.map((r) => ({ childId: r.childId, bookId: r.bookId as string, stars: r.stars as number }));
}

/** Minutes read in each of the four weeks before `before`, most recent first (0 for none). */
async function minutesByWeek(db: Db, childId: string, before: Date): Promise<number[]> {
  const from = new Date(before.getTime() - 4 * WEEK_MS);
  const rows = await db
    .select({ readOn: readingLogs.readOn, minutes: readingLogs.minutes })
    .from(readingLogs)
    .where(
      and(
        eq(readingLogs.childId, childId),
        gte(readingLogs.readOn, from.toISOString().slice(0, 10)),
        lt(readingLogs.readOn, before.toISOString().slice(0, 10)),
      ),
    );
  const weeks = [0, 0, 0, 0];
  for (const row of rows) {
    const ago = Math.floor((before.getTime() - Date.parse(`${row.readOn}T00:00:00Z`)) / WEEK_MS);
    if (ago >= 0 && ago < weeks.length) weeks[ago] = (weeks[ago] ?? 0) + row.minutes;
  }
  // Only the weeks since the child began logging count: the empty weeks before their first entry
  // say nothing about how much they read (and a new reader has no history at all).
  let known = weeks.length;
  while (known > 0 && weeks[known - 1] === 0) known -= 1;
  return weeks.slice(0, known);
}
