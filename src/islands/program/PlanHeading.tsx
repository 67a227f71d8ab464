import type { RefObject } from 'react';
import { planPagePath, wallPagePath } from '~/features/program/program';
import type { ChildPlanDto } from '~/features/program/program.schema';
import { READING_LEVEL_LABELS } from '~/platform/domain';
import { longDate } from './planDates';

/** The plan's heading: whose week, its program and dates, the way to other weeks and the printable pages. */
export function PlanHeading({
  view,
  page,
  heading,
  onWeek,
}: {
  view: ChildPlanDto;
  page: boolean;
  heading: RefObject<HTMLHeadingElement | null>;
  onWeek: (planId: string) => void;
}) {
  const plan = view.plan;
  const at = plan ? view.weeks.findIndex((w) => w.id === plan.id) : -1;
  const before = at > 0 ? view.weeks[at - 1] : undefined;
  const after = at >= 0 && at < view.weeks.length - 1 ? view.weeks[at + 1] : undefined;
  return (
    <header className="plan-heading">
      <div>
        <h2 id={`plan-title-${view.childId}`} ref={heading} tabIndex={-1}>
          {plan
            ? `${view.childName}’s week ${plan.weekIndex + 1} of ${plan.weeks}`
            : `${view.childName}’s reading plan`}
        </h2>
        {plan && (
          <p className="plan-dates">
            {plan.programName} · {longDate(plan.startsOn)} to {longDate(plan.endsOn)} ·{' '}
            {READING_LEVEL_LABELS[plan.readingLevel]}
          </p>
        )}
      </div>
      {plan && view.weeks.length > 1 && (
        <nav className="plan-weeks no-print" aria-label={`${view.childName}’s weeks`}>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!before}
            onClick={() => before && onWeek(before.id)}
          >
            Previous week
          </button>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!after}
            onClick={() => after && onWeek(after.id)}
          >
            Next week
          </button>
        </nav>
      )}
      {!page && (
        <p className="plan-links no-print">
          <a href={planPagePath(view.childId, plan?.id)}>Open the printable plan</a>
          <a href={wallPagePath(view.childId)}>{view.childName}’s finished-books wall</a>
        </p>
      )}
    </header>
  );
}
