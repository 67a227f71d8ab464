import { useEffect, useRef, useState } from 'react';
import { RefreshingNote } from '~/islands/shared/Spinner';
import { NoPlan } from './NoPlan';
import { NotReady } from './NotReady';
import { PlacementForm } from './PlacementForm';
import { PlanBody } from './PlanBody';
import { PlanHeading } from './PlanHeading';
import { useWeeklyPlan } from './useWeeklyPlan';
import './Program.css';
import { CopyGuard } from '~/islands/shared/CopyGuard';

export interface WeeklyPlanProps {
  childId: string;
  /** One week of the child's plans; the week under way without it. */
  planId?: string | undefined;
  /** The printable page: every detail open, the links to the page itself left out. */
  page?: boolean;
}

/**
 * A child's plan for the week: the books to read (each with why it was chosen and a library
 * alternative, ticked off once logged), the goal against the minutes logged, the daily sessions,
 * the read-aloud passage and the streak. On the profile and on its own printable page.
 */
export function WeeklyPlan(props: WeeklyPlanProps) {
  return (
    <CopyGuard>
      <PlanShown {...props} />
    </CopyGuard>
  );
}

/** WeeklyPlan itself, drawn inside its guard. */
function PlanShown({ childId, planId, page = false }: WeeklyPlanProps) {
  const [chosen, setChosen] = useState(planId);
  const [version, setVersion] = useState(0);
  const state = useWeeklyPlan(childId, chosen, version);
  // After a move to another week, focus goes to the new week's heading (the button may be gone).
  const heading = useRef<HTMLHeadingElement>(null);
  const [focusWeek, setFocusWeek] = useState<string | null>(null);
  useEffect(() => {
    // Only once the week asked for is on screen, so its heading is what is read out.
    if (focusWeek && state.status === 'ready' && state.record.plan?.id === focusWeek) {
      heading.current?.focus();
      setFocusWeek(null);
    }
  }, [focusWeek, state]);

  if (state.status !== 'ready')
    return (
      <NotReady state={state} loading="Loading the plan…" missing="There is no such plan in your family." />
    );

  const view = state.record;
  const refreshing = 'refreshing' in state;
  return (
    <section className="plan" aria-labelledby={`plan-title-${childId}`} aria-busy={refreshing}>
      <RefreshingNote show={refreshing} />
      <PlanHeading
        view={view}
        page={page}
        heading={heading}
        onWeek={(id) => {
          setFocusWeek(id);
          setChosen(id);
        }}
      />
      {!page && view.state !== 'none' && view.state !== 'ended' && (
        <PlacementForm view={view} onPlaced={() => setVersion((v) => v + 1)} />
      )}
      {view.plan ? <PlanBody view={view} plan={view.plan} page={page} /> : <NoPlan view={view} />}
    </section>
  );
}
