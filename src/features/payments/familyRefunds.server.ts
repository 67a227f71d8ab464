import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { memberships, orders, subscriptions } from '~/platform/db/schema.server';
import { conflict, DomainError, notFound } from '~/platform/errors';
import type { Billing } from '~/platform/payments/billing.server';
import type { PaymentProvider } from '~/platform/payments/provider.server';
import { formatTime, SERVER_VIEWER } from '~/platform/time';
import { tellFamily } from './billingNotices.server';
import { refundWindowEnd, unusedPartCents, withinRefundWindow } from './billingTerms';
import { providerDown, withOwnMembership } from './membershipChanges.server';
import { closeOrder } from './orderClosing.server';

type OrderRow = typeof orders.$inferSelect;
const day = (at: Date) => formatTime(at, 'date', SERVER_VIEWER);

/** The period an order paid for: its invoice's, or the program it started. */
async function periodOf(db: Pick<Db, 'select'>, order: OrderRow) {
  if (order.periodStart && order.periodEnd) return { startsAt: order.periodStart, endsAt: order.periodEnd };
  const [program] = await db
    .select({ startsAt: subscriptions.startsAt, endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(eq(subscriptions.orderId, order.id));
  return program;
}

/**
 * What cancelling with a refund would give back for this payment now, or why it cannot: the rule
 * of billingTerms (within REFUND_WINDOW_DAYS of the payment, the unused part of its period).
 */
export async function refundQuote(db: Pick<Db, 'select'>, order: OrderRow, now: Date) {
  if (order.status !== 'paid' || !order.paidAt)
    return { refusal: 'Nothing paid on this order is left to refund.' };
  if (!withinRefundWindow(order.paidAt, now)) {
    return {
      refusal: `Refunds can be asked for within 14 days of a payment; for this one that was until ${day(refundWindowEnd(order.paidAt))}.`,
    };
  }
  const period = await periodOf(db, order);
  const amountCents = period ? unusedPartCents(order.amountCents, period, now) : 0;
  if (amountCents <= 0)
    return { refusal: 'The period this payment covered is over: there is no unused part to refund.' };
  return { amountCents, until: refundWindowEnd(order.paidAt) };
}

/** The refund as the provider makes it; its failure changes nothing here. */
async function refundAtProvider(
  provider: PaymentProvider,
  billing: Billing,
  order: OrderRow,
  amountCents: number,
) {
  try {
    if (order.membershipId && order.providerRef) {
      return await billing.refundInvoice({
        orderId: order.id,
        invoiceRef: order.providerRef,
        paymentRef: order.paymentRef,
        amountCents,
      });
    }
    return await provider.refundPayment({
      orderId: order.id,
      providerRef: order.providerRef ?? '',
      amountCents,
    });
  } catch {
    throw providerDown();
  }
}

/**
 * Cancels a renewing program now with a refund of the unused part of its latest payment, within
 * 14 days of it: the membership is claimed first (a second request is told it is being
 * cancelled), the provider ends it and refunds, then the record, the period's end and the message.
 */
export async function cancelWithRefund(
  db: Db,
  deps: { provider: PaymentProvider; billing: Billing },
  input: { userId: string; membershipId: string; reason: string | null },
  now = new Date(),
) {
  const { m, order, amountCents } = await withOwnMembership(db, input, async (tx, m) => {
    if (m.status === 'ended' || m.endReason)
      throw conflict('This program is ended or being cancelled already.');
    const [latest] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.membershipId, m.id), eq(orders.status, 'paid')))
      .orderBy(desc(orders.paidAt))
      .limit(1);
    const quote = latest
      ? await refundQuote(tx, latest, now)
      : { refusal: 'Nothing was paid on this program.' };
    if (!latest || 'refusal' in quote)
      throw new DomainError('validation_failed', quote.refusal ?? '', { refund: quote.refusal ?? '' });
    await tx
      .update(memberships)
      .set({ endReason: 'refunded', cancelReason: input.reason, cancelRequestedAt: now })
      .where(eq(memberships.id, m.id));
    return { m, order: latest, amountCents: quote.amountCents };
  });
  let refundRef: string;
  try {
    await deps.billing.cancelNow(m.providerRef ?? '');
    ({ refundRef } = await refundAtProvider(deps.provider, deps.billing, order, amountCents));
  } catch (error) {
    await db
      .update(memberships)
      .set({ endReason: null, cancelRequestedAt: null })
      .where(eq(memberships.id, m.id));
    throw error instanceof DomainError ? error : providerDown();
  }
  await db.transaction(async (tx) => {
    await tx
      .update(memberships)
      .set({ status: 'ended', endedAt: now, cancelAtPeriodEnd: false, nextRetryAt: null, updatedAt: now })
      .where(eq(memberships.id, m.id));
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (locked?.status === 'paid') {
      const closing = { reason: familyReason(input.reason), refundRef, refundedCents: amountCents };
      await closeOrder(tx, locked, { status: 'refunded', actorId: null, ...closing });
    }
    await tellFamily(tx, m, { notice: 'refunded', key: 'refund', amountCents, at: now, notify: false });
  });
}

const familyReason = (reason: string | null) =>
  `Cancelled by the family within 14 days of the payment${reason ? `: ${reason}` : ''}.`;

/** A program paid once, refunded for its unused part within 14 days of its payment, and ended. */
export async function refundProgram(
  db: Db,
  deps: { provider: PaymentProvider; billing: Billing },
  input: { userId: string; orderId: string; reason: string | null },
  now = new Date(),
) {
  const claim = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.userId, input.userId)))
      .for('update');
    if (!order) throw notFound('That order');
    if (order.membershipId) throw conflict('This program renews: cancel it from its own card in Billing.');
    if (order.note?.startsWith('Refund requested'))
      throw conflict('A refund of this order is under way already.');
    const quote = await refundQuote(tx, order, now);
    if ('refusal' in quote)
      throw new DomainError('validation_failed', quote.refusal ?? '', { refund: quote.refusal ?? '' });
    await tx
      .update(orders)
      .set({ note: `Refund requested by the family on ${now.toISOString()}.` })
      .where(eq(orders.id, order.id));
    return { order, amountCents: quote.amountCents };
  });
  let refundRef: string;
  try {
    ({ refundRef } = await refundAtProvider(deps.provider, deps.billing, claim.order, claim.amountCents));
  } catch (error) {
    await db.update(orders).set({ note: claim.order.note }).where(eq(orders.id, claim.order.id));
    throw error;
  }
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, claim.order.id)).for('update');
    if (locked?.status !== 'paid') return;
    const closing = { reason: familyReason(input.reason), refundRef, refundedCents: claim.amountCents };
    await closeOrder(tx, locked, { status: 'refunded', actorId: null, ...closing });
    await tx.update(orders).set({ note: null }).where(eq(orders.id, locked.id));
    await tellFamily(tx, locked, {
      notice: 'refunded',
      key: 'refund',
      amountCents: claim.amountCents,
      at: now,
      notify: false,
    });
  });
}
