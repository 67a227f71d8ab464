import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Db } from '~/platform/db/client.server';
import type { Settings } from '~/platform/env.server';
import { type Billing, stripeBilling } from './billing.server';
import { type SandboxBilling, sandboxBilling } from './sandboxBilling.server';

type ProviderKind = 'stripe' | 'sandbox';
/** Which money moves: none (sandbox), Stripe's test mode, or real cards (live). */
type PaymentMode = 'sandbox' | 'test' | 'live';

/** A refund or cancellation the provider refused because of the payment's state (not an outage). */
export class PaymentStateConflict extends Error {
  constructor(
    message: string,
    readonly providerStatus: string,
  ) {
    super(message);
    this.name = 'PaymentStateConflict';
  }
}

interface NewPayment {
  orderId: string;
  /** Whole cents, read from the plan in the database: never an amount sent by a browser. */
  amountCents: number;
  currency: string;
  description: string;
}

interface CreatedPayment {
  /** The provider's id of the payment (a PaymentIntent id), stored on the order. */
  providerRef: string;
  /** What the browser's Payment Element needs; the sandbox has none. */
  clientSecret?: string;
}

/** One event, as Stripe sends it (the sandbox sends the same shape). */
export type PaymentEvent = Stripe.Event;

export interface PaymentProvider {
  readonly kind: ProviderKind;
  readonly mode: PaymentMode;
  /** The browser's key for Stripe's Payment Element (stripe only). */
  readonly publishableKey?: string;
  createPayment(payment: NewPayment): Promise<CreatedPayment>;
  /** Refunds the payment of one order, whole or `amountCents` of it; asking twice for one order makes one refund. */
  refundPayment(input: {
    orderId: string;
    providerRef: string;
    amountCents?: number;
  }): Promise<{ refundRef: string }>;
  /** Cancels a payment not made yet, so it can no longer be paid; throws PaymentStateConflict if it was. */
  cancelPayment(providerRef: string): Promise<void>;
  /**
   * A small payment by the provider's own test card, confirmed at once, tagged with the test
   * payment's id so its webhook event finds it. Never in live mode.
   */
  createTestPayment(input: {
    testPaymentId: string;
    amountCents: number;
    currency: string;
  }): Promise<{ providerRef: string; status: string }>;
  /** Checks the Stripe-Signature header against the raw body; throws when it does not match. */
  verifyEvent(rawBody: string, signature: string): PaymentEvent;
  /** Renewing programs (Stripe Billing, or the sandbox's own, whose events go to `deliver`). */
  billing(context: BillingContext): Billing;
}

/** What the sandbox's billing needs to mirror Stripe's: its table, the webhook, the retry schedule. */
export interface BillingContext {
  db: Db;
  deliver: (rawBody: string, signature: string) => Promise<unknown>;
  retryDays: readonly number[];
}

/** Stripe itself: a PaymentIntent per order, events signed with the endpoint's secret. */
export function stripeProvider(options: {
  secretKey: string;
  webhookSecret: string;
  publishableKey?: string;
  client?: Stripe;
}): PaymentProvider {
  const stripe = options.client ?? new Stripe(options.secretKey, { maxNetworkRetries: 2 });
  const mode: PaymentMode = options.secretKey.includes('_live_') ? 'live' : 'test';
  return {
    kind: 'stripe',
    mode,
    ...(options.publishableKey ? { publishableKey: options.publishableKey } : {}),
    async createPayment(payment) {
      const intent = await stripe.paymentIntents.create(
        {
          amount: payment.amountCents,
          currency: payment.currency,
          description: payment.description,
          metadata: { orderId: payment.orderId },
          automatic_payment_methods: { enabled: true },
        },
        // A retried request for one order never makes a second PaymentIntent.
        { idempotencyKey: `order-${payment.orderId}` },
      );
      if (!intent.client_secret) throw new Error('Stripe answered a PaymentIntent without a client secret');
      return { providerRef: intent.id, clientSecret: intent.client_secret };
    },
    async refundPayment({ orderId, providerRef, amountCents }) {
      const refund = await stripe.refunds.create(
        {
          payment_intent: providerRef,
          ...(amountCents === undefined ? {} : { amount: amountCents }),
          reason: 'requested_by_customer',
          metadata: { orderId },
        },
        { idempotencyKey: `refund-${orderId}` },
      );
      return { refundRef: refund.id };
    },
    cancelPayment: (providerRef) => cancelStripePayment(stripe, providerRef),
    createTestPayment: (input) => stripeTestPayment(stripe, mode, input),
    verifyEvent: (rawBody, signature) =>
      Stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret),
    billing: () => stripeBilling(stripe),
  };
}

