/**
 * The days of a plan and the days of its sessions (UTC days, YYYY-MM-DD). A plan covers its program
 * week (seven days from the program's start day), or less when the program ends sooner; its
 * sessions fall on the weekdays of those days, the weekend left for catching up: a week that starts
 * on a Friday has its sessions on Friday and Monday to Thursday. A short last week has as many
 * sessions as it has weekdays, and its goal shrinks with them.
 */
import { addDays, DAY_MS, utcDay } from '~/platform/days';
import { goalOfSessions, type WeeklyGoal } from './weeklyGoal';

/** The plan's days: from its first day to the day before it ends (at most seven). */
export function planDays(startsAt: Date, endsAt: Date): string[] {
  const first = utcDay(startsAt);
  const last = utcDay(new Date(endsAt.getTime() - 1));
  const days: string[] = [];
  for (let d = first; d <= last && days.length < 7; d = addDays(d, 1)) days.push(d);
  return days;
}

const isWeekday = (day: string) => {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday >= 1 && weekday <= 5;
};

/**
 * The days of `sessions` sessions among the plan's days: its weekdays in order; a plan with fewer
 * weekdays than sessions (a short last week) takes its weekend days too, never a day twice.
 */
export function sessionDays(days: readonly string[], sessions: number): string[] {
  const weekdays = days.filter(isWeekday);
  if (weekdays.length >= sessions) return weekdays.slice(0, sessions);
  const extra = days.filter((d) => !isWeekday(d)).slice(0, sessions - weekdays.length);
  return [...weekdays, ...extra].sort();
}

/**
 * The week's goal fitted to the plan's days: a full week keeps it; a shorter one keeps one session
 * per weekday it has (at least one) and its share of the goal, split the same way (goalOfSessions).
 */
export function fitGoalToDays(goal: WeeklyGoal, days: readonly string[]): WeeklyGoal {
  const weekdays = days.filter(isWeekday).length;
  const sessions = Math.max(1, Math.min(goal.sessionMinutes.length, weekdays || days.length));
  if (sessions === goal.sessionMinutes.length) return goal;
  const share = (goal.goalMinutes * sessions) / goal.sessionMinutes.length;
  return { ...goal, ...goalOfSessions(share, sessions) };
}

/** The plan's end: a week after its start, or the program's end when that comes first. */
export const planEnd = (startsAt: Date, programEndsAt: Date) =>
  new Date(Math.min(startsAt.getTime() + 7 * DAY_MS, programEndsAt.getTime()));
