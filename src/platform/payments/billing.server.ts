import type Stripe from 'stripe';

/**
 * Renewing programs at the payment provider: Stripe Billing, or the sandbox that mirrors it
 * (sandboxBilling.server.ts). Every method is called outside any database transaction; what it
 * changes comes back later as signed events through the one webhook, like every payment's.
 */

/** The plan's price as a recurring Price: what was charged is copied here from the plans table. */
export interface RecurringPrice {
  planId: string;
  planName: string;
  amountCents: number;
  currency: string;
  intervalMonths: number;
  /** The Price made for this plan before, and what it was made for ("1999 usd 1"). */
  ref: string | null;
  key: string | null;
}

export interface NewSubscription {
  membershipId: string;
  orderId: string;
  customer: { userId: string; email: string; name: string; ref: string | null };
  price: RecurringPrice;
  description: string;
}

export interface StartedSubscription {
  subscriptionRef: string;
  /** The first invoice, paid at check-out (the order's providerRef). */
  invoiceRef: string;
  customerRef: string;
  /** The Price used, to keep on the plan (a changed price made a new one). */
  priceRef: string;
  priceKey: string;
  /** What the browser's Payment Element confirms (Stripe only). */
  clientSecret?: string;
}

export interface Billing {
  startSubscription(input: NewSubscription): Promise<StartedSubscription>;
  /** Ends at the period's end (true) or keeps renewing after all (false). */
  setCancelAtPeriodEnd(subscriptionRef: string, cancel: boolean, reason?: string | null): Promise<void>;
  /** Ends now: no further invoice, nothing prorated (a refund, if any, is made on its own). */
  cancelNow(subscriptionRef: string): Promise<void>;
  /** Moves the next renewal to `until` with no charge in between (a pause). */
  moveRenewal(subscriptionRef: string, until: Date): Promise<void>;
  /** Tries an unpaid invoice again now, with the card on file. */
  payInvoice(invoiceRef: string): Promise<void>;
  /** Refunds part or all of an invoice's payment; one refund per order, however often asked. */
  refundInvoice(input: {
    orderId: string;
    invoiceRef: string;
    paymentRef: string | null;
    amountCents: number;
  }): Promise<{
    refundRef: string;
  }>;
  /** Stripe's Customer Portal for this customer (cards, invoices); null where there is none (the sandbox). */
  portalUrl(customerRef: string, returnUrl: string): Promise<string | null>;
}

/** What a Price is made for: a change of any part needs a new Price (Stripe's are immutable). */
export const priceKey = (price: Pick<RecurringPrice, 'amountCents' | 'currency' | 'intervalMonths'>) =>
  `${price.amountCents} ${price.currency.toLowerCase()} ${price.intervalMonths}`;

/** The plan's Price at Stripe, made anew when its amount, currency or period changed. */
async function ensurePrice(stripe: Stripe, price: RecurringPrice): Promise<{ ref: string; key: string }> {
  const key = priceKey(price);
  if (price.ref && price.key === key) return { ref: price.ref, key };
  const productId = `quill_plan_${price.planId.replaceAll('-', '')}`;
  const product = await stripe.products
    .update(productId, { name: price.planName })
    .catch(() =>
      stripe.products.create({ id: productId, name: price.planName, metadata: { planId: price.planId } }),
    );
  const made = await stripe.prices.create(
    {
      product: product.id,
      unit_amount: price.amountCents,
      currency: price.currency,
      recurring: { interval: 'month', interval_count: price.intervalMonths },
      lookup_key: `plan_${price.planId}`,
      transfer_lookup_key: true,
      metadata: { planId: price.planId },
    },
    { idempotencyKey: `price-${price.planId}-${key.replaceAll(' ', '-')}` },
  );
  return { ref: made.id, key };
}

