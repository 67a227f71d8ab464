import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import type { Settings } from '../env';

export type ProviderKind = 'stripe' | 'sandbox';

export interface NewPayment {
  orderId: string;
  /** Whole cents, read from the plan in the database: never an amount sent by a browser. */
  amountCents: number;
  currency: string;
  description: string;
}

export interface CreatedPayment {
  /** The provider's id of the payment (a PaymentIntent id), stored on the order. */
  providerRef: string;
  /** What the browser's Payment Element needs; the sandbox has none. */
  clientSecret?: string;
}

/** One event, as Stripe sends it (the sandbox sends the same shape). */
export type PaymentEvent = Stripe.Event;

export interface PaymentProvider {
  readonly kind: ProviderKind;
  /** The browser's key for Stripe's Payment Element (stripe only). */
  readonly publishableKey?: string;
  createPayment(payment: NewPayment): Promise<CreatedPayment>;
  /** Checks the Stripe-Signature header against the raw body; throws when it does not match. */
  verifyEvent(rawBody: string, signature: string): PaymentEvent;
}

/** Stripe itself: a PaymentIntent per order, events signed with the endpoint's secret. */
export function stripeProvider(options: {
  secretKey: string;
  webhookSecret: string;
  publishableKey?: string;
  client?: Stripe;
}): PaymentProvider {
  const stripe = options.client ?? new Stripe(options.secretKey, { maxNetworkRetries: 2 });
  return {
    kind: 'stripe',
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
    verifyEvent: (rawBody, signature) =>
      Stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret),
  };
}

export interface SandboxProvider extends PaymentProvider {
  readonly kind: 'sandbox';
  /** Signs an event the way Stripe does, with the sandbox's own secret. */
  sign(rawBody: string): string;
}

/**
 * Payments with no card and no network, for development and the tests. Its events are signed
 * like Stripe's and go through the same webhook handler. The secret is random per process unless
 * given, so nobody outside this server can forge a sandbox event.
 */
export function sandboxProvider(
  webhookSecret = `whsec_sandbox_${randomBytes(24).toString('hex')}`,
): SandboxProvider {
  return {
    kind: 'sandbox',
    async createPayment() {
      return { providerRef: `pi_sandbox_${randomBytes(12).toString('hex')}` };
    },
    verifyEvent: (rawBody, signature) => Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret),
    sign: (rawBody) => Stripe.webhooks.generateTestHeaderString({ payload: rawBody, secret: webhookSecret }),
  };
}

export const isSandbox = (provider: PaymentProvider): provider is SandboxProvider =>
  provider.kind === 'sandbox';

type PaymentSettings = Pick<
  Settings,
  'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'PUBLIC_STRIPE_PUBLISHABLE_KEY'
>;

/**
 * Stripe whenever a secret key is set; the sandbox only when no Stripe key at all is configured.
 * A live key (or a live publishable key) can therefore never fall back to the sandbox.
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
  if (settings.PUBLIC_STRIPE_PUBLISHABLE_KEY?.startsWith('pk_live_')) {
    throw new Error(
      'A live publishable key needs a live STRIPE_SECRET_KEY: the sandbox never takes live payments',
    );
  }
  return sandboxProvider();
}
