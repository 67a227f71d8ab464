import { useEffect, useState } from 'react';
import { clearSelectedPlan } from '~/features/plans/plan.store';
import { formatBilling, formatDuration } from '~/features/plans/plans';
import type { PlanDto } from '~/features/plans/plans.schema';
import { useSignedIn } from '~/islands/account/useSignedIn';
import { WaitLine } from '~/islands/shared/Spinner';
import { useHydrated } from '~/islands/shared/useHydrated';
import { pagePath } from '~/platform/routes';
import { money } from './money';
import { PayForChild } from './PayForChild';
import { rememberPlan, usePlanChoice } from './usePlanChoice';
import '~/islands/plans/SelectedPlanSummary.css';
import './Checkout.css';

/** Check-out: the chosen program, which child it is for, then the payment. */
export function Checkout() {
  const hydrated = useHydrated();
  const choice = usePlanChoice();
  const signedIn = useSignedIn();
  // Once an order exists, the page stays on its plan whatever another tab does to the basket.
  const [pinned, setPinned] = useState<PlanDto | null>(null);
  const chosenId = choice.status === 'chosen' ? choice.plan.id : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per plan shown, not per render.
  useEffect(() => {
    if (choice.status === 'chosen') rememberPlan(choice.plan);
  }, [chosenId]);

  if (pinned) return <CheckoutFor plan={pinned} signedIn={signedIn} onStarted={setPinned} />;
  if (!hydrated || choice.status === 'loading') {
    return <WaitLine aria-busy="true">Loading your program…</WaitLine>;
  }
  if (choice.status === 'error') {
    return (
      <p className="form-alert form-alert-error" role="alert">
        {choice.message}
      </p>
    );
  }
  if (choice.status === 'none' || choice.status === 'unavailable') {
    return (
      <div className="surface plan-summary plan-summary-empty">
        <h2 className="plan-summary-title">
          {choice.status === 'none' ? 'No program chosen yet' : 'This program is not offered any more'}
        </h2>
        <p>
          {choice.status === 'none'
            ? 'Your basket is empty. Pick a program first; it will wait here for you, even if you reload the page.'
            : 'The link you followed names a program we no longer run. Our current programs are one click away.'}
        </p>
        <a className="btn btn-primary" href={pagePath('/programs')}>
          Browse the programs
        </a>
      </div>
    );
  }

  return <CheckoutFor plan={choice.plan} signedIn={signedIn} onStarted={setPinned} />;
}

/** The chosen program's summary, then who it is for and the payment (or the way to sign in). */
function CheckoutFor({
  plan,
  signedIn,
  onStarted,
}: {
  plan: PlanDto;
  signedIn: boolean;
  onStarted: (plan: PlanDto) => void;
}) {
  return (
    <div className="checkout">
      <PlanSummary plan={plan} />
      {signedIn ? (
        <PayForChild key={plan.id} plan={plan} onStarted={onStarted} />
      ) : (
        <SignInToPay plan={plan} />
      )}
    </div>
  );
}

/** The program being bought: its name, description, length and price, and the way to remove it. */
function PlanSummary({ plan }: { plan: PlanDto }) {
  return (
    <section className="surface plan-summary plan-summary-chosen" aria-labelledby="checkout-plan">
      <p className="plan-summary-label">Your chosen program</p>
      <h2 id="checkout-plan" className="plan-summary-title">
        {plan.name}
      </h2>
      {plan.description && <p>{plan.description}</p>}
      <dl className="plan-summary-facts">
        <div>
          <dt>{plan.billing === 'recurring' ? 'Renews' : 'Length'}</dt>
          <dd>
            {plan.billing === 'recurring'
              ? `${formatBilling(plan).replace(/^a /, 'every ')}, until you cancel`
              : formatDuration(plan.durationMonths)}
          </dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>
            {money(plan)} {plan.billing === 'recurring' ? formatBilling(plan) : ''}
          </dd>
        </div>
      </dl>
      <button type="button" className="link-button" onClick={clearSelectedPlan}>
        Remove this program
      </button>
    </section>
  );
}

/** For a visitor: sign in (or make an account) and come straight back to this program. */
function SignInToPay({ plan }: { plan: PlanDto }) {
  const next = pagePath('/check-out', { query: { plan: plan.id } });
  return (
    <section className="checkout-step" aria-labelledby="checkout-signin">
      <h2 id="checkout-signin">Sign in to pay</h2>
      <p>Programs are for the children on a family account. Sign in and you will come straight back here.</p>
      <div className="plan-summary-actions">
        <a className="btn btn-primary" href={pagePath('/login', { query: { next } })}>
          Sign in to continue
        </a>
        <a className="btn btn-ghost" href={pagePath('/signup', { query: { next } })}>
          Create a family account
        </a>
      </div>
    </section>
  );
}
