import { useEffect, useRef } from 'react';
import { useSignedIn } from '~/islands/account/useSignedIn';
import { WaitLine } from '~/islands/shared/Spinner';
import { useHydrated } from '~/islands/shared/useHydrated';
import { pagePath } from '~/platform/routes';
import { NextStep, Panel } from './OrderPanel';
import { OrderState } from './OrderState';
import { useOrderView } from './useOrderView';
import './Checkout.css';

/** The real state of one order, read from the server: the address only says which order. */
export function Confirmation() {
  const hydrated = useHydrated();
  const signedIn = useSignedIn();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const orderId = hydrated ? (new URLSearchParams(window.location.search).get('order') ?? '') : '';
  const { view, checkAgain } = useOrderView(orderId, hydrated, signedIn);

  const settled = view.state === 'order' ? view.order.status : view.state;
  useEffect(() => {
    if (settled !== 'loading') headingRef.current?.focus();
  }, [settled]);

  if (!hydrated || (signedIn && view.state === 'loading')) {
    return <WaitLine aria-busy="true">Looking up your order…</WaitLine>;
  }
  if (!signedIn) {
    const back = pagePath('/confirmation', { query: { order: orderId || undefined } });
    return (
      <Panel tone="pending" title="Sign in to see your order" headingRef={headingRef}>
        <p>Orders belong to a family account. Sign in and you will come straight back to this page.</p>
        <a className="btn btn-primary" href={pagePath('/login', { query: { next: back } })}>
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
        <NextStep href={pagePath('/programs')}>Choose a program</NextStep>
      </Panel>
    );
  }
  if (view.state === 'error') {
    return (
      <Panel tone="failed" title="Your order could not be loaded" headingRef={headingRef}>
        <p role="alert">{view.message}</p>
        <button type="button" className="btn btn-primary" onClick={checkAgain}>
          Try again
        </button>
      </Panel>
    );
  }
  if (view.state === 'loading') return null;
  return <OrderState order={view.order} checks={view.checks} headingRef={headingRef} onCheck={checkAgain} />;
}
