import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { mediaUrlOf } from '~/features/catalogue/media.server';
import { currentStreak, type Milestone, milestoneNotice, runs } from '~/features/reading/reading';
import { addDays, utcDay, WEEK_MS } from '~/platform/days';
import type { Db } from '~/platform/db/client.server';
import {
  books,
  passages,
  plans,
  readingLogs,
  readingMilestones,
  recordings,
  subscriptions,
  weeklyPlanBooks,
  weeklyPlans,
} from '~/platform/db/schema.server';
import type { PlacementBasis, ReadingLevel } from '~/platform/domain';
import type { ChildRow } from '~/platform/identity/accounts.server';
import type { Reason } from './bookScores';
import { titleKey } from './program';
import type { ChildPlanDto, PlanBookDto, WallDto, WeeklyPlanDto } from './program.schema';
import { planReading, programWeeks } from './progress';
import { describeReason } from './recommender';

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

/** A plan as the family reads it, with its program and its exact period. */
export interface PlanOfProgram {
  subscriptionId: string;
  startsAt: Date;
  endsAt: Date;
  plan: WeeklyPlanDto;
}

/**
 * The child's plans (one, or all of them, oldest first) with their books, sessions and progress,
 * and the program each belongs to: three queries, however many plans.
 */
export async function planDetails(
  db: Db,
  child: Pick<ChildRow, 'id' | 'firstName'>,
  which: { planId: string } | { all: true },
): Promise<PlanOfProgram[]> {
  const rows = await db
    .select({
      plan: weeklyPlans,
      programName: plans.name,
      programStartsAt: subscriptions.startsAt,
      programEndsAt: subscriptions.endsAt,
      passage: { id: passages.id, title: passages.title, wordCount: passages.wordCount, text: passages.text },
    })
    .from(weeklyPlans)
    .innerJoin(subscriptions, eq(subscriptions.id, weeklyPlans.subscriptionId))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(passages, eq(passages.id, weeklyPlans.passageId))
    .where(
      'planId' in which
        ? and(eq(weeklyPlans.id, which.planId), eq(weeklyPlans.childId, child.id))
        : eq(weeklyPlans.childId, child.id),
    )
    .orderBy(asc(weeklyPlans.startsAt), asc(weeklyPlans.weekIndex));
  const first = rows[0];
  if (!first) return [];

  const alternative = alias(books, 'alternative');
  const [planned, logs, attempts] = await Promise.all([
    db
      .select({
        planId: weeklyPlanBooks.planId,
        bookId: weeklyPlanBooks.bookId,
        title: weeklyPlanBooks.title,
        author: weeklyPlanBooks.author,
        reasons: weeklyPlanBooks.reasons,
        summary: books.summary,
        coverPath: books.coverPath,
        alternativeId: weeklyPlanBooks.alternativeBookId,
        alternativeTitle: alternative.title,
        alternativeAuthor: alternative.author,
      })
      .from(weeklyPlanBooks)
      .leftJoin(books, eq(books.id, weeklyPlanBooks.bookId))
      .leftJoin(alternative, eq(alternative.id, weeklyPlanBooks.alternativeBookId))
      .where(
        inArray(
          weeklyPlanBooks.planId,
          rows.map((r) => r.plan.id),
        ),
      )
      .orderBy(asc(weeklyPlanBooks.planId), asc(weeklyPlanBooks.position)),
    db
      .select({
        bookId: readingLogs.bookId,
        title: readingLogs.title,
        readOn: readingLogs.readOn,
        minutes: readingLogs.minutes,
        finished: readingLogs.finished,
      })
      .from(readingLogs)
      .where(and(eq(readingLogs.childId, child.id), gte(readingLogs.readOn, utcDay(first.plan.startsAt)))),
    db
      .select({ passageId: recordings.passageId, at: recordings.createdAt })
      .from(recordings)
      .where(and(eq(recordings.childId, child.id), gte(recordings.createdAt, first.plan.startsAt))),
  ]);
  // The week's passage is practised once it was read aloud between the plan's start and its end.
  const practised = (plan: typeof first.plan) =>
    attempts.some((a) => a.passageId === plan.passageId && a.at >= plan.startsAt && a.at < plan.endsAt);

  return rows.map((row) => {
    const { plan } = row;
    const reading = planReading(plan, logs);
    const bookList: PlanBookDto[] = planned
      .filter((b) => b.planId === plan.id)
      .map((b) => ({
        bookId: b.bookId,
        title: b.title,
        author: b.author,
        summary: b.summary ?? '',
        coverUrl: mediaUrlOf(b.coverPath),
        reasons: (b.reasons as Reason[]).map((r) => describeReason(r, child.firstName)),
        alternative:
          b.alternativeId && b.alternativeTitle
            ? { bookId: b.alternativeId, title: b.alternativeTitle, author: b.alternativeAuthor ?? '' }
            : null,
        started: reading.started(b),
        done: reading.done(b),
      }));
    return {
      subscriptionId: plan.subscriptionId,
      startsAt: plan.startsAt,
      endsAt: plan.endsAt,
      plan: {
        id: plan.id,
        weekIndex: plan.weekIndex,
        weeks: programWeeks(row.programStartsAt, row.programEndsAt),
        programName: row.programName,
        startsOn: reading.startsOn,
        endsOn: reading.endsOn,
        readingLevel: plan.readingLevel as ReadingLevel,
        goalMinutes: plan.goalMinutes,
        minutesRead: reading.minutesRead,
        sessions: reading.sessions,
        books: bookList,
        passage: row.passage?.id ? { ...row.passage, practised: practised(plan) } : null,
      },
    };
  });
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
