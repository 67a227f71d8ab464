import { lazy, Suspense } from 'react';
import type { CheckoutDto } from '~/features/payments/payments.schema';
import type { PlanDto } from '~/features/plans/plans.schema';
import { FieldError } from '~/islands/shared/Field';
import { WaitLine } from '~/islands/shared/Spinner';
import { pagePath } from '~/platform/routes';
import { money } from './money';
import { ProgramDates } from './ProgramDates';
import { SandboxPayment } from './SandboxPayment';
import { type ChildChoice, useChildChoice } from './useChildChoice';
import { useStartPayment } from './useStartPayment';

// Stripe's script is fetched only when a family reaches the card step with Stripe configured.
const StripePayment = lazy(() => import('./StripePayment'));

/** For a signed-in family: which child the program is for, its dates, then the payment. */
export function PayForChild({ plan, onStarted }: { plan: PlanDto; onStarted: (plan: PlanDto) => void }) {
  const choice = useChildChoice(plan.id);
  const payment = useStartPayment(plan, choice, onStarted);
  const { checkout } = payment;

  if (!choice.ready) return <WaitLine aria-busy="true">Checking your family account…</WaitLine>;
  if (choice.children.length === 0) {
    return (
      <section className="checkout-step" aria-labelledby="checkout-child">
        <h2 id="checkout-child">Who is this program for?</h2>
        <p>Your family account has no child yet. Add your child first; the program will be waiting here.</p>
        <a className="btn btn-primary" href={pagePath('/createProfile')}>
          Add a child
        </a>
      </section>
    );
  }

  return (
    <>
      <ChildStep plan={plan} choice={choice} payment={payment} />
      {checkout && choice.child && (
        <section
          className="checkout-step"
          aria-labelledby="checkout-pay"
          ref={payment.paymentRef}
          tabIndex={-1}
        >
          <h2 id="checkout-pay">Payment</h2>
          <PaymentForm
            checkout={checkout}
            plan={plan}
            childName={choice.child.name}
            onDatesChanged={payment.datesChanged}
          />
        </section>
      )}
    </>
  );
}

/** The first step: the child, the program's dates for them, and the button that starts the payment. */
function ChildStep({
  plan,
  choice,
  payment,
}: {
  plan: PlanDto;
  choice: ChildChoice;
  payment: ReturnType<typeof useStartPayment>;
}) {
  const { child, preview, overlapError } = choice;
  const { checkout, error } = payment;
  return (
    <section className="checkout-step" aria-labelledby="checkout-child">
      <h2 id="checkout-child">Who is this program for?</h2>
      <ChildField choice={choice} locked={checkout !== null} />
      {/* One live region, there from the start, so the dates and any warning are announced. */}
      <div aria-live="polite">
        {preview && child && (
          <ProgramDates
            state={preview}
            planName={plan.name}
            renews={plan.billing === 'recurring'}
            childName={child.name}
            confirmed={choice.startAfterCurrent}
            onConfirm={choice.confirmStart}
            onRetry={choice.retryPreview}
            confirmRef={choice.confirmRef}
            error={overlapError}
          />
        )}
      </div>
      {(error || (overlapError && !choice.overlaps)) && (
        <p className="form-alert form-alert-error" role="alert">
          {error ?? overlapError}
        </p>
      )}
      {!checkout && (
        <button
          type="button"
          className="btn btn-primary"
          onClick={payment.start}
          aria-disabled={payment.busy || (choice.childId !== null && preview?.status !== 'ready')}
        >
          {payment.busy ? 'Preparing your payment…' : `Continue to payment: ${money(plan)}`}
        </button>
      )}
    </section>
  );
}

/** The family's children to choose from; locked once the order is made. */
function ChildField({ choice, locked }: { choice: ChildChoice; locked: boolean }) {
  const { groupId, childError } = choice;
  return (
    <>
      <fieldset
        className="field"
        disabled={locked}
        aria-describedby={childError ? `${groupId}-error` : undefined}
      >
        <legend>Choose a child</legend>
        <div className="chips">
          {choice.children.map((c) => (
            <label key={c._id} className="chip">
              <input
                id={`${groupId}-${c._id}`}
                type="radio"
                name="child"
                value={c._id}
                checked={choice.childId === c._id}
                onChange={() => choice.choose(c._id)}
              />
              {c.name}
            </label>
          ))}
        </div>
        <FieldError id={groupId} error={childError} />
      </fieldset>
      <p className="hint">
        Not listed? <a href={pagePath('/createProfile')}>Add a child</a> to your family account.
      </p>
    </>
  );
}

/** The order's payment: the sandbox's test buttons, or Stripe's card form. */
function PaymentForm({
  checkout,
  plan,
  childName,
  onDatesChanged,
}: {
  checkout: CheckoutDto;
  plan: PlanDto;
  childName: string;
  onDatesChanged: (message: string) => void;
}) {
  if (checkout.provider === 'sandbox') {
    return (
      <SandboxPayment
        orderId={checkout.orderId}
        amount={money(plan)}
        childName={childName}
        onDatesChanged={onDatesChanged}
      />
    );
  }
  return (
    <Suspense fallback={<WaitLine>Loading the secure card form…</WaitLine>}>
      <StripePayment checkout={checkout} amount={money(plan)} onDatesChanged={onDatesChanged} />
    </Suspense>
  );
}
