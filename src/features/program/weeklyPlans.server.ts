import { and, desc, eq, lt } from 'drizzle-orm';
import { DAY_MS } from '~/platform/days';
import type { Db } from '~/platform/db/client.server';
import {
  children,
  readingLogs,
  subscriptions,
  weeklyPlanBooks,
  weeklyPlans,
} from '~/platform/db/schema.server';
import { pagePath } from '~/platform/routes';
import type { RatedRead } from './bookScores';
import { withGuideSwap } from './guideSwap';
import { pendingGuideSwap } from './guideSwaps.server';
import { childLevelReview } from './levelReview';
import { passageForWeek } from './passageChoice';
import { loadPlanContext, type PlanContext } from './planContext.server';
import { fitGoalToDays, planDays, planEnd } from './planDays';
import { insertPlan } from './planInsert.server';
import { titleKey } from './program';
import { type ReaderHistory, suggestBooks, VARIETY_WEEKS } from './recommender';
import { weeklyGoal } from './weeklyGoal';
import { queueWeeklyPlanEmail } from './weeklyPlanEmails.server';

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
 * What a week's plan is made from: the run's shared context, the child's log, the level after the
 * review of their ratings, the recommender's books with the guide's chosen one (if one waits).
 */
async function weekInputs(
  db: Db,
  { subscription, child, startsAt }: Extract<Awaited<ReturnType<typeof weekToPlan>>, { child: unknown }>,
  input: { weekIndex: number },
  given: PlanContext | (() => Promise<PlanContext>) | undefined,
) {
  const [context, childLogs, recentPlans, swap] = await Promise.all([
    typeof given === 'function' ? given() : (given ?? loadPlanContext(db)),
    logsOf(db, child.id),
    booksPlannedBefore(db, child.id, startsAt),
    pendingGuideSwap(db, child.id),
  ]);

  // The level moves with the child's ratings before the week is planned (kept, and the family told,
  // by the plan's own statement).
  const { level, move } = childLevelReview(child, childLogs, context.levelOf);
  const recommended = suggestBooks({
    reader: { id: child.id, firstName: child.firstName, level, interests: child.interests },
    history: readerHistory(child.id, childLogs, recentPlans, context),
    catalogue: context.catalogue,
    index: context.index,
    week: `${subscription.id}:${input.weekIndex}`,
  });
  // The book the child's reading guide chose for this week, if one waits (taken by the plan's
  // statement). One the child has read since it was chosen is not planned, and waits no more.
  const readSince = swap !== undefined && childLogs.some((l) => l.bookId === swap.bookId);
  const suggestions = withGuideSwap(recommended, readSince ? undefined : swap, context.catalogue);
  // Only a swap the plan took (or made needless) is removed: one whose book this run's catalogue lacks waits.
  const taken = swap && (readSince || suggestions[0]?.reasons[0]?.kind === 'guide') ? swap : undefined;
  return { context, childLogs, level, move, suggestions, swap: taken };
}

/**
 * Makes the plan of one program week for one child, once: a second call for the same subscription
 * and week (a retried job, two servers at once) finds the first's plan and changes nothing.
 *
 * `context` is what the plans of a run share (loadPlanContext), or a function answering it (asked
 * only when a plan is to be made); without it the plan reads its own. The child's own logs, ratings
 * and earlier plans are always read fresh.
 */
export async function makeWeeklyPlan(
  db: Db,
  input: { subscriptionId: string; weekIndex: number },
  options: {
    context?: PlanContext | (() => Promise<PlanContext>);
    /** False when the family already knows of the week (its plan made again after a placement). */
    announce?: boolean;
  } = {},
): Promise<WeeklyPlanOutcome> {
  const week = await weekToPlan(db, input);
  if ('status' in week) return week;
  const { subscription, child, startsAt } = week;
  const { context, childLogs, level, move, suggestions, swap } = await weekInputs(
    db,
    week,
    input,
    options.context,
  );
  // A short last week (the program ends before it does) has fewer sessions and a smaller goal.
  const endsAt = planEnd(startsAt, subscription.endsAt);
  const goal = fitGoalToDays(
    weeklyGoal(level, minutesByWeek(childLogs, startsAt)),
    planDays(startsAt, endsAt),
  );
  // From the second week on, the family hears the week is ready; the first week was announced with
  // the enrolment, at the payment.
  const announce = input.weekIndex !== 0 && options.announce !== false;
  const ready = { weekIndex: input.weekIndex, books: suggestions.length, goal: goal.goalMinutes };
  const made = await insertPlan(db, {
    plan: {
      childId: child.id,
      subscriptionId: subscription.id,
      weekIndex: input.weekIndex,
      startsAt,
      endsAt,
      readingLevel: level,
      goalMinutes: goal.goalMinutes,
      sessionMinutes: goal.sessionMinutes,
      passageId: passageForWeek(level, input.weekIndex, context.passagesByLevel) ?? null,
    },
    suggestions,
    swapTaken: swap ? { childId: child.id, bookId: swap.bookId, reason: swap.reason } : undefined,
    movedTo: move?.level,
    notices: [
      ...(move ? [move.notice] : []),
      ...(announce
        ? [planReadyNotice(child.firstName, child.id, { ...ready, sessions: goal.sessionMinutes.length })]
        : []),
    ],
  });
  if (made) {
    // Emailed to a parent who asked for the weekly plans (a new week's, or the first one's).
    if (options.announce !== false) await queueWeeklyPlanEmail(db, made);
    return { status: 'created', planId: made };
  }
  const other = await planOf(db, subscription.id, input.weekIndex);
  return other ? { status: 'existing', planId: other } : { status: 'gone' };
}

