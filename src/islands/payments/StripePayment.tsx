import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useRef, useState } from 'react';
import type { CheckoutDto } from '~/features/payments/payments.schema';
import { WaitLine } from '~/islands/shared/Spinner';
import { publicConfig } from '~/platform/publicConfig';

interface Props {
  checkout: CheckoutDto;
  amount: string;
}

/**
 * Stripe's Payment Element for the order's PaymentIntent. The card details go straight to
 * Stripe; the order is paid only when Stripe's signed webhook says so, which /confirmation reads.
 */
export default function StripePayment({ checkout, amount }: Props) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [elements, setElements] = useState<StripeElements | null>(null);
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const key = checkout.publishableKey ?? publicConfig.stripePublishableKey;
    if (!key || !checkout.clientSecret) {
      setError('Card payments are not configured correctly here. Please contact us.');
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
      .catch(() => setError('The secure card form could not be loaded. Check your connection and reload.'));
    return () => {
      cancelled = true;
    };
  }, [checkout]);

  const pay = async () => {
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: `${window.location.origin}/confirmation?order=${checkout.orderId}` },
    });
    // Only reached when the payment could not go ahead (a redirect happens otherwise).
    setBusy(false);
    setError(result.error?.message ?? 'The payment did not go through. Please try again.');
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
