import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { paymentsApi } from '~/features/payments/payments.api';
import type { CheckoutDto } from '~/features/payments/payments.schema';
import { clearSelectedPlan } from '~/features/plans/plan.store';
import { formatDuration, formatPrice } from '~/features/plans/plans';
import type { PlanDto } from '~/features/plans/plans.schema';
import { useSignedIn } from '~/islands/account/useSignedIn';
import { errorMessage } from '~/islands/shared/loadState';
import { WaitLine } from '~/islands/shared/Spinner';
import { useHydrated } from '~/islands/shared/useHydrated';
import { useSubmission } from '~/islands/shared/useSubmission';
import { ApiClientError, call } from '~/platform/client/api';
import { $authReady } from '~/platform/identity/authState.store';
import { $userData } from '~/platform/identity/session.store';
import { ProgramDates, useCheckoutPreview } from './ProgramDates';
import { SandboxPayment } from './SandboxPayment';
import { rememberPlan, usePlanChoice } from './usePlanChoice';
import '~/islands/plans/SelectedPlanSummary.css';
import './Checkout.css';
import { FieldError } from '~/islands/shared/Field';

// Stripe's script is fetched only when a family reaches the card step with Stripe configured.
const StripePayment = lazy(() => import('./StripePayment'));

const money = (plan: PlanDto) => formatPrice(plan.priceCents, undefined, plan.currency.toUpperCase());

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
        <a className="btn btn-primary" href="/programs">
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
  const returnTo = `/check-out?plan=${plan.id}`;
  return (
    <div className="checkout">
      <section className="surface plan-summary plan-summary-chosen" aria-labelledby="checkout-plan">
        <p className="plan-summary-label">Your chosen program</p>
        <h2 id="checkout-plan" className="plan-summary-title">
          {plan.name}
        </h2>
        {plan.description && <p>{plan.description}</p>}
        <dl className="plan-summary-facts">
          <div>
            <dt>Length</dt>
            <dd>{formatDuration(plan.durationMonths)}</dd>
          </div>
          <div>
            <dt>Price</dt>
            <dd>{money(plan)}</dd>
          </div>
        </dl>
        <button type="button" className="link-button" onClick={clearSelectedPlan}>
          Remove this program
        </button>
      </section>
      {signedIn ? (
        <PayForChild key={plan.id} plan={plan} onStarted={onStarted} />
      ) : (
        <section className="checkout-step" aria-labelledby="checkout-signin">
          <h2 id="checkout-signin">Sign in to pay</h2>
          <p>
            Programs are for the children on a family account. Sign in and you will come straight back here.
          </p>
          <div className="plan-summary-actions">
            <a className="btn btn-primary" href={`/login?next=${encodeURIComponent(returnTo)}`}>
              Sign in to continue
            </a>
            <a className="btn btn-ghost" href={`/signup?next=${encodeURIComponent(returnTo)}`}>
              Create a family account
            </a>
          </div>
        </section>
      )}
    </div>
  );
}

