/** The enrolled children as the team reads them (browser-safe): words for states and numbers, and where pages live. */
import type { PlacementBasis } from '~/platform/domain';
import { pagePath } from '~/platform/routes';
import type { EnrolmentStateValue } from './adminEnrolments.schema';

/** The console's page of one child's programs and weekly plans (pagePath's, kept while islands call it). */
export const enrolmentPagePath = (childId: string) => pagePath('/admin/enrolments/{id}', childId);

export const ENROLMENT_STATE_LABELS: Record<EnrolmentStateValue, string> = {
  current: 'Running',
  upcoming: 'Starts later',
  ended: 'Ended',
  cancelled: 'Cancelled',
};

export const ENROLMENT_STATE_TONES: Record<EnrolmentStateValue, 'good' | 'info' | 'bad' | undefined> = {
  current: 'good',
  upcoming: 'info',
  ended: undefined,
  cancelled: 'bad',
};

/** How a child's level was last set, in words; null: the level chosen on the child's form. */
export function placementText(placement: { basis: PlacementBasis; placedOn: string } | null): string {
  if (!placement) return 'Chosen on the child’s form';
  return {
    answers: 'Placed by the parent’s answers',
    'read-aloud': 'Placed by a read-aloud',
    review: 'Moved by the review of their ratings',
  }[placement.basis];
}

/** "Week 2 of 4", or a dash before the program starts. */
export const weekText = (week: number | null, weeks: number) =>
  week === null ? '—' : `Week ${Math.min(week, weeks)} of ${weeks}`;

/** "35 of 100 minutes", or what stands in for a goal not set yet. */
export function minutesText(row: {
  state: EnrolmentStateValue;
  goalMinutes: number | null;
  minutesRead: number | null;
}): string {
  if (row.goalMinutes !== null) return `${row.minutesRead ?? 0} of ${row.goalMinutes} minutes`;
  if (row.state === 'current') return 'Plan being made';
  return row.state === 'upcoming' ? 'Not started' : 'No plan';
}
