import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { programEnd, programStart } from '~/lib/programPeriod';
import type { Db } from '../db/client';
import { children, orders, paymentEvents, plans, subscriptions } from '../db/schema';
import { notifyChild } from '../notifications.server';
import type { PaymentEvent } from './provider';

export type EventOutcome = 'applied' | 'duplicate' | 'ignored' | 'unknown_order' | 'mismatch';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const HANDLED = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const longDate = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(d);

/**
 * Applies one verified event, once. The event's id is recorded in the same transaction as its
 * effects, and the order row is locked first, so a replay or two concurrent deliveries of the
 * same event change nothing the second time.
 */
export async function applyPaymentEvent(db: Db, event: PaymentEvent, logger: Logger): Promise<EventOutcome> {
  if (!HANDLED.has(event.type)) return 'ignored';
  const intent = event.data.object as {
    id?: string;
    amount?: number;
    amount_received?: number;
    currency?: string;
    metadata?: Record<string, string>;
  };
  const orderId = intent.metadata?.orderId;
  const log = { eventId: event.id, type: event.type, orderId };
  const outcome = await db.transaction(async (tx): Promise<EventOutcome> => {
    const [order] =
      orderId && UUID.test(orderId)
        ? await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
        : [];
    if (!order) return 'unknown_order';
    // The event must be about this order's own payment: a signed event for another PaymentIntent
    // (or another amount) never pays it.
    if (order.providerRef !== intent.id || intent.currency?.toLowerCase() !== order.currency.toLowerCase()) {
      return 'mismatch';
    }
    const recorded = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type, orderId: order.id })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (recorded.length === 0) return 'duplicate';

    if (event.type === 'payment_intent.payment_failed') {
      if (order.status === 'pending') {
        await tx.update(orders).set({ status: 'failed' }).where(eq(orders.id, order.id));
      }
      return 'applied';
    }
    if (intent.amount_received !== order.amountCents) {
      // Recorded, so a retry does not loop, but nothing is paid on a wrong amount.
      await tx
        .update(orders)
        .set({ note: `Payment event ${event.id} reported ${intent.amount_received ?? '?'} cents.` })
        .where(eq(orders.id, order.id));
      return 'mismatch';
    }
    // A declined card can be retried on the same PaymentIntent: a failed order may still be paid.
    if (order.status !== 'pending' && order.status !== 'failed') return 'applied';
    await markPaid(tx, order);
    return 'applied';
  });
  if (outcome === 'unknown_order' || outcome === 'mismatch') {
    logger.warn(log, `payment event not applied: ${outcome}`);
  } else {
    logger.info({ ...log, outcome }, 'payment event');
  }
  return outcome;
}

async function markPaid(tx: Tx, order: typeof orders.$inferSelect) {
  const now = new Date();
  await tx.update(orders).set({ status: 'paid', paidAt: now }).where(eq(orders.id, order.id));
  const childId = order.childId;
  if (!childId) return; // the child was removed while paying: the order is paid, there is no one to enrol
  const [plan] = await tx.select().from(plans).where(eq(plans.id, order.planId));
  const [child] = await tx
    .select({ firstName: children.firstName })
    .from(children)
    .where(eq(children.id, childId));
  if (!plan || !child) return;
  // Serialise purchases for one child so two programs bought at once follow each other.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`subscriptions:${childId}`}))`);
  const [current] = await tx
    .select({ endsAt: subscriptions.endsAt })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.childId, childId),
        inArray(subscriptions.status, ['active']),
        gt(subscriptions.endsAt, now),
      ),
    )
    .orderBy(desc(subscriptions.endsAt))
    .limit(1);
  const startsAt = programStart(now, current?.endsAt);
  const endsAt = programEnd(startsAt, plan.durationMonths);
  await tx.insert(subscriptions).values({ childId, planId: plan.id, orderId: order.id, startsAt, endsAt });
  await notifyChild(tx, childId, {
    kind: 'payment',
    title: `${child.firstName} is enrolled in ${plan.name}`,
    body: `The program runs from ${longDate(startsAt)} to ${longDate(endsAt)}. Next step: book the introductory interview.`,
    link: '/schedule-interview',
  });
}
