import { useStore } from '@nanostores/react';
import { $basket, choosePlan, clearSelectedPlan } from '~/features/plans/plan.store';
import { CONDENSED_PROGRAM_PLAN, formatDuration, formatPrice } from '~/features/plans/plans';
import { pagePath } from '~/platform/routes';
import { useHydrated } from '../shared/useHydrated';
import './SelectedPlanSummary.css';

export interface SelectedPlanSummaryProps {
  /** Where the summary sits: on the condensed program page it offers that program; at check-out it sends to the programs. */
  context: 'condensed-program' | 'check-out';
}

/** The program in the visitor's basket, read the same way by every page that shows it. */
export function SelectedPlanSummary({ context }: SelectedPlanSummaryProps) {
  const hydrated = useHydrated();
  // The basket, not the navbar's preset: the program shows as chosen only once the visitor chose it.
  const plan = useStore($basket);
  const chosen = hydrated && plan !== null && plan.selectedPlanName !== null;

  if (!chosen) return <NoPlanChosen context={context} />;

  const price =
    plan.selectedPlanPrice === null ? 'Price to be confirmed' : formatPrice(plan.selectedPlanPrice);
  const duration = plan.selectedPlanDuration === null ? '' : formatDuration(plan.selectedPlanDuration);
  return (
    <div className="surface plan-summary plan-summary-chosen">
      <p className="plan-summary-label">Your chosen program</p>
      <h2 className="plan-summary-title">{plan.selectedPlanName}</h2>
      <dl className="plan-summary-facts">
        {duration && (
          <div>
            <dt>Length</dt>
            <dd>{duration}</dd>
          </div>
        )}
        <div>
          <dt>Price</dt>
          <dd>{price}</dd>
        </div>
      </dl>
      <div className="plan-summary-actions">
        {context === 'condensed-program' ? (
          <a className="btn btn-primary" href={pagePath('/check-out')}>
            Continue to check-out
          </a>
        ) : (
          <a
            className="btn btn-primary"
            href={pagePath('/login', { query: { next: pagePath('/check-out') } })}
          >
            Sign in to continue
          </a>
        )}
        <button type="button" className="btn btn-ghost" onClick={clearSelectedPlan}>
          Remove this program
        </button>
      </div>
    </div>
  );
}

/** No program in the basket: the condensed program offers itself; check-out sends to the programs. */
function NoPlanChosen({ context }: SelectedPlanSummaryProps) {
  if (context === 'condensed-program') {
    return (
      <div className="surface plan-summary">
        <h2 className="plan-summary-title">Ready when you are</h2>
        <p>Choose the A-Bridged program and we will keep it ready for you at check-out.</p>
        <button type="button" className="btn btn-primary" onClick={() => choosePlan(CONDENSED_PROGRAM_PLAN)}>
          Choose the A-Bridged program
        </button>
      </div>
    );
  }
  return (
    <div className="surface plan-summary plan-summary-empty">
      <h2 className="plan-summary-title">No program chosen yet</h2>
      <p>
        Your basket is empty. Pick a program first; it will wait here for you, even if you reload the page.
      </p>
      <a className="btn btn-primary" href={pagePath('/programs')}>
        Browse the programs
      </a>
    </div>
  );
}
