import { eq, or } from 'drizzle-orm';
import type { Logger } from 'pino';
import { childPrograms } from '~/features/family/programs.server';
import { notifyChild } from '~/features/notifications/notifications.server';
import type { Db, Tx } from '~/platform/db/client.server';
import {
  children,
  orders,
  paymentEvents,
  plans,
  subscriptions,
  testPayments,
} from '~/platform/db/schema.server';
import { DomainError } from '~/platform/errors';
import { isUuid } from '~/platform/ids';
import { nudge } from '~/platform/jobs/signals';
import type { PaymentEvent, PaymentProvider } from '~/platform/payments/provider.server';
import { pagePath } from '~/platform/routes';
import { applyCardExpiring, CARD_EXPIRING_EVENT } from './cardEvents.server';
import { applyMembershipEvent, INVOICE_EVENTS, SUBSCRIPTION_EVENTS } from './membershipEvents.server';
import { closeOrder, lockChildPrograms } from './orderClosing.server';
import { programPeriod } from './programPeriod';
import { queueReceipt } from './receipts.server';

type EventOutcome =
  | 'applied'
  | 'duplicate'
  | 'ignored'
  | 'unknown_order'
  | 'unknown_subscription'
  | 'stale'
  | 'mismatch'
  /** Money arrived for an order the team had already closed: someone must refund it. */
  | 'paid_after_close';

const INTENT_EVENTS = new Set(['payment_intent.succeeded', 'payment_intent.payment_failed']);
const REFUND_EVENT = 'charge.refunded';

/** An event whose signature is missing or does not match: refused (400), nothing changed. */
const unverified = (message: string) => new DomainError('bad_request', message);

/**
 * The one path every event takes, from Stripe or from the sandbox (check-out's test payments and
 * the admins' test payments alike): the signature is checked against the raw body, then the
 * event is applied once.
 */
export async function receivePaymentEvent(
  deps: { db: Db; logger: Logger },
  provider: PaymentProvider,
  rawBody: string,
  signature: string | undefined,
): Promise<EventOutcome> {
  if (!signature) throw unverified('The event is not signed.');
  let event: PaymentEvent;
  try {
    event = provider.verifyEvent(rawBody, signature);
  } catch {
    deps.logger.warn('payment event refused: bad signature');
    throw unverified('The event signature does not match.');
  }
  const outcome = await applyPaymentEvent(deps.db, event, deps.logger);
  // A child may have just joined a program, or left one: the plan jobs look now (see signals.ts),
  // and the outbox sends the receipt.
  if (outcome === 'applied') {
    nudge('programs');
    nudge('email');
  }
  return outcome;
}

/** Records the event's id; false when it was recorded before (a replay). */
async function firstDelivery(tx: Tx, event: PaymentEvent, orderId: string | null) {
  const recorded = await tx
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type, orderId })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return recorded.length > 0;
}

/**
 * Applies one verified event, once. The event's id is recorded in the same transaction as its
 * effects, and the order row is locked first, so a replay or two concurrent deliveries of the
 * same event change nothing the second time.
 */
async function applyPaymentEvent(db: Db, event: PaymentEvent, logger: Logger): Promise<EventOutcome> {
  const log = { eventId: event.id, type: event.type };
  let outcome: EventOutcome = 'ignored';
  if (event.type === REFUND_EVENT) outcome = await applyRefund(db, event);
  else if (event.type === CARD_EXPIRING_EVENT) outcome = await applyCardExpiring(db, event);
  else if (SUBSCRIPTION_EVENTS.has(event.type) || INVOICE_EVENTS.has(event.type)) {
    outcome = await applyMembershipEvent(db, event);
  } else if (INTENT_EVENTS.has(event.type)) {
    const intent = event.data.object as IntentObject;
    // A subscription's invoice is paid by a PaymentIntent of Stripe's own: its invoice event says so.
    if (!intent.metadata?.orderId && !intent.metadata?.testPaymentId) return 'ignored';
    outcome = intent.metadata?.testPaymentId
      ? await applyTestPayment(db, event, intent)
      : await applyToOrder(db, event, intent);
  }
  if (outcome === 'paid_after_close') {
    logger.error(log, 'payment received for a closed order: refund it in Stripe’s dashboard');
  } else if (outcome === 'unknown_order' || outcome === 'unknown_subscription' || outcome === 'mismatch') {
    logger.warn(log, `payment event not applied: ${outcome}`);
  } else if (outcome !== 'ignored') {
    logger.info({ ...log, outcome }, 'payment event');
  }
  return outcome;
}

interface IntentObject {
  id?: string;
  amount?: number;
  amount_received?: number;
  currency?: string;
  metadata?: Record<string, string>;
}

/** A PaymentIntent event about a family's order: paid (the child enrolled) or failed. */
async function applyToOrder(db: Db, event: PaymentEvent, intent: IntentObject): Promise<EventOutcome> {
  const orderId = intent.metadata?.orderId;
  return db.transaction(async (tx): Promise<EventOutcome> => {
    const [order] =
      orderId && isUuid(orderId)
        ? await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
        : [];
    if (!order) return 'unknown_order';
    // The event must be about this order's own payment: a signed event for another PaymentIntent
    // (or another amount) never pays it.
    if (order.providerRef !== intent.id || intent.currency?.toLowerCase() !== order.currency.toLowerCase()) {
      return 'mismatch';
    }
    if (!(await firstDelivery(tx, event, order.id))) return 'duplicate';

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
    if (order.status === 'cancelled' || order.status === 'refunded') {
      // Cancelling cancels the PaymentIntent first, so this should never happen; if it does, the
      // order says so where the team looks, and the log raises it.
      await tx
        .update(orders)
        .set({
          note: `Stripe reports a payment (event ${event.id}) after this order was closed: refund it in Stripe’s dashboard.`,
        })
        .where(eq(orders.id, order.id));
      return 'paid_after_close';
    }
    // A declined card can be retried on the same PaymentIntent: a failed order may still be paid.
    if (order.status !== 'pending' && order.status !== 'failed') return 'applied';
    await markPaid(tx, order, paidAt(event, order));
    return 'applied';
  });
}

