import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useRef, useState } from 'react';
import { paymentsApi } from '~/features/payments/payments.api';
import type { CheckoutDto } from '~/features/payments/payments.schema';
import { WaitLine } from '~/islands/shared/Spinner';
import { useSubmit } from '~/islands/shared/useSubmit';
import { ApiClientError, call } from '~/platform/client/api';
import { publicConfig } from '~/platform/publicConfig';
import { pagePath } from '~/platform/routes';

interface Props {
  checkout: CheckoutDto;
  amount: string;
  /** The child's programs changed since the dates were shown: nothing was sent; show them again. */
  onDatesChanged: (message: string) => void;
}

/** Stripe, loaded with the order's PaymentIntent, and its Payment Element mounted in `mountRef`. */
function useStripeElements(checkout: CheckoutDto) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [elements, setElements] = useState<StripeElements | null>(null);
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    const key = checkout.publishableKey ?? publicConfig.stripePublishableKey;
    if (!key || !checkout.clientSecret) {
      setLoadError('Card payments are not configured correctly here. Please contact us.');
      return;
    }
    let cancelled = false;
    loadStripe(key)
      .then((loaded) => {
        if (cancelled || !loaded || !mountRef.current || !checkout.clientSecret) return;
        const els = loaded.elements({
          clientSecret: checkout.clientSecret,
          appearance: { theme: 'stripe', variables: { colorPrimary: '#0c5a61', borderRadius: '8px' } },
        });
        const element = els.create('payment');
        element.on('ready', () => setReady(true));
        element.mount(mountRef.current);
        setStripe(loaded);
        setElements(els);
      })
      .catch(() =>
        setLoadError('The secure card form could not be loaded. Check your connection and reload.'),
      );
    return () => {
      cancelled = true;
    };
  }, [checkout]);
  return { mountRef, stripe, elements, ready, loadError };
}

/**
 * Stripe's Payment Element for the order's PaymentIntent. The card details go straight to
 * Stripe; the order is paid only when Stripe's signed webhook says so, which /confirmation reads.
 */
export default function StripePayment({ checkout, amount, onDatesChanged }: Props) {
  const { mountRef, stripe, elements, ready, loadError } = useStripeElements(checkout);
  const { submit, busy, errors, setErrors } = useSubmit();
  const error = loadError ?? errors.form;

  const pay = () => {
    if (!stripe || !elements) return;
    void submit(
      async () => {
        // Before the card goes to Stripe: do the dates the family saw still hold?
        try {
          await call(paymentsApi.confirmOrder, { params: { id: checkout.orderId } });
        } catch (e) {
          if (e instanceof ApiClientError && e.code === 'program_changed') onDatesChanged(e.message);
          throw e;
        }
        const result = await stripe.confirmPayment({
          elements,
          confirmParams: {
            return_url: `${window.location.origin}${pagePath('/confirmation', { query: { order: checkout.orderId } })}`,
          },
        });
        // Only reached when the payment could not go ahead (a redirect happens otherwise).
        setErrors({ form: result.error?.message ?? 'The payment did not go through. Please try again.' });
      },
      { fallback: 'The payment could not be checked. Please try again.' },
    );
  };

  return (
    <div className="stripe-panel">
      {!ready && !error && <WaitLine>Loading the secure card form…</WaitLine>}
      <div ref={mountRef} />
      {error && (
        <p className="form-alert form-alert-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="btn btn-primary" onClick={pay} disabled={!ready || busy}>
        {busy ? 'Paying…' : `Pay ${amount}`}
      </button>
    </div>
  );
}
