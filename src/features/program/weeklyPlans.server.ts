import { and, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { nextNotificationTime } from '~/features/notifications/notifications.server';
import { DAY_MS } from '~/platform/days';
import { type Db, queryRows } from '~/platform/db/client.server';
import {
  books,
  children,
  notifications,
  passages,
  readingLogs,
  subscriptions,
  weeklyPlanBooks,
  weeklyPlans,
} from '~/platform/db/schema.server';
import type { ReadingLevel } from '~/platform/domain';
import { pagePath } from '~/platform/routes';
import { buildRatingIndex, type CatalogueBook, type RatedRead, type RatingIndex } from './bookScores';
import { childLevelReview } from './levelReview';
import { passageForWeek } from './passageChoice';
import { fitGoalToDays, planDays, planEnd } from './planDays';
import { titleKey } from './program';
import { suggestBooks, VARIETY_WEEKS } from './recommender';
import { weeklyGoal } from './weeklyGoal';

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
 * What every plan of a run shares: the catalogue, the rating index built from every child's latest
 * rating of each book, and the read-aloud passages of each level. Reading them (the whole catalogue,
 * every rating, every rater) is the costly part of a plan and the same for every child, so a run of
 * plans loads it once and hands it to each: N plans cost one such read plus their own child's few
 * queries. A plan made without one loads its own.
 */
export interface PlanContext {
  catalogue: readonly CatalogueBook[];
  index: RatingIndex;
  /** Each level's passages, by id (a plan takes the week's one in turn: passageChoice.ts). */
  passagesByLevel: ReadonlyMap<ReadingLevel, readonly string[]>;
  /** Each catalogue book's level, for the review of the child's level (levelReview.ts). */
  levelOf: ReadonlyMap<string, ReadingLevel | null>;
  /** The catalogue's books by lower-case title: a title typed in the log is a book read. */
  idsByTitle: ReadonlyMap<string, readonly string[]>;
}

/** Reads what every plan shares (see PlanContext): four queries, whatever the number of children. */
export async function loadPlanContext(db: Db): Promise<PlanContext> {
  const [catalogue, ratings, raters, allPassages] = await Promise.all([
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
      .select({ id: children.id, level: children.readingLevel, interests: children.interests })
      .from(children)
      .where(sql`${children.id} in (select child_id from ${readingLogs} where rating is not null)`),
    db.select({ id: passages.id, readingLevel: passages.readingLevel }).from(passages).orderBy(passages.id),
  ]);
  const passagesByLevel = new Map<ReadingLevel, string[]>();
  for (const p of allPassages)
    passagesByLevel.set(p.readingLevel, [...(passagesByLevel.get(p.readingLevel) ?? []), p.id]);
  return {
    catalogue,
    index: buildRatingIndex(raters, ratings),
    passagesByLevel,
    levelOf: new Map(catalogue.map((b) => [b.id, b.readingLevel])),
    idsByTitle: catalogue.reduce((byTitle, b) => {
      const key = titleKey(b.title);
      byTitle.set(key, [...(byTitle.get(key) ?? []), b.id]);
      return byTitle;
    }, new Map<string, string[]>()),
  };
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
  // The subscription, its child and the week's plan if it is already made, in one query.
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

  const given = options.context;
  const [context, childLogs, recentPlans] = await Promise.all([
    typeof given === 'function' ? given() : (given ?? loadPlanContext(db)),
    // Every log of the child, most recent first: the books they read, their ratings, their minutes.
    db
      .select({
        bookId: readingLogs.bookId,
        title: readingLogs.title,
        rating: readingLogs.rating,
        readOn: readingLogs.readOn,
        minutes: readingLogs.minutes,
      })
      .from(readingLogs)
      .where(eq(readingLogs.childId, child.id))
      .orderBy(desc(readingLogs.readOn), desc(readingLogs.createdAt)),
    db
      .select({ planId: weeklyPlans.id, bookId: weeklyPlanBooks.bookId, startsAt: weeklyPlans.startsAt })
      .from(weeklyPlans)
      .innerJoin(weeklyPlanBooks, eq(weeklyPlanBooks.planId, weeklyPlans.id))
      .where(and(eq(weeklyPlans.childId, child.id), lt(weeklyPlans.startsAt, startsAt)))
      .orderBy(desc(weeklyPlans.startsAt))
      .limit(VARIETY_WEEKS * 5),
  ]);

  // Every book the child logged; their latest rating of each (the logs come most recent first).
  const seen = new Set<string>();
  const ownRatings = new Map<string, RatedRead>();
  for (const log of childLogs) {
    // A book typed by hand is read too: its catalogue namesakes are never suggested.
    if (!log.bookId) {
      for (const id of context.idsByTitle.get(titleKey(log.title)) ?? []) seen.add(id);
      continue;
    }
    seen.add(log.bookId);
    if (log.rating !== null && !ownRatings.has(log.bookId))
      ownRatings.set(log.bookId, { childId: child.id, bookId: log.bookId, stars: log.rating });
  }
  const planned = new Map<string, string[]>();
  for (const p of recentPlans) {
    if (!p.bookId) continue;
    planned.set(p.planId, [...(planned.get(p.planId) ?? []), p.bookId]);
  }

  // The level moves with the child's ratings before the week is planned (kept, and the family told,
  // by the plan's own statement below).
  const { level, move } = childLevelReview(child, childLogs, context.levelOf);
  const week = `${subscription.id}:${input.weekIndex}`;
  const suggestions = suggestBooks({
    reader: {
      id: child.id,
      firstName: child.firstName,
      level,
      interests: child.interests,
    },
    history: { readBookIds: seen, ratings: [...ownRatings.values()], recentlyPlanned: [...planned.values()] },
    catalogue: context.catalogue,
    index: context.index,
    week,
  });
  // A short last week (the program ends before it does) has fewer sessions and a smaller goal.
  const endsAt = planEnd(startsAt, subscription.endsAt);
  const goal = fitGoalToDays(
    weeklyGoal(level, minutesByWeek(childLogs, startsAt)),
    planDays(startsAt, endsAt),
  );
  const passageId = passageForWeek(level, input.weekIndex, context.passagesByLevel);

  // The plan and its books in one statement: atomic by itself, and one round trip where a
  // transaction takes four (about a tenth of a plan's time on the embedded database: npm run
  // bench:plans). The books go in only beside a plan this statement inserted: when the week's plan
  // exists already (another job made it meanwhile), nothing is written and the other plan is
  // answered.
  const plan = db
    .insert(weeklyPlans)
    .values({
      childId: child.id,
      subscriptionId: subscription.id,
      weekIndex: input.weekIndex,
      startsAt,
      endsAt,
      readingLevel: level,
      goalMinutes: goal.goalMinutes,
      sessionMinutes: goal.sessionMinutes,
      passageId: passageId ?? null,
    })
    .onConflictDoNothing({ target: [weeklyPlans.subscriptionId, weeklyPlans.weekIndex] })
    .returning({ id: weeklyPlans.id });
  const chosen = suggestions.map((s, position) => ({
    position,
    book_id: s.book.id,
    title: s.book.title,
    author: s.book.author,
    reasons: s.reasons,
    alternative_book_id: s.alternative?.id ?? null,
  }));
  // Written by the same statement, only when it made the plan (so a plan another job made first
  // brings nothing twice): a move of the level, kept on the child and told to the family, then
  // (from the second week on) the news that the week is ready. The first week was announced with
  // the enrolment, at the payment.
  const notices = [
    ...(move ? [move.notice] : []),
    ...(input.weekIndex === 0 || options.announce === false
      ? []
      : [
          planReadyNotice(child.firstName, child.id, {
            weekIndex: input.weekIndex,
            books: suggestions.length,
            goal: goal.goalMinutes,
            sessions: goal.sessionMinutes.length,
          }),
        ]),
  ];
  const moved = move
    ? sql`,
             moved as (
               update ${children} set reading_level = ${move.level}, placement_basis = 'review', placed_at = now()
                where id = ${child.id} and exists (select 1 from plan))`
    : sql``;
  const told = notices.map(
    (notice, order) => sql`,
             ${sql.raw(`told${order}`)} as (
               insert into ${notifications} (child_id, kind, title, body, link, created_at)
               select ${child.id}::uuid, 'program', ${notice.title}, ${notice.body}, ${notice.link},
                      ${nextNotificationTime(child.id, order)}
                 from plan)`,
  );
  const [made] = await queryRows<{ id: string }>(
    db,
    sql`with plan as (${plan.getSQL()}),
             chosen as (
               insert into ${weeklyPlanBooks}
                      (plan_id, position, book_id, title, author, reasons, alternative_book_id)
               select plan.id, b.position, b.book_id, b.title, b.author, b.reasons, b.alternative_book_id
                 from plan,
                      jsonb_to_recordset(${JSON.stringify(chosen)}::jsonb) as b(position smallint,
                        book_id uuid, title text, author text, reasons jsonb, alternative_book_id uuid))${moved}${sql.join(told)}
        select id from plan`,
  );
  if (made) return { status: 'created', planId: made.id };
  const other = await planOf(db, subscription.id, input.weekIndex);
  return other ? { status: 'existing', planId: other } : { status: 'gone' };
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
