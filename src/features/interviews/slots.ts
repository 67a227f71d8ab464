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

export const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

export const DEFAULT_INTERVIEW_SLOTS = 'Tue,Thu 16:00-19:00; Sat 10:00-12:00';
export const DEFAULT_INTERVIEW_TIME_ZONE = 'America/New_York';
export const DEFAULT_INTERVIEW_MINUTES = 20;
/** How far ahead families may book. */
export const DEFAULT_INTERVIEW_WEEKS = 3;
/** The team needs half a day's notice to prepare an interview. */
export const INTERVIEW_LEAD_HOURS = 12;

export interface SlotWindow {
  /** 0 = Sunday ... 6 = Saturday. */
  weekdays: number[];
  /** Minutes after midnight on the team's clock. */
  start: number;
  end: number;
}

export interface InterviewSchedule {
  windows: SlotWindow[];
  timeZone: string;
  minutes: number;
}

export interface Slot {
  startsAt: string;
  endsAt: string;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

function minutesOf(text: string): number | undefined {
  const m = TIME.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/** The template's windows, or a message that says what is wrong with it. */
export function parseSlotTemplate(text: string): { windows: SlotWindow[] } | { error: string } {
  const windows: SlotWindow[] = [];
  const parts = text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return { error: 'needs at least one window, like "Tue,Thu 16:00-19:00"' };
  for (const part of parts) {
    const m = /^([A-Za-z,\s]+?)\s+(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})$/.exec(part);
    if (!m?.[1] || !m[2] || !m[3])
      return { error: `"${part}" should look like "Tue,Thu 16:00-19:00" (weekdays, then a time range)` };
    const weekdays: number[] = [];
    for (const day of m[1].split(',').map((d) => d.trim().toLowerCase().slice(0, 3))) {
      const index = WEEKDAYS.indexOf(day as (typeof WEEKDAYS)[number]);
      if (index < 0) return { error: `"${part}": weekdays are Mon, Tue, Wed, Thu, Fri, Sat, Sun` };
      if (!weekdays.includes(index)) weekdays.push(index);
    }
    const start = minutesOf(m[2].padStart(5, '0'));
    const end = minutesOf(m[3].padStart(5, '0'));
    if (start === undefined || end === undefined)
      return { error: `"${part}": times are 24-hour, from 00:00 to 23:59` };
    if (end <= start) return { error: `"${part}": the window must end after it starts, on the same day` };
    windows.push({ weekdays, start, end });
  }
  return { windows };
}

/** Whether the runtime knows this IANA time zone (e.g. Europe/London). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of an instant in a time zone. */
export function zonedParts(instant: number, timeZone: string) {
  let format = partsFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    partsFormats.set(timeZone, format);
  }
  const get = (type: string) => format.formatToParts(instant).find((p) => p.type === type)?.value ?? '';
  return {
    year: Number(get('year')),
    month: Number(get('month')),
    day: Number(get('day')),
    hour: Number(get('hour')),
    minute: Number(get('minute')),
    second: Number(get('second')),
    weekday: WEEKDAYS.indexOf(get('weekday').toLowerCase() as (typeof WEEKDAYS)[number]),
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time happens in a zone, or undefined when that time does not exist
 * there (the hour skipped when clocks go forward). A repeated hour (clocks going back) gives
 * its first occurrence.
 */
export function zonedInstant(
  date: { year: number; month: number; day: number },
  minuteOfDay: number,
  timeZone: string,
): number | undefined {
  const wall = Date.UTC(date.year, date.month - 1, date.day, 0, minuteOfDay);
  // The true instant lies within a day of the wall time read as UTC: one of the offsets in force
  // around it is the right one (the one at `wall` itself can be on the wrong side of a change).
  const candidates = [-86_400_000, 0, 86_400_000].map((d) => wall - offsetAt(wall + d, timeZone));
  const matching = candidates.filter((t) => t + offsetAt(t, timeZone) === wall).sort((a, b) => a - b);
  return matching[0];
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

export interface SlotDay {
  /** YYYY-MM-DD in the zone the slots are shown in. */
  key: string;
  label: string;
  slots: (Slot & { time: string })[];
}

/** Slots grouped by day in the visitor's time zone, with each day and time written for them. */
export function groupSlotsByDay(slots: Slot[], timeZone: string | undefined, locale?: string): SlotDay[] {
  const zone = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const dayLabel = new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: zone,
  });
  const timeLabel = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: zone });
  const days: SlotDay[] = [];
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
