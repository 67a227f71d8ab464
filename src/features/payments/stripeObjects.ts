import type { MembershipStatus } from '~/platform/domain';
import { isUuid } from '~/platform/ids';

/**
 * The fields the webhook reads from Stripe's subscription and invoice objects (the sandbox sends
 * the same shapes), read defensively: a field missing or of another type reads as absent.
 */

type Loose = Record<string, unknown>;
const obj = (v: unknown): Loose => (v && typeof v === 'object' ? (v as Loose) : {});
const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const time = (v: unknown) => {
  const seconds = num(v);
  return seconds === null ? null : new Date(seconds * 1000);
};
const first = (list: unknown): Loose => obj((obj(list).data as unknown[] | undefined)?.[0]);
const ref = (v: unknown) => str(v) ?? str(obj(v).id);

export interface SubscriptionFacts {
  ref: string;
  membershipId: string | null;
  status: string;
  cancelAtPeriodEnd: boolean;
  periodStart: Date | null;
  periodEnd: Date | null;
}

export function subscriptionFacts(object: unknown): SubscriptionFacts | null {
  const sub = obj(object);
  const id = str(sub.id);
  if (!id) return null;
  const item = first(sub.items);
  const membershipId = str(obj(sub.metadata).membershipId);
  return {
    ref: id,
    membershipId: membershipId && isUuid(membershipId) ? membershipId : null,
    status: str(sub.status) ?? 'unknown',
    cancelAtPeriodEnd: sub.cancel_at_period_end === true,
    periodStart: time(item.current_period_start),
    periodEnd: time(item.current_period_end),
  };
}

/** Stripe's status as the membership's: a trial (a pause's moved renewal) is running. */
export function membershipStatusOf(stripeStatus: string): MembershipStatus | null {
  switch (stripeStatus) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'paused':
      return 'paused';
    case 'canceled':
    case 'incomplete_expired':
      return 'ended';
    case 'incomplete':
      return 'incomplete';
    default:
      return null;
  }
}

export interface InvoiceFacts {
  ref: string;
  subscriptionRef: string | null;
  membershipId: string | null;
  /** subscription_create (check-out's first payment) or a renewal. */
  firstPayment: boolean;
  amountPaid: number;
  amountDue: number;
  currency: string;
  attempts: number;
  nextAttemptAt: Date | null;
  actionUrl: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  paymentRef: string | null;
}

export function invoiceFacts(object: unknown): InvoiceFacts | null {
  const invoice = obj(object);
  const id = str(invoice.id);
  if (!id) return null;
  const details = obj(obj(invoice.parent).subscription_details);
  const membershipId = str(obj(details.metadata).membershipId);
  const period = obj(first(invoice.lines).period);
  const action = str(invoice.hosted_invoice_url);
  return {
    ref: id,
    subscriptionRef: ref(details.subscription) ?? ref(invoice.subscription),
    membershipId: membershipId && isUuid(membershipId) ? membershipId : null,
    firstPayment: invoice.billing_reason === 'subscription_create',
    amountPaid: num(invoice.amount_paid) ?? 0,
    amountDue: num(invoice.amount_due) ?? 0,
    currency: (str(invoice.currency) ?? 'usd').toLowerCase(),
    attempts: num(invoice.attempt_count) ?? 0,
    nextAttemptAt: time(invoice.next_payment_attempt),
    actionUrl: action?.startsWith('https://') ? action : null,
    periodStart: time(period.start),
    periodEnd: time(period.end),
    paymentRef: ref(obj(first(invoice.payments).payment).payment_intent),
  };
}
