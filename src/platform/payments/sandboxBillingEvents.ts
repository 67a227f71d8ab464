import { randomUUID } from 'node:crypto';

/**
 * A sandbox subscription as Stripe would hold it, and the events Stripe would send about it, in
 * Stripe's own shapes (the fields the webhook reads), so the sandbox's events take the same path.
 */

export interface SandboxInvoice {
  id: string;
  paymentRef: string;
  reason: 'subscription_create' | 'subscription_cycle';
  periodStart: string;
  periodEnd: string;
  attempts: number;
  firstAttemptAt: string | null;
  nextAttemptAt: string | null;
  status: 'open' | 'paid' | 'void';
}

export interface SandboxSubscription {
  id: string;
  customer: string;
  userId: string;
  membershipId: string;
  amountCents: number;
  currency: string;
  intervalMonths: number;
  status: 'incomplete' | 'active' | 'trialing' | 'past_due' | 'canceled';
  periodStart: string | null;
  periodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  openInvoice: SandboxInvoice | null;
}

export interface SandboxEvent {
  id: string;
  object: 'event';
  type: string;
  created: number;
  livemode: false;
  api_version: null;
  data: { object: Record<string, unknown> };
}

const unix = (iso: string | null) => (iso ? Math.floor(Date.parse(iso) / 1000) : null);
export const sandboxId = (prefix: string) =>
  `${prefix}_sandbox_${randomUUID().replaceAll('-', '').slice(0, 24)}`;

function event(type: string, at: Date, object: Record<string, unknown>): SandboxEvent {
  return {
    id: sandboxId('evt'),
    object: 'event',
    type,
    created: Math.floor(at.getTime() / 1000),
    livemode: false,
    api_version: null,
    data: { object },
  };
}

/** customer.subscription.created / updated / deleted, with the subscription as it now is. */
export function subscriptionEvent(
  type: 'created' | 'updated' | 'deleted',
  sub: SandboxSubscription,
  at: Date,
) {
  return event(`customer.subscription.${type}`, at, {
    id: sub.id,
    object: 'subscription',
    customer: sub.customer,
    status: sub.status,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    metadata: { membershipId: sub.membershipId },
    trial_end: sub.status === 'trialing' ? unix(sub.periodEnd) : null,
    items: {
      data: [{ current_period_start: unix(sub.periodStart), current_period_end: unix(sub.periodEnd) }],
    },
  });
}

/** invoice.paid / invoice.payment_failed / invoice.payment_action_required for the invoice's latest attempt. */
export function invoiceEvent(
  type: 'paid' | 'payment_failed',
  sub: SandboxSubscription,
  invoice: SandboxInvoice,
  at: Date,
) {
  return event(`invoice.${type}`, at, {
    id: invoice.id,
    object: 'invoice',
    customer: sub.customer,
    billing_reason: invoice.reason,
    status: invoice.status,
    amount_due: sub.amountCents,
    amount_paid: type === 'paid' ? sub.amountCents : 0,
    currency: sub.currency,
    attempt_count: invoice.attempts,
    next_payment_attempt: unix(invoice.nextAttemptAt),
    hosted_invoice_url: null,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: sub.id, metadata: { membershipId: sub.membershipId } },
    },
    lines: {
      data: [
        {
          amount: sub.amountCents,
          period: { start: unix(invoice.periodStart), end: unix(invoice.periodEnd) },
        },
      ],
    },
    payments: { data: [{ payment: { type: 'payment_intent', payment_intent: invoice.paymentRef } }] },
  });
}

/** charge.refunded for the charge that paid an invoice. */
export function refundEvent(
  paymentRef: string,
  amountCents: number,
  refundedCents: number,
  refundRef: string,
  at: Date,
) {
  return event('charge.refunded', at, {
    id: sandboxId('ch'),
    object: 'charge',
    payment_intent: paymentRef,
    amount: amountCents,
    amount_refunded: refundedCents,
    refunded: refundedCents >= amountCents,
    refunds: { data: [{ id: refundRef }] },
  });
}