/** Cancels a PaymentIntent; one that already succeeded or is processing is a PaymentStateConflict. */
async function cancelStripePayment(stripe: Stripe, providerRef: string): Promise<void> {
  try {
    await stripe.paymentIntents.cancel(providerRef);
  } catch (error) {
    // Stripe refuses to cancel a PaymentIntent that already succeeded or was cancelled: find out which.
    const intent = await stripe.paymentIntents.retrieve(providerRef);
    if (intent.status === 'canceled') return;
    if (intent.status === 'succeeded' || intent.status === 'processing') {
      throw new PaymentStateConflict('The payment went through before it could be cancelled.', intent.status);
    }
    throw error;
  }
}

/** A test payment by Stripe's test card, confirmed on the server; refused with live keys. */
async function stripeTestPayment(
  stripe: Stripe,
  mode: PaymentMode,
  { testPaymentId, amountCents, currency }: Parameters<PaymentProvider['createTestPayment']>[0],
): Promise<{ providerRef: string; status: string }> {
  if (mode === 'live') throw new PaymentStateConflict('Live keys never run test payments.', 'live');
  const intent = await stripe.paymentIntents.create(
    {
      amount: amountCents,
      currency,
      description: 'Quill Reads test payment (admin check of the payment setup)',
      // Stripe's test card, known to test mode only: no card is typed and nothing is charged.
      payment_method: 'pm_card_visa',
      // Confirmed here on the server: no redirect-based method may be needed.
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      confirm: true,
      metadata: { testPaymentId },
    },
    { idempotencyKey: `test-payment-${testPaymentId}` },
  );
  return { providerRef: intent.id, status: intent.status };
}

interface SandboxProvider extends PaymentProvider {
  readonly kind: 'sandbox';
  /** Signs an event the way Stripe does, with the sandbox's own secret. */
  sign(rawBody: string): string;
  billing(context: BillingContext): SandboxBilling;
}

/**
 * Payments with no card and no network, for development and the tests. Its events are signed
 * like Stripe's and go through the same webhook handler. The secret is random per process unless
 * given, so nobody outside this server can forge a sandbox event.
 */
export function sandboxProvider(
  webhookSecret = `whsec_sandbox_${randomBytes(24).toString('hex')}`,
): SandboxProvider {
  const paymentRef = () => `pi_sandbox_${randomBytes(12).toString('hex')}`;
  const sign = (rawBody: string) =>
    Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret: webhookSecret });
  // One sandbox billing per database (its delivery queue is what `settled` waits for).
  const billings = new WeakMap<Db, SandboxBilling>();
  return {
    kind: 'sandbox',
    mode: 'sandbox',
    async createPayment() {
      return { providerRef: paymentRef() };
    },
    async refundPayment() {
      return { refundRef: `re_sandbox_${randomBytes(12).toString('hex')}` };
    },
    async cancelPayment() {},
    async createTestPayment() {
      return { providerRef: paymentRef(), status: 'succeeded' };
    },
    verifyEvent: (rawBody, signature) => Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret),
    sign,
    billing({ db, deliver, retryDays }) {
      let billing = billings.get(db);
      if (!billing) {
        billing = sandboxBilling(db, (rawBody) => deliver(rawBody, sign(rawBody)), retryDays);
        billings.set(db, billing);
      }
      return billing;
    },
  };
}

export const isSandbox = (provider: PaymentProvider): provider is SandboxProvider =>
  provider.kind === 'sandbox';

type PaymentSettings = Pick<
  Settings,
  'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'PUBLIC_STRIPE_PUBLISHABLE_KEY'
> &
  Partial<Pick<Settings, 'APP_ENV'>>;

/**
 * Stripe whenever a secret key is set; the sandbox only when no Stripe key at all is configured,
 * and never in production. A live key (or a live publishable key) can therefore never fall back to
 * the sandbox. The settings check refuses the same at start-up; this holds for any other caller.
 */
export function choosePaymentProvider(settings: PaymentSettings): PaymentProvider {
  const { STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret } = settings;
  if (secretKey) {
    if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET must be set with STRIPE_SECRET_KEY');
    return stripeProvider({
      secretKey,
      webhookSecret,
      ...(settings.PUBLIC_STRIPE_PUBLISHABLE_KEY
        ? { publishableKey: settings.PUBLIC_STRIPE_PUBLISHABLE_KEY }
        : {}),
    });
  }
  if (settings.APP_ENV === 'production') {
    throw new Error('STRIPE_SECRET_KEY must be set in production: the sandbox never takes payments there');
  }
  if (settings.PUBLIC_STRIPE_PUBLISHABLE_KEY?.startsWith('pk_live_')) {
    throw new Error(
      'A live publishable key needs a live STRIPE_SECRET_KEY: the sandbox never takes live payments',
    );
  }
  return sandboxProvider();
}
