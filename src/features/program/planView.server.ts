import { and, asc, eq, gte } from 'drizzle-orm';
import { currentStreak, type Milestone, milestoneNotice, runs } from '~/features/reading/reading';
import { addDays, utcDay, WEEK_MS } from '~/platform/days';
import type { Db } from '~/platform/db/client.server';
import {
  books,
  readingLogs,
  readingMilestones,
  subscriptions,
  weeklyPlans,
} from '~/platform/db/schema.server';
import type { PlacementBasis, ReadingLevel } from '~/platform/domain';
import type { ChildRow } from '~/platform/identity/accounts.server';
import { mediaUrlOf } from '~/platform/storage/mediaUrl.server';
import { planDetails } from './planDetails.server';
import { titleKey } from './program';
import type { ChildPlanDto, WallDto, WeeklyPlanDto } from './program.schema';

/** After this long into a week without its plan, the family is told it is late, not coming. */
const PLAN_DELAY_MS = 15 * 60_000;
/** A streak reaches back at most this far (the largest streak milestone is 30 days). */
const STREAK_WINDOW_DAYS = 400;

/** The child's current streak of reading days, as of `today`. */
async function streakOf(db: Db, childId: string, today: string): Promise<number> {
  const rows = await db
    .selectDistinct({ day: readingLogs.readOn })
    .from(readingLogs)
    .where(
      and(eq(readingLogs.childId, childId), gte(readingLogs.readOn, addDays(today, -STREAK_WINDOW_DAYS))),
    );
  const all = runs(rows.map((r) => r.day));
  return currentStreak(all[all.length - 1], today);
}

/**
 * What the family sees of a child's program: the plan of the week under way (or the one asked
 * for), its books ticked off as the child logs them, the minutes against the goal and the streak.
 */
export async function childPlan(
  db: Db,
  child: ChildRow,
  options: { planId?: string | undefined; today: string; now?: Date },
): Promise<ChildPlanDto | undefined> {
  const now = options.now ?? new Date();
  const [weeks, programs, streakDays] = await Promise.all([
    db
      .select({
        id: weeklyPlans.id,
        weekIndex: weeklyPlans.weekIndex,
        startsAt: weeklyPlans.startsAt,
        endsAt: weeklyPlans.endsAt,
      })
      .from(weeklyPlans)
      .where(eq(weeklyPlans.childId, child.id))
      .orderBy(asc(weeklyPlans.startsAt), asc(weeklyPlans.weekIndex)),
    db
      .select({ startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt })
      .from(subscriptions)
      .where(and(eq(subscriptions.childId, child.id), eq(subscriptions.status, 'active')))
      .orderBy(asc(subscriptions.startsAt)),
    streakOf(db, child.id, options.today),
  ]);

  let chosen = options.planId ? weeks.find((w) => w.id === options.planId) : undefined;
  // Asking for a plan that is not this child's is asking for nothing: 404, like another family's child.
  if (options.planId && !chosen) return undefined;
  chosen ??= [...weeks].reverse().find((w) => w.startsAt <= now && now < w.endsAt);

  const running = programs.find((p) => p.startsAt <= now && now < p.endsAt);
  const upcoming = programs.find((p) => p.startsAt > now);
  let state: ChildPlanDto['state'];
  if (chosen) state = 'ready';
  else if (running) {
    // A plan takes seconds; one still missing well after its week began waits for the team
    // (its job ran out of retries: the console shows it), so the page stops asking.
    const weekBegan =
      running.startsAt.getTime() +
      Math.floor((now.getTime() - running.startsAt.getTime()) / WEEK_MS) * WEEK_MS;
    state = now.getTime() - weekBegan > PLAN_DELAY_MS ? 'delayed' : 'preparing';
  } else if (upcoming) state = 'upcoming';
  else if (weeks.length > 0) {
    state = 'ended';
    chosen = weeks[weeks.length - 1];
  } else state = 'none';

  return {
    childId: child.id,
    childName: child.firstName,
    readingLevel: child.readingLevel as ReadingLevel,
    placement:
      child.placementBasis && child.placedAt
        ? { basis: child.placementBasis as PlacementBasis, placedOn: utcDay(child.placedAt) }
        : null,
    state,
    programStartsOn: upcoming && !running ? utcDay(upcoming.startsAt) : null,
    streakDays,
    plan: chosen ? await planDetail(db, child, chosen.id) : null,
    weeks: weeks.map((w) => ({ id: w.id, weekIndex: w.weekIndex, startsOn: utcDay(w.startsAt) })),
  };
}

/** One plan with its books, sessions and progress. */
async function planDetail(db: Db, child: ChildRow, planId: string): Promise<WeeklyPlanDto | null> {
  const [detail] = await planDetails(db, child, { planId });
  return detail?.plan ?? null;
}

/**
 * The child's finished-books wall: every different book the family logged as finished (by
 * catalogue book, or by title for one typed by hand), with its cover, the day it was finished and
 * its latest stars (given on any of its entries), and the milestones reached.
 */
export async function finishedBooks(db: Db, child: ChildRow): Promise<WallDto> {
  const [logs, milestones] = await Promise.all([
    db
      .select({
        bookId: readingLogs.bookId,
        title: readingLogs.title,
        author: readingLogs.author,
        readOn: readingLogs.readOn,
        rating: readingLogs.rating,
        finished: readingLogs.finished,
        coverPath: books.coverPath,
      })
      .from(readingLogs)
      .leftJoin(books, eq(books.id, readingLogs.bookId))
      .where(eq(readingLogs.childId, child.id))
      .orderBy(asc(readingLogs.readOn), asc(readingLogs.createdAt)),
    db
      .select()
      .from(readingMilestones)
      .where(eq(readingMilestones.childId, child.id))
      .orderBy(asc(readingMilestones.reachedAt)),
  ]);
  const keyOf = (log: { bookId: string | null; title: string }) =>
    log.bookId ?? `title:${titleKey(log.title)}`;
  const rated = new Map<string, number>();
  for (const log of logs) if (log.rating !== null) rated.set(keyOf(log), log.rating);
  const byBook = new Map<string, WallDto['books'][number]>();
  for (const log of logs) {
    if (!log.finished || byBook.has(keyOf(log))) continue;
    byBook.set(keyOf(log), {
      bookId: log.bookId,
      title: log.title,
      author: log.author,
      coverUrl: mediaUrlOf(log.coverPath),
      finishedOn: log.readOn,
      rating: rated.get(keyOf(log)) ?? null,
    });
  }
  return {
    childId: child.id,
    childName: child.firstName,
    books: [...byBook.values()].reverse(),
    milestones: milestones.map((m) => ({
      milestone: m.milestone,
      kind: m.milestone.startsWith('streak-') ? ('streak' as const) : ('books' as const),
      title: milestoneNotice(m.milestone as Milestone, child.firstName).title,
      reachedAt: m.reachedAt.toISOString(),
    })),
  };
}
