/**
 * The mid-week reminder (browser-safe, no database): three days into a plan, a family whose child
 * has read less than half the week's goal hears what is left of the week. Its rule and its words;
 * planReminders.server.ts finds the plans (the rule, in SQL) and writes the reminders.
 */
import { pagePath } from '~/platform/routes';
import { planDays, sessionDays } from './planDays';

/** Days into a plan before its reminder: on a plan that starts on Monday, Thursday. */
export const REMINDER_AFTER_DAYS = 3;

/** Below this share of the goal three days in, the family is reminded. */
export const REMINDER_BELOW_SHARE = 0.5;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const COUNTS = ['no', 'one', 'two', 'three', 'four', 'five'];

const weekdayOf = (day: string) => WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()] as string;

/** "Thursday", "Thursday and Friday", "Wednesday, Thursday and Friday". */
function listOf(words: readonly string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

export interface ReminderPlan {
  childId: string;
  firstName: string;
  startsAt: Date;
  endsAt: Date;
  goalMinutes: number;
  sessionMinutes: readonly number[];
  /** Minutes logged on the plan's days so far. */
  minutesRead: number;
}

/**
 * The reminder's words at `now`: the minutes read against the goal and the sessions still ahead
 * (today's included), by weekday; once the sessions are behind, the minutes still to go.
 */
export function reminderNotice(plan: ReminderPlan, now: Date) {
  const name = plan.firstName;
  const days = planDays(plan.startsAt, plan.endsAt);
  const sessions = sessionDays(days, plan.sessionMinutes.length).map((day, i) => ({
    day,
    minutes: plan.sessionMinutes[i] ?? 0,
  }));
  const today = now.toISOString().slice(0, 10);
  const ahead = sessions.filter((s) => s.day >= today);
  const read =
    plan.minutesRead === 0
      ? `${name} has not logged any reading this week yet`
      : `${name} has read ${plan.minutesRead} of ${plan.goalMinutes} minutes this week`;
  const link = pagePath('/reading-plan/{id}', plan.childId);
  if (ahead.length === 0) {
    const last = weekdayOf(days[days.length - 1] as string);
    const toGo = plan.goalMinutes - plan.minutesRead;
    return {
      title: `${name}’s week: ${toGo} minutes to go`,
      body: `${read}. The sessions are behind you, but the week runs until ${last}, and every book counts.`,
      link,
    };
  }
  const count = COUNTS[ahead.length] ?? String(ahead.length);
  const minutes = [...new Set(ahead.map((s) => s.minutes))];
  const length =
    minutes.length === 1
      ? `${minutes[0]} minutes${ahead.length > 1 ? ' each' : ''}`
      : `${listOf(ahead.map((s) => String(s.minutes)))} minutes`;
  const plural = ahead.length === 1 ? '' : 's';
  return {
    title: `${name}’s week: ${count} session${plural} to go`,
    body: `${read}. ${listOf(ahead.map((s) => weekdayOf(s.day)))} ${ahead.length === 1 ? 'is' : 'are'} still ahead (${length}): any book from the plan, or its library alternative, counts.`,
    link,
  };
}