/** A week whose plan is to be made: its program, its child, when it starts. */
interface WeekToPlan {
  subscription: typeof subscriptions.$inferSelect;
  child: typeof children.$inferSelect;
  startsAt: Date;
}

/**
 * The subscription and child a week's plan is for, and when the week starts; or the outcome when
 * there is nothing to make (gone, not active, after the end, or made already). One query.
 */
async function weekToPlan(
  db: Db,
  input: { subscriptionId: string; weekIndex: number },
): Promise<WeeklyPlanOutcome | WeekToPlan> {
  const [row] = await db
    .select({ subscription: subscriptions, child: children, existing: weeklyPlans.id })
    .from(subscriptions)
    .innerJoin(children, eq(children.id, subscriptions.childId))
    .leftJoin(
      weeklyPlans,
      and(eq(weeklyPlans.subscriptionId, subscriptions.id), eq(weeklyPlans.weekIndex, input.weekIndex)),
    )
    .where(eq(subscriptions.id, input.subscriptionId))
    .limit(1);
  if (!row) return { status: 'gone' };
  const { subscription, child, existing } = row;
  if (subscription.status !== 'active') return { status: 'not-active' };
  const startsAt = programWeekStart(subscription.startsAt, input.weekIndex);
  if (startsAt >= subscription.endsAt) return { status: 'after-end' };
  if (existing) return { status: 'existing', planId: existing };
  return { subscription, child, startsAt };
}

/** Every log of the child, most recent first: the books they read, their ratings, their minutes. */
function logsOf(db: Db, childId: string) {
  return db
    .select({
      bookId: readingLogs.bookId,
      title: readingLogs.title,
      rating: readingLogs.rating,
      readOn: readingLogs.readOn,
      minutes: readingLogs.minutes,
    })
    .from(readingLogs)
    .where(eq(readingLogs.childId, childId))
    .orderBy(desc(readingLogs.readOn), desc(readingLogs.createdAt));
}

/** The books of the child's plans of the last weeks before this one, the latest first. */
function booksPlannedBefore(db: Db, childId: string, startsAt: Date) {
  return db
    .select({ planId: weeklyPlans.id, bookId: weeklyPlanBooks.bookId, startsAt: weeklyPlans.startsAt })
    .from(weeklyPlans)
    .innerJoin(weeklyPlanBooks, eq(weeklyPlanBooks.planId, weeklyPlans.id))
    .where(and(eq(weeklyPlans.childId, childId), lt(weeklyPlans.startsAt, startsAt)))
    .orderBy(desc(weeklyPlans.startsAt))
    .limit(VARIETY_WEEKS * 5);
}

/**
 * What the recommender needs of the child's past: every book they logged, their latest rating of
 * each (the logs come most recent first), and the books of their last weeks' plans.
 */
function readerHistory(
  childId: string,
  logs: readonly { bookId: string | null; title: string; rating: number | null }[],
  recentPlans: readonly { planId: string; bookId: string | null }[],
  context: Pick<PlanContext, 'idsByTitle'>,
): ReaderHistory {
  const seen = new Set<string>();
  const ownRatings = new Map<string, RatedRead>();
  for (const log of logs) {
    // A book typed by hand is read too: its catalogue namesakes are never suggested.
    if (!log.bookId) {
      for (const id of context.idsByTitle.get(titleKey(log.title)) ?? []) seen.add(id);
      continue;
    }
    seen.add(log.bookId);
    if (log.rating !== null && !ownRatings.has(log.bookId))
      ownRatings.set(log.bookId, { childId, bookId: log.bookId, stars: log.rating });
  }
  const planned = new Map<string, string[]>();
  for (const p of recentPlans) {
    if (!p.bookId) continue;
    planned.set(p.planId, [...(planned.get(p.planId) ?? []), p.bookId]);
  }
  return { readBookIds: seen, ratings: [...ownRatings.values()], recentlyPlanned: [...planned.values()] };
}

/** The notification of a week's plan. */
export function planReadyNotice(
  name: string,
  childId: string,
  week: { weekIndex: number; books: number; goal: number; sessions: number },
) {
  const sessions = `${week.sessions === 5 ? 'five' : week.sessions} short session${week.sessions === 1 ? '' : 's'}`;
  return {
    title: `${name}’s reading plan for week ${week.weekIndex + 1} is ready`,
    body:
      week.books > 0
        ? `${week.books} book${week.books === 1 ? '' : 's'} chosen for ${name}, a ${week.goal}-minute goal and ${sessions}. Print it for the fridge, or add the sessions to your calendar.`
        : `A ${week.goal}-minute goal and ${sessions}: this week, pick any book ${name} loves and log it.`,
    link: pagePath('/reading-plan/{id}', childId),
  };
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

/**
 * Minutes read in each of the four weeks before `before`, most recent first (0 for none), from the
 * child's logs.
 */
function minutesByWeek(logs: readonly { readOn: string; minutes: number }[], before: Date): number[] {
  const from = new Date(before.getTime() - 4 * WEEK_MS).toISOString().slice(0, 10);
  const until = before.toISOString().slice(0, 10);
  const weeks = [0, 0, 0, 0];
  for (const row of logs) {
    // Dates as text ("2026-11-02") order as the dates do.
    if (row.readOn < from || row.readOn >= until) continue;
    const ago = Math.floor((before.getTime() - Date.parse(`${row.readOn}T00:00:00Z`)) / WEEK_MS);
    if (ago >= 0 && ago < weeks.length) weeks[ago] = (weeks[ago] ?? 0) + row.minutes;
  }
  // Only the weeks since the child began logging count: the empty weeks before their first entry
  // say nothing about how much they read (and a new reader has no history at all).
  let known = weeks.length;
  while (known > 0 && weeks[known - 1] === 0) known -= 1;
  return weeks.slice(0, known);
}
