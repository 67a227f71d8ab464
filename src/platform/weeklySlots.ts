/**
 * Weekly windows of time on a team's clock, written as text in a setting and read in a time zone.
 * The introductory interview's settings use it (INTERVIEW_SLOTS, INTERVIEW_TIME_ZONE,
 * INTERVIEW_MINUTES, parsed once at start-up), the interviews feature cuts the windows into slots.
 *
 *   Tue,Thu 16:00-19:00; Sat 10:00-12:00
 */

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;

export const DEFAULT_INTERVIEW_SLOTS = 'Tue,Thu 16:00-19:00; Sat 10:00-12:00';
export const DEFAULT_INTERVIEW_TIME_ZONE = 'America/New_York';
export const DEFAULT_INTERVIEW_MINUTES = 20;
/**
 * Where a family joins its interview: a video-call address in which `{room}` becomes the booking's
 * own room (so one family never walks into another's call), and a number to ring instead.
 */
export const DEFAULT_INTERVIEW_CALL_URL = 'https://meet.jit.si/quill-reads-interview-{room}';
export const DEFAULT_INTERVIEW_PHONE = '+1 800 555 0142';

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
  /** The video call, `{room}` standing for the booking's room (INTERVIEW_CALL_URL). */
  callUrl: string;
  /** The number a family rings instead (INTERVIEW_PHONE). */
  phone: string;
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

const partsFormats = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}
