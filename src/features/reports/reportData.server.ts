import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { fluencyTrend } from '~/features/readAloud/fluencyTrend.server';
import { accuracyOf } from '~/features/readAloud/runningRecord';
import type { Db } from '~/platform/db/client.server';
import {
  children,
  guideAssignments,
  guideNotes,
  passages,
  readingLogs,
  recordingScores,
  recordings,
  users,
  weeklyPlans,
} from '~/platform/db/schema.server';
import type { ReportKind } from '~/platform/domain';
import type { ReportData } from './reports.schema';

// What a progress report says about a child's period: the books finished, the minutes of each week
// against its goal, words correct per minute against the norms, the guide's scores and notes.

/** The period a report covers, and the program it belongs to. */
export interface ReportPeriod {
  childId: string;
  /** The program (`program:<id>`) or renewing program (`membership:<id>`). */
  programKey: string;
  programName: string;
  kind: ReportKind;
  start: Date;
  end: Date;
}

const WEEK_MS = 7 * 86_400_000;
const day = (at: Date) => at.toISOString().slice(0, 10);
/** The rows of the period's child whose instant falls in the period. */
const inPeriod = (period: ReportPeriod, child: AnyPgColumn, at: AnyPgColumn) =>
  and(eq(child, period.childId), gte(at, period.start), lt(at, period.end));

/** The week of the period (0 for the first) an instant falls in. */
const weekOf = (period: ReportPeriod, at: Date) =>
  Math.floor((at.getTime() - period.start.getTime()) / WEEK_MS);

/**
 * The week of the period a day of reading falls in, counted in calendar days from the period's
 * first day: reading logged on the day a program starts belongs to its first week, whatever the
 * hour it started (an instant's week would put it before the period once the start is past noon).
 */
const weekOfDay = (period: ReportPeriod, readOn: string) =>
  Math.floor((Date.parse(`${readOn}T00:00:00Z`) - Date.parse(`${day(period.start)}T00:00:00Z`)) / WEEK_MS);

/** Each week of the period: its start, the plan's goal if it had one, the minutes read. */
async function weeksOf(db: Db, period: ReportPeriod, logs: { readOn: string; minutes: number }[]) {
  const plans = await db
    .select({ startsAt: weeklyPlans.startsAt, goal: weeklyPlans.goalMinutes })
    .from(weeklyPlans)
    .where(inPeriod(period, weeklyPlans.childId, weeklyPlans.startsAt));
  const count = Math.max(1, Math.ceil((period.end.getTime() - period.start.getTime()) / WEEK_MS));
  return Array.from({ length: count }, (_, i) => {
    const startsAt = new Date(period.start.getTime() + i * WEEK_MS);
    const plan = plans.find((p) => weekOf(period, p.startsAt) === i);
    const minutesRead = logs
      .filter((l) => weekOfDay(period, l.readOn) === i)
      .reduce((sum, l) => sum + l.minutes, 0);
    return {
      weekNumber: i + 1,
      startsOn: startsAt.toISOString(),
      goalMinutes: plan?.goal ?? null,
      minutesRead,
    };
  });
}

/** The guide's running records of the recordings made in the period, oldest first. */
async function scoresOf(db: Db, period: ReportPeriod) {
  const rows = await db
    .select({ score: recordingScores, at: recordings.createdAt, title: passages.title })
    .from(recordingScores)
    .innerJoin(recordings, eq(recordings.id, recordingScores.recordingId))
    .leftJoin(passages, eq(passages.id, recordings.passageId))
    .where(inPeriod(period, recordingScores.childId, recordings.createdAt))
    .orderBy(asc(recordings.createdAt));
  return rows.map(({ score, at, title }) => ({
    at: at.toISOString(),
    passageTitle: title,
    accuracy: accuracyOf(score.words, score.errors),
    wordsCorrectPerMinute: score.wordsCorrectPerMinute,
    fluency: score.fluency,
    note: score.note,
    guideName: score.guideName,
  }));
}

/** The guide's notes on the period's weeks, in week order. */
async function notesOf(db: Db, period: ReportPeriod) {
  const rows = await db
    .select({ startsAt: weeklyPlans.startsAt, body: guideNotes.body, guideName: guideNotes.guideName })
    .from(guideNotes)
    .innerJoin(weeklyPlans, eq(weeklyPlans.id, guideNotes.planId))
    .where(inPeriod(period, guideNotes.childId, weeklyPlans.startsAt))
    .orderBy(asc(weeklyPlans.startsAt));
  return rows.map((r) => ({
    weekNumber: weekOf(period, r.startsAt) + 1,
    body: r.body,
    guideName: r.guideName,
  }));
}

/** The report's figures for a child's period, or undefined when the child is gone. */
export async function gatherReport(db: Db, period: ReportPeriod): Promise<ReportData | undefined> {
  const [child] = await db
    .select({ child: children, guideName: users.displayName })
    .from(children)
    .leftJoin(guideAssignments, eq(guideAssignments.childId, children.id))
    .leftJoin(users, eq(users.id, guideAssignments.guideId))
    .where(eq(children.id, period.childId));
  if (!child) return undefined;
  const logs = await db
    .select()
    .from(readingLogs)
    .where(
      and(
        eq(readingLogs.childId, period.childId),
        gte(readingLogs.readOn, day(period.start)),
        lt(readingLogs.readOn, day(period.end)),
      ),
    )
    .orderBy(asc(readingLogs.readOn));
  const weeks = await weeksOf(db, period, logs);
  const trend = await fluencyTrend(db, child.child, period.end);
  const finished = logs.filter((l) => l.finished);
  const withGoal = weeks.filter((w) => w.goalMinutes !== null);
  return {
    childFirstName: child.child.firstName,
    programName: period.programName,
    guideName: child.guideName,
    booksFinished: finished.map((l) => ({ title: l.title, author: l.author, finishedOn: l.readOn })),
    weeks,
    totals: {
      minutes: logs.reduce((sum, l) => sum + l.minutes, 0),
      sessions: logs.length,
      booksFinished: finished.length,
      weeksOnGoal: withGoal.filter((w) => w.minutesRead >= (w.goalMinutes ?? 0)).length,
      weeksWithGoal: withGoal.length,
    },
    // A report gives the guide's own counts: listening's pre-scores stay on the family's practice page.
    fluency: {
      ...trend,
      points: trend.points.filter((p) => p.countedBy === 'guide' && Date.parse(p.at) < period.end.getTime()),
    },
    scores: await scoresOf(db, period),
    notes: await notesOf(db, period),
  };
}
