import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { poll as refreshNotificationCount } from '~/features/notifications/poller.store';
import type { OrderDto } from '~/features/payments/payments.schema';
import { formatPrice } from '~/features/plans/plans';
import { useSignedIn } from '~/islands/account/useSignedIn';
import { errorMessage } from '~/islands/shared/loadState';
import { Spinner, WaitLine } from '~/islands/shared/Spinner';
import { useHydrated } from '~/islands/shared/useHydrated';
import { ApiClientError, call, lazyContracts } from '~/platform/client/api';
import { $authReady } from '~/platform/identity/authState.store';
import { refreshUserData } from '~/platform/identity/session.store';
import './Checkout.css';
import { clearBasketOf } from '~/features/plans/plan.store';
import { isUuid } from '~/platform/ids';
import { formatTime } from '~/platform/time';

/** Only a signed-in family with an order asks the API: a first visit loads no schemas. */
const paymentContracts = lazyContracts(() =>
  import('~/features/payments/payments.api').then((m) => m.paymentsApi),
);

/** How many times, and how often, a payment still processing is asked about before saying so. */
const CHECKS = 6;
const CHECK_EVERY_MS = 2_000;

type View =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'error'; message: string }
  | { state: 'order'; order: OrderDto; checks: number };

/** The real state of one order, read from the server: the address only says which order. */
export function Confirmation() {
  const hydrated = useHydrated();
  const authReady = useStore($authReady);
  const signedIn = useSignedIn();
  const [view, setView] = useState<View>({ state: 'loading' });
  const [round, setRound] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const orderId = hydrated ? (new URLSearchParams(window.location.search).get('order') ?? '') : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round (Check again, Try again) asks the server again.
  useEffect(() => {
    if (!hydrated || !signedIn || !authReady) return;
    if (!isUuid(orderId)) {
      setView({ state: 'missing' });
      return;
    }
    let stale = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async (checks: number) => {
      try {
        const order = await call((await paymentContracts()).order, { params: { id: orderId } });
        if (stale) return;
        setView({ state: 'order', order, checks });
        if (order.status === 'pending' && checks < CHECKS) {
          timer = setTimeout(() => void check(checks + 1), CHECK_EVERY_MS);
        }
        if (order.status === 'paid') {
          // Bought: out of the basket, in every tab (unless another tab has chosen anew since).
          clearBasketOf(order.plan);
          void refreshNotificationCount();
          void refreshUserData().catch(() => {});
        }
      } catch (e) {
        if (stale) return;
        if (e instanceof ApiClientError && e.status === 404) setView({ state: 'missing' });
        else
          setView({
            state: 'error',
            message: errorMessage(e, 'The order could not be loaded.'),
          });
      }
    };
    void check(1);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [hydrated, signedIn, authReady, orderId, round]);

  const settled = view.state === 'order' ? view.order.status : view.state;
  useEffect(() => {
    if (settled !== 'loading') headingRef.current?.focus();
  }, [settled]);

  if (!hydrated || (signedIn && view.state === 'loading')) {
    return <WaitLine aria-busy="true">Looking up your order…</WaitLine>;
  }
  if (!signedIn) {
    const back = `/confirmation${orderId ? `?order=${encodeURIComponent(orderId)}` : ''}`;
    return (
      <Panel tone="pending" title="Sign in to see your order" headingRef={headingRef}>
        <p>Orders belong to a family account. Sign in and you will come straight back to this page.</p>
        <a className="btn btn-primary" href={`/login?next=${encodeURIComponent(back)}`}>
          Sign in
        </a>
      </Panel>
    );
  }
  if (view.state === 'missing') {
    return (
      <Panel tone="failed" title="We could not find this order" headingRef={headingRef}>
        <p>
          There is no order with this reference in your family account. If you paid from another account, sign
          in with that one; your orders are also listed on your profile.
        </p>
        <NextStep href="/programs">Choose a program</NextStep>
      </Panel>
    );
  }
  if (view.state === 'error') {
    return (
      <Panel tone="failed" title="Your order could not be loaded" headingRef={headingRef}>
        <p role="alert">{view.message}</p>
        <button type="button" className="btn btn-primary" onClick={() => setRound((r) => r + 1)}>
          Try again
        </button>
      </Panel>
    );
  }
  if (view.state === 'loading') return null;
  return (
    <OrderState
      order={view.order}
      checks={view.checks}
      headingRef={headingRef}
      onCheck={() => setRound((r) => r + 1)}
    />
  );
}

function OrderState({
  order,
  checks,
  headingRef,
  onCheck,
}: {
  order: OrderDto;
  checks: number;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onCheck: () => void;
}) {
  const amount = formatPrice(order.amountCents, undefined, order.currency.toUpperCase());
  const childName = order.child?.firstName ?? 'your child';
  const retry = `/check-out?plan=${order.plan.id}`;
  if (order.status === 'paid') {
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
          {childName}’s first weekly plan appears on the Reading plan tab of your profile within minutes of
          the program starting. There, three quick questions set the level the books start at. Would you like
          to talk it over first? Book a short introductory interview with our team, by video or phone.
        </p>
        <NextStep href="/schedule-interview">Book the introductory interview</NextStep>
      </Panel>
    );
  }
  if (order.status === 'pending') {
    const gaveUp = checks >= CHECKS;
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
  if (order.status === 'failed') {
    return (
      <Panel tone="failed" title="The payment did not go through" headingRef={headingRef}>
        <p>
          Nothing was charged for {order.plan.name} ({amount}). The card may have been declined; you can try
          again with the same or another card.
        </p>
        <a className="btn btn-primary" href={retry}>
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
        <a href="/contact-us">Contact us</a>.
      </p>
    </Panel>
  );
}

function Panel({
  tone,
  title,
  headingRef,
  children,
}: {
  tone: 'paid' | 'pending' | 'failed';
  title: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  children: React.ReactNode;
}) {
  return (
    <section className="order-state" data-tone={tone} aria-labelledby="order-state-title">
      <h2 id="order-state-title" ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The way on from a settled page: one main step, and the profile beside it. */
function NextStep({ href, children }: { href: string; children: ReactNode }) {
  return (
    <div className="plan-summary-actions">
      <a className="btn btn-primary" href={href}>
        {children}
      </a>
      <a className="btn btn-ghost" href="/profile">
        Go to your profile
      </a>
    </div>
  );
}