async function ensureCustomer(stripe: Stripe, customer: NewSubscription['customer']) {
  if (customer.ref) return customer.ref;
  const made = await stripe.customers.create(
    { email: customer.email, name: customer.name, metadata: { userId: customer.userId } },
    { idempotencyKey: `customer-${customer.userId}` },
  );
  return made.id;
}

/** Stripe Billing: one Subscription per membership, its first invoice confirmed by the Payment Element. */
export function stripeBilling(stripe: Stripe): Billing {
  return {
    startSubscription: (input) => startStripeSubscription(stripe, input),
    async setCancelAtPeriodEnd(ref, cancel, reason) {
      await stripe.subscriptions.update(ref, {
        cancel_at_period_end: cancel,
        ...(cancel && reason ? { cancellation_details: { comment: reason.slice(0, 500) } } : {}),
      });
    },
    async cancelNow(ref) {
      await stripe.subscriptions.cancel(ref, { prorate: false, invoice_now: false });
    },
    async moveRenewal(ref, until) {
      // A trial until the new date: no charge meanwhile, and the billing date moves to it.
      await stripe.subscriptions.update(ref, {
        trial_end: Math.floor(until.getTime() / 1000),
        proration_behavior: 'none',
      });
    },
    async payInvoice(invoiceRef) {
      await stripe.invoices.pay(invoiceRef);
    },
    refundInvoice: (input) => refundStripeInvoice(stripe, input),
    async portalUrl(customerRef, returnUrl) {
      const session = await stripe.billingPortal.sessions.create({
        customer: customerRef,
        return_url: returnUrl,
      });
      return session.url;
    },
  };
}

/** The PaymentIntent that paid an invoice (Stripe lists an invoice's payments apart from it). */
async function invoicePaymentIntent(stripe: Stripe, invoiceRef: string): Promise<string> {
  const payments = await stripe.invoicePayments.list({ invoice: invoiceRef, limit: 3 });
  const paid = payments.data.find((p) => p.status === 'paid') ?? payments.data[0];
  const intent = paid?.payment.payment_intent;
  const id = typeof intent === 'string' ? intent : intent?.id;
  if (!id) throw new Error('Stripe lists no payment for this invoice');
  return id;
}

/** A Subscription whose first invoice the Payment Element pays (its client secret in the answer). */
async function startStripeSubscription(stripe: Stripe, input: NewSubscription): Promise<StartedSubscription> {
  const [customerRef, price] = await Promise.all([
    ensureCustomer(stripe, input.customer),
    ensurePrice(stripe, input.price),
  ]);
  const subscription = await stripe.subscriptions.create(
    {
      customer: customerRef,
      items: [{ price: price.ref }],
      description: input.description,
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      metadata: { membershipId: input.membershipId, orderId: input.orderId },
      expand: ['latest_invoice.confirmation_secret'],
    },
    { idempotencyKey: `membership-${input.membershipId}` },
  );
  const invoice = subscription.latest_invoice as Stripe.Invoice | null;
  const clientSecret = invoice?.confirmation_secret?.client_secret;
  if (!invoice?.id || !clientSecret)
    throw new Error('Stripe answered a subscription without its first invoice');
  return {
    subscriptionRef: subscription.id,
    invoiceRef: invoice.id,
    customerRef,
    priceRef: price.ref,
    priceKey: price.key,
    clientSecret,
  };
}

/** Refunds part of an invoice's payment, found by its PaymentIntent; one refund per order. */
async function refundStripeInvoice(stripe: Stripe, input: Parameters<Billing['refundInvoice']>[0]) {
  const intent = input.paymentRef ?? (await invoicePaymentIntent(stripe, input.invoiceRef));
  const refund = await stripe.refunds.create(
    {
      payment_intent: intent,
      amount: input.amountCents,
      reason: 'requested_by_customer',
      metadata: { orderId: input.orderId },
    },
    { idempotencyKey: `refund-${input.orderId}` },
  );
  return { refundRef: refund.id };
}
