/**
 * The week's reading goal and its short daily sessions (issue 15). The goal starts from the level's
 * usual week and follows the child: a little above what they read in their recent weeks, never
 * below half or above one and a half times the level's week, in steps of five minutes.
 */
import type { ReadingLevel } from '~/platform/domain';

/** A usual week of reading at each level, in minutes (about 12 to 30 minutes a school day). */
export const LEVEL_WEEK_MINUTES: Record<ReadingLevel, number> = {
  sprout: 60,
  sapling: 90,
  branch: 120,
  canopy: 150,
};

/**
 * Reading days in a plan week: its five weekdays (a week is seven days from the program's start, so
 * one bought on a Friday has Friday and Monday to Thursday), the weekend free for catching up.
 */
export const SESSION_DAYS = 5;
export const MIN_SESSION_MINUTES = 10;
/** How much more than the recent weeks' median the next goal asks for. */
const GROWTH = 1.1;

const roundTo5 = (minutes: number) => Math.max(5, Math.round(minutes / 5) * 5);

/** The median of the recent weeks' minutes (weeks with no reading count as 0). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

export interface WeeklyGoal {
  goalMinutes: number;
  /** One session a reading day, the plan's first first; they add up to the goal exactly. */
  sessionMinutes: number[];
  basis: 'level' | 'recent-reading';
}

/**
 * The goal for a week. `recentWeeks` holds the minutes of the child's last weeks (up to four, most
 * recent first); with fewer than two weeks of history the level's week is the goal.
 */
export function weeklyGoal(level: ReadingLevel, recentWeeks: readonly number[]): WeeklyGoal {
  const usual = LEVEL_WEEK_MINUTES[level];
  const history = recentWeeks.slice(0, 4).map((m) => (Number.isFinite(m) && m > 0 ? m : 0));
  const basis = history.length >= 2 ? 'recent-reading' : 'level';
  const wanted = basis === 'level' ? usual : median(history) * GROWTH;
  const goalMinutes = roundTo5(Math.min(usual * 1.5, Math.max(usual * 0.5, wanted)));
  return { ...goalOfSessions(goalMinutes, SESSION_DAYS), basis };
}

/**
 * A goal split into `sessions` sessions that add up to it exactly: each a whole number of five
 * minutes, the first ones five minutes longer where the goal does not divide evenly (90 in five is
 * 20, 20, 20, 15, 15), none under ten minutes (the goal rises to ten a session when it is smaller).
 */
export function goalOfSessions(goal: number, sessions: number) {
  const count = Math.max(1, sessions);
  const goalMinutes = Math.max(MIN_SESSION_MINUTES * count, roundTo5(goal));
  const steps = goalMinutes / 5;
  const base = Math.floor(steps / count);
  const longer = steps - base * count;
  const sessionMinutes = Array.from({ length: count }, (_, i) => (base + (i < longer ? 1 : 0)) * 5);
  return { goalMinutes, sessionMinutes };
}
