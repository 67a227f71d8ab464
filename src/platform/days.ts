/**
 * Calendar days (browser-safe): a day is a 'YYYY-MM-DD' string, the date something happened on
 * where the family is, with no time attached; an instant's UTC day; whole days between two; ISO
 * weeks. Every feature counts days the same way through these.
 */

/** A day, and a week, in milliseconds. */
export const DAY_MS = 86_400_000;
export const WEEK_MS = 7 * DAY_MS;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written as YYYY-MM-DD (2026-02-30 is not one). */
export function isDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The UTC calendar day of an instant. */
export const utcDay = (date: Date): string => date.toISOString().slice(0, 10);

/** The calendar day of an instant where the browser is: what "today" means to the family. */
export function localDay(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export const addDays = (day: string, days: number): string => fromMs(toMs(day) + days * DAY_MS);

/** Whole days from `from` to `to` (negative when `to` comes first). */
export const daysBetween = (from: string, to: string): number => Math.round((toMs(to) - toMs(from)) / DAY_MS);

/** The Monday that starts the day's week (weeks run Monday to Sunday, as ISO 8601 has them). */
export function weekStart(day: string): string {
  const weekday = (new Date(toMs(day)).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/**
 * The ISO 8601 week of a day, like '2026-W47'. Its year is the year of the week's Thursday, so
 * 29 December 2025 belongs to 2026-W01 and 1 January 2027 to 2026-W53.
 */
export function isoWeek(day: string): string {
  const thursday = addDays(weekStart(day), 3);
  const year = thursday.slice(0, 4);
  const week = Math.floor(daysBetween(`${year}-01-01`, thursday) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * Whether `today` (a date the browser says it is) can be true somewhere on Earth right now: the
 * server's UTC date or one day either side.
 */
export function isPlausibleToday(today: string, now = new Date()): boolean {
  return isDay(today) && Math.abs(daysBetween(utcDay(now), today)) <= 1;
}

/** Calendar months in UTC, keeping the time of day; a day past the month's end becomes its last day. */
export function addCalendarMonths(start: Date, months: number): Date {
  const end = new Date(start.getTime());
  const day = start.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/**
 * The school year a day falls in, named by the calendar year it starts in: a US school year starts
 * in August (2026 for August 2026 to July 2027).
 */
export const schoolYearOf = (day: Date): number =>
  day.getUTCMonth() + 1 >= 8 ? day.getUTCFullYear() : day.getUTCFullYear() - 1;

/** A school grade given in one school year, as it is in another (0 is kindergarten). */
export const gradeIn = (given: { grade: number; schoolYear: number }, day: Date): number =>
  given.grade + schoolYearOf(day) - given.schoolYear;
