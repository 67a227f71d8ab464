/**
 * A program's progress against its weekly plans (browser-safe, no I/O): what a week's plan counts
 * as read (its minutes, its sessions, its books done), and the one rule for a child behind on the
 * plan. The family's plan (planView.server.ts) and the team's console (adminEnrolments.server.ts)
 * both build on it; the console's list applies the same rule in SQL to filter on it, and its tests
 * check the two agree.
 */
import { WEEK_MS } from '~/platform/days';
import { planDays, sessionDays } from './planDays';
import { titleKey } from './program';

/** Weeks in a program: its length in whole weeks, the last perhaps short (at least one). */
export const programWeeks = (startsAt: Date, endsAt: Date) =>
  Math.max(1, Math.ceil((endsAt.getTime() - startsAt.getTime()) / WEEK_MS));

/** The program week under way at `now` (0 for the first), by the clock, whether its plan is made or not. */
export const programWeekAt = (startsAt: Date, now: Date) =>
  Math.floor((now.getTime() - startsAt.getTime()) / WEEK_MS);

/** Where a program stands: before its start, running, past its end, or stopped by the team. */
export type EnrolmentState = 'upcoming' | 'current' | 'ended' | 'cancelled';

export function enrolmentState(
  program: { status: string; startsAt: Date; endsAt: Date },
  now: Date,
): EnrolmentState {
  if (program.status === 'cancelled') return 'cancelled';
  if (program.status === 'ended' || program.endsAt <= now) return 'ended';
  return program.startsAt > now ? 'upcoming' : 'current';
}

/** An entry of the reading log, as a plan counts it. */
export interface LoggedRead {
  bookId: string | null;
  title: string;
  /** YYYY-MM-DD. */
  readOn: string;
  minutes: number;
  /** The family said the book was finished with this reading. */
  finished: boolean;
}

/** A planned book, with its library alternative. */
export interface PlannedBook {
  bookId: string | null;
  title: string;
  alternativeId: string | null;
}

/**
 * What a plan counts of the log: the minutes on its days, each session with the minutes logged on
 * its day, and whether a planned book is begun or done: in the log from the plan's first day on
 * (by the catalogue book, by its title for an entry typed by hand, or as its library alternative),
 * and done only once an entry says it was finished (one session is not a book).
 */
export function planReading(
  plan: { startsAt: Date; endsAt: Date; sessionMinutes: readonly number[] },
  logs: readonly LoggedRead[],
) {
  const days = planDays(plan.startsAt, plan.endsAt);
  const first = days[0] as string;
  const last = days[days.length - 1] as string;
  const since = logs.filter((log) => log.readOn >= first);
  const minutesOn = new Map<string, number>();
  for (const log of since) {
    if (log.readOn > last) continue;
    minutesOn.set(log.readOn, (minutesOn.get(log.readOn) ?? 0) + log.minutes);
  }
  const inLog = (entries: readonly LoggedRead[]) => {
    const books = new Set(entries.map((l) => l.bookId).filter((id): id is string => id !== null));
    const titles = new Set(entries.map((l) => titleKey(l.title)));
    return (book: PlannedBook) =>
      (book.bookId !== null && books.has(book.bookId)) ||
      titles.has(titleKey(book.title)) ||
      (book.alternativeId !== null && books.has(book.alternativeId));
  };
  const reading = sessionDays(days, plan.sessionMinutes.length);
  return {
    startsOn: first,
    endsOn: last,
    minutesRead: [...minutesOn.values()].reduce((a, b) => a + b, 0),
    sessions: plan.sessionMinutes.map((minutes, i) => {
      const day = reading[i] ?? last;
      return { day, minutes, readMinutes: minutesOn.get(day) ?? 0 };
    }),
    started: inLog(since),
    done: inLog(since.filter((l) => l.finished)),
  };
}

// ---------------------------------------------------------------------------------------------
// Behind on the plan: the team's rule, defined here once.

/** A week is short of its goal when less than this share of it was read. */
export const BEHIND_SHARE = 0.5;

/** The rule in words, for the console's filter and the API's description. */
export const BEHIND_RULE =
  'Past the middle of the week under way with less than half its goal read, or the last finished week ended under half its goal.';

/** One plan-week's reading: its period, its goal and the minutes logged on its days. */
export interface WeekReading {
  weekIndex: number;
  startsAt: Date;
  endsAt: Date;
  goalMinutes: number;
  minutesRead: number;
}

/** Less than half the goal read. */
export const shortOfGoal = (week: Pick<WeekReading, 'goalMinutes' | 'minutesRead'>) =>
  week.minutesRead < week.goalMinutes * BEHIND_SHARE;

/** Half of the week's time has gone. */
export const pastMidpoint = (week: Pick<WeekReading, 'startsAt' | 'endsAt'>, now: Date) =>
  now.getTime() >= week.startsAt.getTime() + (week.endsAt.getTime() - week.startsAt.getTime()) / 2;

/** A missed week: one that has ended short of its goal. */
export const missedWeek = (week: WeekReading, now: Date) => week.endsAt <= now && shortOfGoal(week);

/**
 * Behind on the plan: only a program running now can be. Its week under way is past its middle
 * with less than half the goal read, or its last finished week ended under half its goal. A week
 * whose plan was never made (its job failed: the jobs console shows it) counts neither way.
 */
export function isBehind(
  program: { state: EnrolmentState; current: WeekReading | null; lastFinished: WeekReading | null },
  now: Date,
): boolean {
  if (program.state !== 'current') return false;
  const { current, lastFinished } = program;
  if (current && pastMidpoint(current, now) && shortOfGoal(current)) return true;
  return lastFinished !== null && shortOfGoal(lastFinished);
}

/**
 * Where a program's weeks stand at `now`: the plan-week shown (the one under way for a running
 * program, whether its plan is made or not; the latest for any other), the week number, the weeks
 * missed, and whether the child is behind.
 */
export function programProgress(
  program: { status: string; startsAt: Date; endsAt: Date },
  plans: readonly WeekReading[],
  now: Date,
) {
  const state = enrolmentState(program, now);
  const started = [...plans].filter((w) => w.startsAt <= now).sort((a, b) => a.weekIndex - b.weekIndex);
  const latest = started[started.length - 1] ?? null;
  const current = state === 'current' ? (started.find((w) => now < w.endsAt) ?? null) : latest;
  const lastFinished = [...started].reverse().find((w) => w.endsAt <= now) ?? null;
  const week =
    state === 'current' ? programWeekAt(program.startsAt, now) + 1 : latest ? latest.weekIndex + 1 : null;
  return {
    state,
    week,
    weeks: programWeeks(program.startsAt, program.endsAt),
    shown: current,
    missedWeeks: started.filter((w) => missedWeek(w, now)).length,
    behind: isBehind({ state, current: state === 'current' ? current : null, lastFinished }, now),
  };
}
