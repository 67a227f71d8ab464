import { formatTime, type Viewer } from '~/platform/time';
import type { ReportData } from './reports.schema';

// The words a progress report uses wherever it is shown: the page, the PDF, the profile's list.

/** "March 2, 2026 to March 29, 2026": the days of the period (its end is the day after its last). */
export function periodText(start: Date | string, end: Date | string, viewer: Viewer = {}): string {
  const last = new Date(new Date(end).getTime() - 1);
  return `${formatTime(start, 'date', viewer)} to ${formatTime(last, 'date', viewer)}`;
}

/** A week's minutes against its goal: "64 of 60 minutes, on goal", or the minutes alone. */
export function weekLine(week: ReportData['weeks'][number]): string {
  if (week.goalMinutes === null) return `${week.minutesRead} minutes`;
  const met = week.minutesRead >= week.goalMinutes;
  return `${week.minutesRead} of ${week.goalMinutes} minutes${met ? ', on goal' : ''}`;
}

/** What the report is called: a progress report, or the one at the program's end. */
export const reportTitle = (childName: string, kind: 'progress' | 'final') =>
  `${childName}’s ${kind === 'final' ? 'end-of-program' : 'progress'} report`;
