/**
 * What the weekly chart draws and says, without React: the scale of its minutes axis, the
 * labels of days and weeks, and the sentence that stands in for the picture.
 */

import { groupDigits } from '~/platform/numbers';
import { formatDay } from '~/platform/time';
import type { WeekTotal } from './reading';

const STEPS = [5, 10, 15, 30, 60, 120, 180, 300, 600, 1200, 3000];

/** Round ticks for the minutes axis, from 0 to at least `max`, at most five of them. */
export function chartTicks(max: number): number[] {
  const top = Math.max(max, 30);
  const step = STEPS.find((s) => Math.ceil(top / s) <= 4) ?? Math.ceil(top / 4);
  return Array.from({ length: Math.ceil(top / step) + 1 }, (_, i) => i * step);
}

/** "21 Nov" (or "Nov 21"): a week's Monday on the chart's axis, in the reader's language. */
export const shortDay = (day: string, locale?: string) => formatDay(day, 'axisDay', { locale });

/** "Sat, 21 Nov 2026": a day in the list of entries. */
export const longDay = (day: string, locale?: string) => formatDay(day, 'listDay', { locale });

/** "November 2026" */
export const monthName = (month: string, locale?: string) => formatDay(`${month}-01`, 'month', { locale });

/** "1 minute", "1,250 minutes" */
export const minutesText = (n: number) => `${groupDigits(n)} ${n === 1 ? 'minute' : 'minutes'}`;

/** "3 days", "1 day" */
export const daysText = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** The chart in words: what a parent would take from the picture. */
export function chartSummary(weeks: readonly WeekTotal[], locale?: string): string {
  const total = weeks.reduce((sum, w) => sum + w.minutes, 0);
  const span = `the last ${weeks.length} weeks`;
  if (total === 0) return `No reading logged in ${span}.`;
  const best = weeks.reduce((a, b) => (b.minutes > a.minutes ? b : a));
  const empty = weeks.filter((w) => w.minutes === 0).length;
  const thisWeek = weeks[weeks.length - 1];
  return [
    `Minutes of reading per week over ${span}: ${minutesText(total)} in all.`,
    `This week: ${minutesText(thisWeek?.minutes ?? 0)}.`,
    `Most in one week: ${minutesText(best.minutes)}, the week of ${shortDay(best.start, locale)}.`,
    empty > 0 ? `${empty} of ${weeks.length} weeks without reading.` : 'Reading every week.',
  ].join(' ');
}
