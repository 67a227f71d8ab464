/**
 * The introductory interview's slots, from a weekly template in the team's time zone. Pure: the
 * server uses it to offer and to check slots, the tests pin "now".
 *
 * The template is written as `INTERVIEW_SLOTS`, windows separated by semicolons, each one or
 * more weekdays and a time range on the team's clock:
 *
 *   Tue,Thu 16:00-19:00; Sat 10:00-12:00
 *
 * Each window is cut into back-to-back interviews of the configured length.
 */

import { type InterviewSchedule, zonedInstant, zonedParts } from '~/platform/weeklySlots';

/** How far ahead families may book. */
export const DEFAULT_INTERVIEW_WEEKS = 3;
/** The team needs half a day's notice to prepare an interview. */
const INTERVIEW_LEAD_HOURS = 12;

export interface Slot {
  startsAt: string;
  endsAt: string;
}

/**
 * Every slot from the template that starts at least INTERVIEW_LEAD_HOURS after `now` and within
 * `weeks` weeks of it, soonest first.
 */
export function generateSlots(
  schedule: InterviewSchedule,
  now: Date,
  weeks = DEFAULT_INTERVIEW_WEEKS,
): Slot[] {
  const earliest = now.getTime() + INTERVIEW_LEAD_HOURS * 3_600_000;
  const latest = now.getTime() + weeks * 7 * 86_400_000;
  const today = zonedParts(now.getTime(), schedule.timeZone);
  const length = schedule.minutes * 60_000;
  const slots: Slot[] = [];
  // One day more than the range: the zone's "today" may start before now in UTC.
  for (let i = 0; i <= weeks * 7 + 1; i += 1) {
    // Calendar arithmetic on a UTC date never meets a DST change.
    const day = new Date(Date.UTC(today.year, today.month - 1, today.day + i));
    const date = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
    for (const window of schedule.windows) {
      if (!window.weekdays.includes(day.getUTCDay())) continue;
      for (let m = window.start; m + schedule.minutes <= window.end; m += schedule.minutes) {
        const start = zonedInstant(date, m, schedule.timeZone);
        if (start === undefined || start < earliest || start > latest) continue;
        slots.push({
          startsAt: new Date(start).toISOString(),
          endsAt: new Date(start + length).toISOString(),
        });
      }
    }
  }
  return slots
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
    .filter((s, i, all) => s.startsAt !== all[i - 1]?.startsAt);
}

/** The configured slot that starts at this instant, if there is one and it can still be booked. */
export function findSlot(
  schedule: InterviewSchedule,
  startsAt: string,
  now: Date,
  weeks = DEFAULT_INTERVIEW_WEEKS,
) {
  const at = Date.parse(startsAt);
  if (Number.isNaN(at)) return undefined;
  return generateSlots(schedule, now, weeks).find((s) => Date.parse(s.startsAt) === at);
}

interface SlotDay<S extends Slot> {
  /** YYYY-MM-DD in the zone the slots are shown in. */
  key: string;
  label: string;
  slots: (S & { time: string })[];
}

/** Slots grouped by day in the visitor's time zone, with each day and time written for them. */
export function groupSlotsByDay<S extends Slot>(
  slots: S[],
  timeZone: string | undefined,
  locale?: string,
): SlotDay<S>[] {
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const dayLabel = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: zone,
  });
  const timeLabel = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: zone });
  const days: SlotDay<S>[] = [];
  for (const slot of slots) {
    const p = zonedParts(Date.parse(slot.startsAt), zone);
    const key = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
    let day = days.find((d) => d.key === key);
    if (!day) {
      day = { key, label: dayLabel.format(new Date(slot.startsAt)), slots: [] };
      days.push(day);
    }
    day.slots.push({ ...slot, time: timeLabel.format(new Date(slot.startsAt)) });
  }
  return days;
}
