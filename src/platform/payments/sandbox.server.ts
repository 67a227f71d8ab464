import { randomUUID } from 'node:crypto';

interface SandboxPayment {
  providerRef: string | null;
  amountCents: number;
  currency: string;
  /** What the PaymentIntent was tagged with: { orderId } or { testPaymentId }. */
  metadata: Record<string, string>;
}

/** The event Stripe would send about this PaymentIntent, as the sandbox's test payment. */
export function sandboxEvent(order: SandboxPayment, outcome: 'succeed' | 'fail') {
  const succeeded = outcome === 'succeed';
  return {
    id: `evt_sandbox_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: null,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    type: succeeded ? 'payment_intent.succeeded' : 'payment_intent.payment_failed',
    data: {
      object: {
        id: order.providerRef,
        object: 'payment_intent',
        amount: order.amountCents,
        amount_received: succeeded ? order.amountCents : 0,
        currency: order.currency,
        metadata: order.metadata,
        status: succeeded ? 'succeeded' : 'requires_payment_method',
        ...(succeeded
          ? {}
          : { last_payment_error: { code: 'card_declined', message: 'The test card was declined.' } }),
      },
    },
  };
}
