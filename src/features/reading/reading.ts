/**
 * Rules of the reading log that need no database: calendar days, ISO weeks and months, totals,
 * streaks, the twelve-week chart series and milestones. A day is a 'YYYY-MM-DD' string: the date
 * the family read on, in their own time zone, with no time attached.
 */

import { exactInstant, packCursor, unpackCursor } from '~/platform/cursor';
import { addDays, daysBetween, isDay, isoWeek, utcDay, weekStart } from '~/platform/days';
import { isUuid } from '~/platform/ids';

export const MAX_MINUTES_PER_DAY = 1440;
/** No reading is logged before this day, whatever the child's age. */
export const EARLIEST_READING_DAY = '2000-01-01';
export const CHART_WEEKS = 12;
const SUMMARY_MONTHS = 12;

const monthOf = (day: string): string => day.slice(0, 7);

/** The first day of the month `months` before (negative) or after the day's month. */
export function shiftMonth(month: string, months: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * The latest day an entry may carry. The server knows only UTC; a family in Auckland or Kiribati
 * is already a day ahead of it (UTC+12 to +14), and one in Hawaii a day behind (which is never a
 * problem). So a day after the server's UTC date is allowed, and nothing later: "tomorrow" by
 * everyone's clock is refused. The browser checks against the family's own date before sending.
 */
export const latestReadingDay = (now = new Date()): string => addDays(utcDay(now), 1);

/** The earliest day a child's entry may carry: their birth year or 2000, whichever is later. */
export function earliestReadingDay(birthYear: number | null | undefined): string {
  return birthYear && birthYear > 2000 ? `${birthYear}-01-01` : EARLIEST_READING_DAY;
}

/** A day's reading, summed over its entries. */
export interface DayTotal {
  day: string;
  minutes: number;
  pages: number;
  entries: number;
}

/** A run of consecutive reading days: its last day and how many days it has. */
export interface Run {
  end: string;
  length: number;
}

const uniqueSorted = (days: readonly string[]) => [...new Set(days)].sort();

/**
 * Every run of consecutive reading days, oldest first. Days of a pause (`bridges`: the program
 * paused for a holiday) keep a run going without counting in its length, so a pause never breaks a
 * streak; a run ends on its last day, read or paused.
 */
export function runs(days: readonly string[], bridges: ReadonlySet<string> = new Set()): Run[] {
  const read = new Set(days);
  const out: Run[] = [];
  // Whether the last run reaches the day before: only then can this day continue it.
  let open = false;
  for (const day of uniqueSorted([...days, ...bridges])) {
    const last = out[out.length - 1];
    const continues: boolean = open && last !== undefined && daysBetween(last.end, day) === 1;
    if (continues && last) {
      last.end = day;
      last.length += read.has(day) ? 1 : 0;
    } else if (read.has(day)) out.push({ end: day, length: 1 });
    open = continues || read.has(day);
  }
  return out;
}

/**
 * The current streak: the days in a row up to the most recent reading day, as long as that day
 * is today or yesterday. A streak is not broken before the day is over: at breakfast, a child who
 * read every day up to last night still has their streak. (A day after today counts too: see
 * latestReadingDay.)
 */
export function currentStreak(latest: Run | null | undefined, today: string): number {
  if (!latest) return 0;
  return daysBetween(latest.end, today) <= 1 ? latest.length : 0;
}

/** How many reading days in a row, the day itself included, there are around `day` (a pause's days bridge them). */
export function runAround(
  days: readonly string[],
  day: string,
  bridges: ReadonlySet<string> = new Set(),
): number {
  const set = new Set(days);
  if (!set.has(day)) return 0;
  const inRun = (d: string) => set.has(d) || bridges.has(d);
  let length = 1;
  for (let d = addDays(day, -1); inRun(d); d = addDays(d, -1)) length += set.has(d) ? 1 : 0;
  for (let d = addDays(day, 1); inRun(d); d = addDays(d, 1)) length += set.has(d) ? 1 : 0;
  return length;
}

export interface WeekTotal {
  /** '2026-W47' */
  week: string;
  /** Its Monday. */
  start: string;
  minutes: number;
  entries: number;
}

interface MonthTotal {
  /** '2026-11' */
  month: string;
  minutes: number;
  entries: number;
}

export interface ReadingSummary {
  /** The day the figures are counted for. */
  today: string;
  thisWeek: WeekTotal;
  thisMonth: MonthTotal;
  /** The last twelve weeks, oldest first, this week last; weeks without reading are zero. */
  weeks: WeekTotal[];
  /** The last twelve months, oldest first, this month last. */
  months: MonthTotal[];
  streak: { current: number; longest: number; lastDay: string | null };
  totalMinutes: number;
  totalEntries: number;
}

/** Every figure the reading log shows, from the child's reading per day. */
export function summarize(
  days: readonly DayTotal[],
  today: string,
  bridges: ReadonlySet<string> = new Set(),
): ReadingSummary {
  const byWeek = new Map<string, { minutes: number; entries: number }>();
  const byMonth = new Map<string, { minutes: number; entries: number }>();
  let totalMinutes = 0;
  let totalEntries = 0;
  for (const d of days) {
    const w = weekStart(d.day);
    const m = monthOf(d.day);
    const wt = byWeek.get(w) ?? { minutes: 0, entries: 0 };
    const mt = byMonth.get(m) ?? { minutes: 0, entries: 0 };
    wt.minutes += d.minutes;
    wt.entries += d.entries;
    mt.minutes += d.minutes;
    mt.entries += d.entries;
    byWeek.set(w, wt);
    byMonth.set(m, mt);
    totalMinutes += d.minutes;
    totalEntries += d.entries;
  }
  const thisMonday = weekStart(today);
  const weeks = Array.from({ length: CHART_WEEKS }, (_, i) => {
    const start = addDays(thisMonday, (i - CHART_WEEKS + 1) * 7);
    return { week: isoWeek(start), start, ...(byWeek.get(start) ?? { minutes: 0, entries: 0 }) };
  });
  const months = Array.from({ length: SUMMARY_MONTHS }, (_, i) => {
    const month = shiftMonth(monthOf(today), i - SUMMARY_MONTHS + 1);
    return { month, ...(byMonth.get(month) ?? { minutes: 0, entries: 0 }) };
  });
  const all = runs(
    days.map((d) => d.day),
    bridges,
  );
  const latest = all[all.length - 1];
  return {
    today,
    thisWeek: weeks[weeks.length - 1] as WeekTotal,
    thisMonth: months[months.length - 1] as MonthTotal,
    weeks,
    months,
    streak: {
      current: currentStreak(latest, today),
      longest: all.reduce((max, r) => Math.max(max, r.length), 0),
      lastDay: latest?.end ?? null,
    },
    totalMinutes,
    totalEntries,
  };
}

/**
 * A position in a child's log, newest first: the last entry's day, its creation time (to the
 * millisecond, as the list is sorted) and id. Opaque (base64url) like the blog cursors.
 */
export interface EntryCursor {
  readOn: string;
  createdAt: Date;
  id: string;
}

export function encodeEntryCursor({ readOn, createdAt, id }: EntryCursor): string {
  return packCursor([readOn, createdAt.toISOString(), id]);
}

export function decodeEntryCursor(value: string): EntryCursor | undefined {
  const [readOn = '', iso = '', id = ''] = unpackCursor(value, 3, 200) ?? [];
  if (!isDay(readOn) || !isUuid(id)) return undefined;
  // Years the database holds: anything else would be a 500, not a 400.
  if (readOn < EARLIEST_READING_DAY || readOn > '2999-12-31') return undefined;
  if (!/^2\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(iso)) return undefined;
  const createdAt = exactInstant(iso);
  return createdAt && { readOn, createdAt, id: id.toLowerCase() };
}

/** Days in a row and different books: each milestone is announced once in a child's life. */
export const STREAK_MILESTONES = [3, 7, 14, 30] as const;
const BOOK_MILESTONES = [10, 25, 50, 100] as const;
export type Milestone = `streak-${number}` | `books-${number}`;

/** Every milestone the figures have reached, smallest first. */
export function milestonesReached({ streak, books }: { streak: number; books: number }): Milestone[] {
  return [
    ...STREAK_MILESTONES.filter((n) => streak >= n).map((n): Milestone => `streak-${n}`),
    ...BOOK_MILESTONES.filter((n) => books >= n).map((n): Milestone => `books-${n}`),
  ];
}

const sizeOf = (m: Milestone) => Number(m.split('-')[1]);

/**
 * Of the milestones just reached, the ones to announce: the highest of each kind. Filling the gap
 * in a week of reading reaches 3 and 7 days at once; the family hears about the 7.
 */
export function milestonesToAnnounce(reached: readonly Milestone[]): Milestone[] {
  const best = new Map<string, Milestone>();
  for (const m of reached) {
    const kind = m.split('-')[0] as string;
    const current = best.get(kind);
    if (!current || sizeOf(m) > sizeOf(current)) best.set(kind, m);
  }
  return [...best.values()];
}

export function milestoneNotice(milestone: Milestone, childName: string): { title: string; body: string } {
  const n = sizeOf(milestone);
  if (milestone.startsWith('streak-')) {
    return {
      title: `${childName} read ${n} days in a row`,
      body: `A ${n}-day reading streak! Keep it going tomorrow.`,
    };
  }
  return {
    title: `${childName} has read ${n} different books`,
    body: `${n} books finished in ${childName}’s reading log. What will the next one be?`,
  };
}
