import type { RefObject } from 'react';
import type { OrderDto } from '~/features/payments/payments.schema';
import { formatPrice } from '~/features/plans/plans';
import { Spinner } from '~/islands/shared/Spinner';
import { pagePath } from '~/platform/routes';
import { formatTime } from '~/platform/time';
import { NextStep, Panel } from './OrderPanel';
import { CHECKS } from './useOrderView';

type Heading = RefObject<HTMLHeadingElement | null>;

/** What the order's state means for the family: paid, still processing, failed, or closed. */
export function OrderState({
  order,
  checks,
  headingRef,
  onCheck,
}: {
  order: OrderDto;
  checks: number;
  headingRef: Heading;
  onCheck: () => void;
}) {
  const amount = formatPrice(order.amountCents, undefined, order.currency.toUpperCase());
  const childName = order.child?.firstName ?? 'your child';
  if (order.status === 'paid') return <PaidOrder order={order} amount={amount} headingRef={headingRef} />;
  if (order.status === 'pending') {
    return (
      <PendingOrder
        childName={childName}
        gaveUp={checks >= CHECKS}
        headingRef={headingRef}
        onCheck={onCheck}
      />
    );
  }
  if (order.status === 'failed') {
    return (
      <Panel tone="failed" title="The payment did not go through" headingRef={headingRef}>
        <p>
          Nothing was charged for {order.plan.name} ({amount}). The card may have been declined; you can try
          again with the same or another card.
        </p>
        <a className="btn btn-primary" href={pagePath('/check-out', { query: { plan: order.plan.id } })}>
          Try again
        </a>
      </Panel>
    );
  }
  return (
    <Panel
      tone="failed"
      title={order.status === 'refunded' ? 'This order was refunded' : 'This order was cancelled'}
      headingRef={headingRef}
    >
      <p>
        {order.plan.name} for {childName} ({amount}) is no longer active. Questions?{' '}
        <a href={pagePath('/contact-us')}>Contact us</a>.
      </p>
    </Panel>
  );
}

/** A paid order: the child is enrolled, the program's dates, and what happens next. */
function PaidOrder({ order, amount, headingRef }: { order: OrderDto; amount: string; headingRef: Heading }) {
  const childName = order.child?.firstName ?? 'your child';
  const sub = order.subscription;
  return (
    <Panel tone="paid" title="Payment received: thank you!" headingRef={headingRef}>
      <p>
        {childName} is enrolled in <strong>{order.plan.name}</strong>. We have left {childName} a note in
        their notifications.
      </p>
      <dl className="order-facts">
        {sub && (
          <>
            <div>
              <dt>Program starts</dt>
              <dd>{formatTime(sub.startsAt, 'date')}</dd>
            </div>
            <div>
              <dt>Program ends</dt>
              <dd>{formatTime(sub.endsAt, 'date')}</dd>
            </div>
          </>
        )}
        <div>
          <dt>Paid</dt>
          <dd>{amount}</dd>
        </div>
        <div>
          <dt>Order reference</dt>
          <dd className="order-ref">{order.id.slice(0, 8).toUpperCase()}</dd>
        </div>
      </dl>
      <h3>What happens next</h3>
      <p>
        {childName}’s first weekly plan appears on the Reading plan tab of your profile within minutes of the
        program starting. There, three quick questions set the level the books start at. Would you like to
        talk it over first? Book a short introductory interview with our team, by video or phone.
      </p>
      <NextStep href={pagePath('/schedule-interview')}>Book the introductory interview</NextStep>
    </Panel>
  );
}

/** A payment the card network has not confirmed yet: asked again a few times, then "Check again". */
function PendingOrder({
  childName,
  gaveUp,
  headingRef,
  onCheck,
}: {
  childName: string;
  gaveUp: boolean;
  headingRef: Heading;
  onCheck: () => void;
}) {
  return (
    <Panel tone="pending" title="Your payment is being processed" headingRef={headingRef}>
      <p aria-live="polite">
        {gaveUp
          ? `We have not heard back from the card network yet. This can take a few minutes. Nothing more is needed from you: ${childName} will get a notification as soon as the payment is confirmed, and this page will show it when you check again.`
          : 'Confirming your payment with the card network…'}
      </p>
      {gaveUp ? (
        <button type="button" className="btn btn-primary" onClick={onCheck}>
          Check again
        </button>
      ) : (
        <Spinner label="Checking" />
      )}
    </Panel>
  );
}
