import { addCalendarMonths, DAY_MS } from '~/platform/days';
import {
  type NewSubscription,
  priceKey,
  type RecurringPrice,
  type StartedSubscription,
} from './billing.server';
import {
  invoiceEvent,
  type SandboxEvent,
  type SandboxInvoice,
  type SandboxSubscription,
  sandboxId,
  subscriptionEvent,
} from './sandboxBillingEvents';

/**
 * The sandbox's billing rules, as Stripe applies them: a new subscription and its first invoice,
 * a charge that pays or declines (and the retries after it), the renewals and ends a clock moving
 * forward brings. Pure: each step changes the subscription it is given and answers its events.
 */

const iso = (d: Date) => d.toISOString();

export function newSubscription(input: NewSubscription, at: Date): SandboxSubscription {
  const months = input.price.intervalMonths;
  return {
    id: sandboxId('sub'),
    customer: input.customer.ref ?? `cus_sandbox_${input.customer.userId.replaceAll('-', '').slice(0, 24)}`,
    userId: input.customer.userId,
    membershipId: input.membershipId,
    amountCents: input.price.amountCents,
    currency: input.price.currency,
    intervalMonths: months,
    status: 'incomplete',
    periodStart: iso(at),
    periodEnd: iso(addCalendarMonths(at, months)),
    cancelAtPeriodEnd: false,
    openInvoice: newInvoice('subscription_create', at, addCalendarMonths(at, months)),
  };
}

export function started(sub: SandboxSubscription, price: RecurringPrice): StartedSubscription {
  return {
    subscriptionRef: sub.id,
    invoiceRef: sub.openInvoice?.id ?? '',
    customerRef: sub.customer,
    priceRef: `price_sandbox_${price.planId.replaceAll('-', '').slice(0, 16)}`,
    priceKey: priceKey(price),
  };
}

export function newInvoice(reason: SandboxInvoice['reason'], start: Date, end: Date): SandboxInvoice {
  return {
    id: sandboxId('in'),
    paymentRef: sandboxId('pi'),
    reason,
    periodStart: iso(start),
    periodEnd: iso(end),
    attempts: 0,
    firstAttemptAt: null,
    nextAttemptAt: null,
    status: 'open',
  };
}

export function cancelled(sub: SandboxSubscription, at: Date): SandboxEvent[] {
  sub.status = 'canceled';
  if (sub.openInvoice) sub.openInvoice.status = 'void';
  sub.openInvoice = null;
  return [subscriptionEvent('deleted', sub, at)];
}

/**
 * One attempt to charge the open invoice at `at`: paid (the subscription active for the invoice's
 * period) or declined (past due, the next attempt on the retry schedule; none left: cancelled).
 */
export function chargeWith(retryDays: readonly number[]) {
  return (sub: SandboxSubscription, at: Date, declines: boolean): SandboxEvent[] => {
    const invoice = sub.openInvoice;
    if (!invoice || invoice.status !== 'open') return [];
    invoice.attempts += 1;
    invoice.firstAttemptAt ??= iso(at);
    if (!declines) {
      invoice.status = 'paid';
      invoice.nextAttemptAt = null;
      const paid = sub as SandboxSubscription & { paidInvoices?: string[] };
      paid.paidInvoices = [...(paid.paidInvoices ?? []), invoice.id].slice(-24);
      sub.openInvoice = null;
      sub.status = 'active';
      sub.periodStart = invoice.periodStart;
      sub.periodEnd = invoice.periodEnd;
      return [invoiceEvent('paid', sub, invoice, at), subscriptionEvent('updated', sub, at)];
    }
    if (invoice.reason === 'subscription_create') return [invoiceEvent('payment_failed', sub, invoice, at)];
    const days = retryDays[invoice.attempts - 1];
    const first = Date.parse(invoice.firstAttemptAt);
    invoice.nextAttemptAt = days === undefined ? null : iso(new Date(first + days * DAY_MS));
    const failed = invoiceEvent('payment_failed', sub, invoice, at);
    if (days === undefined) return [failed, ...cancelled(sub, at)];
    sub.status = 'past_due';
    return [failed, subscriptionEvent('updated', sub, at)];
  };
}

/** What happens to one subscription between its last step and `to`: renewals, retries, its end. */
export function runUntil(
  sub: SandboxSubscription,
  to: Date,
  declines: boolean,
  charge: ReturnType<typeof chargeWith>,
): SandboxEvent[] {
  const events: SandboxEvent[] = [];
  for (let step = 0; step < 120; step += 1) {
    const retry = sub.openInvoice?.nextAttemptAt ? new Date(sub.openInvoice.nextAttemptAt) : null;
    if (sub.status === 'past_due' && retry && retry <= to) {
      events.push(...charge(sub, retry, declines));
      continue;
    }
    const end = sub.periodEnd ? new Date(sub.periodEnd) : null;
    if ((sub.status === 'active' || sub.status === 'trialing') && end && end <= to) {
      if (sub.cancelAtPeriodEnd) {
        events.push(...cancelled(sub, end));
        break;
      }
      sub.openInvoice = newInvoice('subscription_cycle', end, addCalendarMonths(end, sub.intervalMonths));
      sub.periodStart = iso(end);
      sub.periodEnd = sub.openInvoice.periodEnd;
      events.push(...charge(sub, end, declines));
      continue;
    }
    break;
  }
  return events;
}