/** The event of an administrator's test payment: the webhook step of /admin/test-payment. */
async function applyTestPayment(db: Db, event: PaymentEvent, intent: IntentObject): Promise<EventOutcome> {
  const id = intent.metadata?.testPaymentId;
  if (!id || !isUuid(id)) return 'unknown_order';
  return db.transaction(async (tx): Promise<EventOutcome> => {
    const [test] = await tx.select().from(testPayments).where(eq(testPayments.id, id)).for('update');
    if (!test) return 'unknown_order';
    if (test.providerRef !== null && test.providerRef !== intent.id) return 'mismatch';
    if (!(await firstDelivery(tx, event, null))) return 'duplicate';
    await tx
      .update(testPayments)
      .set({
        webhookAt: new Date(),
        webhookEventType: event.type,
        status: event.type === 'payment_intent.succeeded' ? 'succeeded' : 'failed',
      })
      .where(eq(testPayments.id, id));
    return 'applied';
  });
}

/**
 * A refund made in Stripe's dashboard (or the echo of one made here): a full refund of a paid
 * order is recorded as an admin's refund would be; a partial one is noted on the order.
 */
async function applyRefund(db: Db, event: PaymentEvent): Promise<EventOutcome> {
  const charge = event.data.object as {
    payment_intent?: string | { id: string } | null;
    amount?: number;
    amount_refunded?: number;
    refunded?: boolean;
    refunds?: { data?: { id: string }[] };
  };
  const intentId =
    typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
  if (!intentId) return 'unknown_order';
  return db.transaction(async (tx): Promise<EventOutcome> => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(or(eq(orders.providerRef, intentId), eq(orders.paymentRef, intentId)))
      .for('update');
    if (!order) return 'unknown_order';
    if (!(await firstDelivery(tx, event, order.id))) return 'duplicate';
    // Already refunded here (this is its echo), or never paid: nothing to record.
    const endedButPaid = order.status === 'cancelled' && order.paidAt !== null;
    if (order.status !== 'paid' && !endedButPaid) return 'applied';
    if (charge.refunded) {
      await closeOrder(tx, order, {
        status: 'refunded',
        actorId: null,
        reason: endedButPaid
          ? `Refunded in Stripe’s dashboard after the program was ended (${order.closeReason ?? 'no reason given'}).`
          : 'Refunded in Stripe’s dashboard.',
        // Stripe's events no longer carry the charge's refunds: the refund is found in its dashboard.
        refundRef: charge.refunds?.data?.[0]?.id ?? null,
      });
    } else {
      await tx
        .update(orders)
        .set({
          note: `Stripe reports ${charge.amount_refunded ?? 0} of ${charge.amount ?? '?'} cents refunded.`,
        })
        .where(eq(orders.id, order.id));
    }
    return 'applied';
  });
}

/**
 * When the money arrived: the provider's event time (a webhook retried hours later still starts the
 * program from the payment), kept between the check-out and now.
 */
function paidAt(event: PaymentEvent, order: typeof orders.$inferSelect): Date {
  const now = new Date();
  const created = new Date(event.created * 1000);
  return Number.isFinite(created.getTime()) && created >= order.createdAt && created <= now ? created : now;
}

async function markPaid(tx: Tx, order: typeof orders.$inferSelect, now: Date) {
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
  await lockChildPrograms(tx, childId);
  // The rule check-out showed the family: at once, on the season's date, or after the current one.
  const programs = await childPrograms(tx, childId, now);
  const { startsAt, endsAt, reason } = programPeriod(now, plan, programs);
  await tx.insert(subscriptions).values({ childId, planId: plan.id, orderId: order.id, startsAt, endsAt });
  // Paid from two tabs at once, a program the family did not confirm can find the child enrolled
  // meanwhile: it still never overlaps, and the family is told plainly, with the way out.
  const unconfirmed =
    reason === 'after_current' && !order.startAfterCurrent
      ? ` ${child.firstName} was already in another program when the payment arrived, so this one waits for it. If you would rather have your money back, write to us from the contact page.`
      : '';
  await notifyChild(tx, childId, {
    kind: 'payment',
    title: `${child.firstName} is enrolled in ${plan.name}`,
    body: `The program runs from {starts} to {ends}.${unconfirmed} The first weekly plan appears on your profile’s Reading plan tab within minutes of the program starting, with three quick questions there to set the level. To talk it over with us first, book the introductory interview.`,
    times: { starts: { at: startsAt, style: 'date' }, ends: { at: endsAt, style: 'date' } },
    link: pagePath('/schedule-interview'),
  });
  await queueReceipt(tx, order, {
    planName: plan.name,
    childFirstName: child.firstName,
    paidAt: now,
    startsAt,
    endsAt,
  });
}