function PayForChild({ plan, onStarted }: { plan: PlanDto; onStarted: (plan: PlanDto) => void }) {
  const user = useStore($userData);
  const authReady = useStore($authReady);
  const [childId, setChildId] = useState<string | null>(null);
  const [childError, setChildError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submission = useSubmission();
  const busy = submission.busy;
  const [checkout, setCheckout] = useState<CheckoutDto | null>(null);
  const [startAfterCurrent, setStartAfterCurrent] = useState(false);
  const [overlapError, setOverlapError] = useState<string | null>(null);
  // Asked once the sign-in is known: before that the request would go without the family's token.
  const { state: preview, retry: retryPreview } = useCheckoutPreview(
    plan.id,
    authReady && user ? childId : null,
  );
  const confirmRef = useRef<HTMLInputElement>(null);
  const groupId = useId();
  const paymentRef = useRef<HTMLElement>(null);
  const children = user?.children ?? [];

  useEffect(() => {
    if (!childId && children.length === 1) setChildId(children[0]?._id ?? null);
  }, [children, childId]);
  useEffect(() => {
    if (checkout) paymentRef.current?.focus();
  }, [checkout]);
  // Nothing was paid: back to the dates, shown anew, with what changed and the choice to go on.
  const datesChanged = (message: string) => {
    setCheckout(null);
    setStartAfterCurrent(false);
    setOverlapError(message);
    retryPreview();
  };

  if (!authReady || !user) {
    return <WaitLine aria-busy="true">Checking your family account…</WaitLine>;
  }
  if (children.length === 0) {
    return (
      <section className="checkout-step" aria-labelledby="checkout-child">
        <h2 id="checkout-child">Who is this program for?</h2>
        <p>Your family account has no child yet. Add your child first; the program will be waiting here.</p>
        <a className="btn btn-primary" href="/createProfile">
          Add a child
        </a>
      </section>
    );
  }

  const child = children.find((c) => c._id === childId);
  const overlaps = preview?.status === 'ready' && preview.preview.reason === 'after_current';
  const start = async () => {
    if (!childId) {
      setChildError('Choose which child this program is for.');
      document.getElementById(`${groupId}-${children[0]?._id}`)?.focus();
      return;
    }
    if (preview?.status !== 'ready') return;
    if (overlaps && !startAfterCurrent) {
      setOverlapError('Tick the box to confirm when this program starts, or choose another child.');
      confirmRef.current?.focus();
      return;
    }
    setError(null);
    setOverlapError(null);
    try {
      // A double-click starts one check-out, and a retry after a lost answer makes no second
      // order: one idempotency key for this plan and child until an order is made.
      await submission.run(async (idempotencyKey) => {
        const started = await call(paymentsApi.checkout, {
          body: { planId: plan.id, childId, ...(overlaps ? { startAfterCurrent: true } : {}) },
          idempotencyKey,
        });
        onStarted(plan);
        setCheckout(started);
      }, `${plan.id} ${childId}`);
    } catch (e) {
      if (e instanceof ApiClientError && e.fields.childId) setChildError(e.fields.childId);
      else if (e instanceof ApiClientError && e.code === 'program_overlap') {
        // The child's programs changed since the dates were shown: show them again, and why.
        retryPreview();
        setOverlapError(e.message);
      } else setError(errorMessage(e, 'The payment could not be started. Please try again.'));
    }
  };

  return (
    <>
      <section className="checkout-step" aria-labelledby="checkout-child">
        <h2 id="checkout-child">Who is this program for?</h2>
        <fieldset
          className="field"
          disabled={checkout !== null}
          aria-describedby={childError ? `${groupId}-error` : undefined}
        >
          <legend>Choose a child</legend>
          <div className="chips">
            {children.map((c) => (
              <label key={c._id} className="chip">
                <input
                  id={`${groupId}-${c._id}`}
                  type="radio"
                  name="child"
                  value={c._id}
                  checked={childId === c._id}
                  onChange={() => {
                    setChildId(c._id);
                    setChildError(null);
                    setStartAfterCurrent(false);
                    setOverlapError(null);
                  }}
                />
                {c.name}
              </label>
            ))}
          </div>
          <FieldError id={groupId} error={childError} />
        </fieldset>
        <p className="hint">
          Not listed? <a href="/createProfile">Add a child</a> to your family account.
        </p>
        {/* One live region, there from the start, so the dates and any warning are announced. */}
        <div aria-live="polite">
          {preview && child && (
            <ProgramDates
              state={preview}
              planName={plan.name}
              childName={child.name}
              confirmed={startAfterCurrent}
              onConfirm={(confirmed) => {
                setStartAfterCurrent(confirmed);
                setOverlapError(null);
              }}
              onRetry={retryPreview}
              confirmRef={confirmRef}
              error={overlapError}
            />
          )}
        </div>
        {(error || (overlapError && !overlaps)) && (
          <p className="form-alert form-alert-error" role="alert">
            {error ?? overlapError}
          </p>
        )}
        {!checkout && (
          <button
            type="button"
            className="btn btn-primary"
            onClick={start}
            aria-disabled={busy || (childId !== null && preview?.status !== 'ready')}
          >
            {busy ? 'Preparing your payment…' : `Continue to payment: ${money(plan)}`}
          </button>
        )}
      </section>
      {checkout && child && (
        <section className="checkout-step" aria-labelledby="checkout-pay" ref={paymentRef} tabIndex={-1}>
          <h2 id="checkout-pay">Payment</h2>
          {checkout.provider === 'sandbox' ? (
            <SandboxPayment
              orderId={checkout.orderId}
              amount={money(plan)}
              childName={child.name}
              onDatesChanged={datesChanged}
            />
          ) : (
            <Suspense fallback={<WaitLine>Loading the secure card form…</WaitLine>}>
              <StripePayment checkout={checkout} amount={money(plan)} onDatesChanged={datesChanged} />
            </Suspense>
          )}
        </section>
      )}
    </>
  );
}
