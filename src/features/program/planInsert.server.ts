import { sql } from 'drizzle-orm';
import { nextNotificationTime } from '~/features/notifications/notifications.server';
import { type Db, queryRows } from '~/platform/db/client.server';
import {
  children,
  guideSwaps,
  notifications,
  weeklyPlanBooks,
  weeklyPlans,
} from '~/platform/db/schema.server';
import type { ReadingLevel } from '~/platform/domain';
import type { Suggestion } from './recommender';

/** A notification the plan's statement writes beside the plan. */
interface Notice {
  title: string;
  body: string;
  link: string;
}

/** What one statement writes for a new week: the plan, its books, a move of level, the notices. */
export interface NewPlan {
  plan: typeof weeklyPlans.$inferInsert & { childId: string; subscriptionId: string; weekIndex: number };
  suggestions: readonly Suggestion[];
  /** The reading guide's chosen book this plan puts in: its waiting row goes with the plan. */
  swapTaken?: { childId: string; bookId: string; reason: string } | undefined;
  /** The level the child's ratings moved them to, kept on the child with the plan. */
  movedTo: ReadingLevel | undefined;
  notices: readonly Notice[];
}

/**
 * The plan and its books in one statement: atomic by itself, and one round trip where a
 * transaction takes four (about a tenth of a plan's time on the embedded database: npm run
 * bench:plans). The books go in only beside a plan this statement inserted: when the week's plan
 * exists already (another job made it meanwhile), nothing is written and undefined is answered.
 */
export async function insertPlan(db: Db, { plan, suggestions, swapTaken, movedTo, notices }: NewPlan) {
  const childId = plan.childId;
  const insert = db
    .insert(weeklyPlans)
    .values(plan)
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
  // brings nothing twice): a move of the level, kept on the child, and the notices to the family.
  const moved = movedTo
    ? sql`,
             moved as (
               update ${children} set reading_level = ${movedTo}, placement_basis = 'review', placed_at = now()
                where id = ${childId} and exists (select 1 from plan))`
    : sql``;
  const taken = swapTaken
    ? sql`,
             taken as (
               delete from ${guideSwaps}
                where child_id = ${swapTaken.childId} and book_id = ${swapTaken.bookId}
                  and reason = ${swapTaken.reason} and exists (select 1 from plan))`
    : sql``;
  const told = notices.map(
    (notice, order) => sql`,
             ${sql.raw(`told${order}`)} as (
               insert into ${notifications} (child_id, kind, title, body, link, created_at)
               select ${childId}::uuid, 'program', ${notice.title}, ${notice.body}, ${notice.link},
                      ${nextNotificationTime(childId, order)}
                 from plan)`,
  );
  const [made] = await queryRows<{ id: string }>(
    db,
    sql`with plan as (${insert.getSQL()}),
             chosen as (
               insert into ${weeklyPlanBooks}
                      (plan_id, position, book_id, title, author, reasons, alternative_book_id)
               select plan.id, b.position, b.book_id, b.title, b.author, b.reasons, b.alternative_book_id
                 from plan,
                      jsonb_to_recordset(${JSON.stringify(chosen)}::jsonb) as b(position smallint,
                        book_id uuid, title text, author text, reasons jsonb, alternative_book_id uuid))${moved}${taken}${sql.join(told)}
        select id from plan`,
  );
  return made?.id;
}
