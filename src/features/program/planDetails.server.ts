import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { utcDay } from '~/platform/days';
import type { Db } from '~/platform/db/client.server';
import {
  books,
  guideNotes,
  passages,
  plans,
  readingLogs,
  recordings,
  subscriptions,
  weeklyPlanBooks,
  weeklyPlans,
} from '~/platform/db/schema.server';
import type { ReadingLevel } from '~/platform/domain';
import type { ChildRow } from '~/platform/identity/accounts.server';
import { mediaUrlOf } from '~/platform/storage/mediaUrl.server';
import type { Reason } from './bookScores';
import type { PlanBookDto, WeeklyPlanDto } from './program.schema';
import { planReading, programWeeks } from './progress';
import { describeReason } from './recommender';

/** A plan as the family reads it, with its program and its exact period. */
export interface PlanOfProgram {
  subscriptionId: string;
  startsAt: Date;
  endsAt: Date;
  plan: WeeklyPlanDto;
}

type PlanRow = Awaited<ReturnType<typeof plansOf>>[number];
type PlannedBook = Awaited<ReturnType<typeof plannedAndDone>>['planned'][number];

/**
 * The child's plans (one, or all of them, oldest first) with their books, sessions and progress,
 * and the program each belongs to: three queries, however many plans.
 */
export async function planDetails(
  db: Db,
  child: Pick<ChildRow, 'id' | 'firstName'>,
  which: { planId: string } | { all: true },
): Promise<PlanOfProgram[]> {
  const rows = await plansOf(db, child.id, which);
  const first = rows[0];
  if (!first) return [];
  const { planned, logs, attempts } = await plannedAndDone(db, child.id, rows, first.plan.startsAt);
  // The week's passage is practised once it was read aloud between the plan's start and its end.
  const practised = (plan: PlanRow['plan']) =>
    attempts.some((a) => a.passageId === plan.passageId && a.at >= plan.startsAt && a.at < plan.endsAt);

  return rows.map((row) => {
    const { plan } = row;
    const reading = planReading(plan, logs);
    const bookList = planned
      .filter((b) => b.planId === plan.id)
      .map((b) => planBook(b, child.firstName, reading));
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
        guideNote: row.note
          ? {
              body: row.note.body,
              guideName: row.note.guideName,
              version: row.note.version,
              updatedAt: row.note.updatedAt.toISOString(),
            }
          : null,
      },
    };
  });
}

/** The child's plans asked for, oldest first, each with its program and its week's passage. */
function plansOf(db: Db, childId: string, which: { planId: string } | { all: true }) {
  return db
    .select({
      plan: weeklyPlans,
      programName: plans.name,
      programStartsAt: subscriptions.startsAt,
      programEndsAt: subscriptions.endsAt,
      passage: { id: passages.id, title: passages.title, wordCount: passages.wordCount, text: passages.text },
      note: guideNotes,
    })
    .from(weeklyPlans)
    .innerJoin(subscriptions, eq(subscriptions.id, weeklyPlans.subscriptionId))
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .leftJoin(passages, eq(passages.id, weeklyPlans.passageId))
    .leftJoin(guideNotes, eq(guideNotes.planId, weeklyPlans.id))
    .where(
      'planId' in which
        ? and(eq(weeklyPlans.id, which.planId), eq(weeklyPlans.childId, childId))
        : eq(weeklyPlans.childId, childId),
    )
    .orderBy(asc(weeklyPlans.startsAt), asc(weeklyPlans.weekIndex));
}

/** The plans' books (with their alternatives), and the child's reading and read-alouds since the first. */
async function plannedAndDone(
  db: Db,
  childId: string,
  rows: readonly { plan: { id: string } }[],
  since: Date,
) {
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
      .where(and(eq(readingLogs.childId, childId), gte(readingLogs.readOn, utcDay(since)))),
    db
      .select({ passageId: recordings.passageId, at: recordings.createdAt })
      .from(recordings)
      .where(and(eq(recordings.childId, childId), gte(recordings.createdAt, since))),
  ]);
  return { planned, logs, attempts };
}

/** One of the plan's books as the family reads it: why it was chosen, its alternative, its progress. */
function planBook(
  b: PlannedBook,
  childName: string,
  reading: Pick<ReturnType<typeof planReading>, 'started' | 'done'>,
): PlanBookDto {
  return {
    bookId: b.bookId,
    title: b.title,
    author: b.author,
    summary: b.summary ?? '',
    coverUrl: mediaUrlOf(b.coverPath),
    reasons: (b.reasons as Reason[]).map((r) => describeReason(r, childName)),
    alternative:
      b.alternativeId && b.alternativeTitle
        ? { bookId: b.alternativeId, title: b.alternativeTitle, author: b.alternativeAuthor ?? '' }
        : null,
    started: reading.started(b),
    done: reading.done(b),
  };
}
