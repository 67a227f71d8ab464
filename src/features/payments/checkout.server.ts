import { and, desc, eq, gt } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type ChildProgram, childPrograms } from '~/features/family/programs.server';
import type { Db } from '~/platform/db/client.server';
import { children, orders, plans } from '~/platform/db/schema.server';
import { conflict, DomainError, notFound } from '~/platform/errors';
import type { Billing } from '~/platform/payments/billing.server';
import type { PaymentProvider } from '~/platform/payments/provider.server';
import { formatTime, SERVER_VIEWER } from '~/platform/time';
import { refuseOverlap, startMembershipCheckout } from './membershipCheckout.server';
import { expirePendingOrders, PENDING_ORDER_HOURS } from './orders.server';
import type { CheckoutPreview } from './payments.schema';
import { programPeriod, promiseHolds } from './programPeriod';

const day = (at: Date) => formatTime(at, 'date', SERVER_VIEWER);

const refused = {
  childNotFound: () => notFound('That child'),
  planNotFound: () => notFound('That program'),
  orderNotFound: () => notFound('That order'),
  orderClosed: () =>
    conflict('This order was cancelled while the payment was being prepared. Please start again.'),
  planUnavailable: () =>
    conflict('This program is no longer offered. Choose another one on the programs page.'),
  overlap: (firstName: string, current: ChildProgram, startsAt: Date) =>
    conflict(
      `${firstName} is already in ${current.planName} until ${day(current.endsAt)}. This program would start on ${day(startsAt)}, after it: confirm that this is what you want.`,
      'program_overlap',
      { startAfterCurrent: 'Confirm that this program should start after the current one.' },
    ),
  datesChanged: (firstName: string, startsAt: Date, endsAt: Date) =>
    conflict(
      `${firstName}’s programs changed since you saw the dates, so nothing was charged: this program would now run from ${day(startsAt)} to ${day(endsAt)}. Check the new dates, then continue if they suit you.`,
      'program_changed',
      { startAfterCurrent: 'Confirm the new dates to continue.' },
    ),
};

/** The family's child and an offered plan, or the refusal that says which is missing. */
async function childAndPlan(db: Db, userId: string, childId: string, planId: string) {
  const [child] = await db
    .select({ id: children.id, firstName: children.firstName })
    .from(children)
    .where(and(eq(children.id, childId), eq(children.userId, userId)));
  if (!child) throw refused.childNotFound();
  const [plan] = await db.select().from(plans).where(eq(plans.id, planId));
  if (!plan) throw refused.planNotFound();
  if (!plan.active) throw refused.planUnavailable();
  return { child, plan };
}

/** When the plan would run for the child if it were paid at `now`, and what the child already has. */
async function periodFor(db: Db, childId: string, plan: typeof plans.$inferSelect, now: Date) {
  const programs = await childPrograms(db, childId, now);
  return { programs, period: programPeriod(now, plan, programs) };
}

/**
 * What buying this plan for this child now would mean: when it starts and ends, why, and the
 * programs the child already has (running or queued). The payment applies the same rule.
 */
export async function previewCheckout(
  db: Db,
  input: { userId: string; planId: string; childId: string },
  now: Date,
): Promise<CheckoutPreview> {
  const { child, plan } = await childAndPlan(db, input.userId, input.childId, input.planId);
  // A renewing program starts at once or not at all: said now, before the family goes on.
  if (plan.billing === 'recurring') await refuseOverlap(db, child, now);
  const { programs, period } = await periodFor(db, input.childId, plan, now);
  return {
    startsAt: period.startsAt.toISOString(),
    endsAt: period.endsAt.toISOString(),
    reason: period.reason,
    programs: programs.map((p) => ({
      planName: p.planName,
      startsAt: p.startsAt.toISOString(),
      endsAt: p.endsAt.toISOString(),
    })),
  };
}

/**
 * The family's unpaid check-out of this plan for this child, still payable at the plan's price: a
 * reload, or a second tab, continues it rather than making another order.
 */
async function openOrder(
  db: Db,
  userId: string,
  childId: string,
  plan: typeof plans.$inferSelect,
  provider: string,
  now: Date,
) {
  const since = new Date(now.getTime() - PENDING_ORDER_HOURS * 3_600_000);
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.childId, childId),
        eq(orders.planId, plan.id),
        eq(orders.provider, provider),
        eq(orders.status, 'pending'),
        eq(orders.amountCents, plan.priceCents),
        gt(orders.createdAt, since),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return order;
}

/**
 * A pending order for a child of this family, at the plan's price as stored, and the provider's
 * payment for it; an open one for the same child and plan is continued. The order keeps the dates
 * the family was shown, which the payment checks again. A provider that fails leaves a new order
 * failed, never half-made.
 */
export async function startCheckout(
  db: Db,
  { provider, billing }: { provider: PaymentProvider; billing: Billing },
  input: { userId: string; planId: string; childId: string; startAfterCurrent?: boolean | undefined },
  { now = new Date(), logger }: { now?: Date; logger?: Pick<Logger, 'error'> } = {},
) {
  const { child, plan } = await childAndPlan(db, input.userId, input.childId, input.planId);
  if (plan.billing === 'recurring') {
    const start = { userId: input.userId, child, plan, provider: provider.kind };
    return providerFailure(() => startMembershipCheckout(db, billing, start, now), logger);
  }
  // A few of everyone's abandoned check-outs (the sweep never fails this one; the embedded database
  // has one connection, so it runs here rather than beside the request).
  await expirePendingOrders(db, provider, { now, batch: 5 });
  // A program that must wait for one the child is in is queued after it: never without the family's word.
  const { programs, period } = await periodFor(db, child.id, plan, now);
  if (period.reason === 'after_current' && !input.startAfterCurrent) {
    const blocking = programs.find((p) => p.endsAt.getTime() === period.startsAt.getTime()) ?? programs[0];
    if (blocking) throw refused.overlap(child.firstName, blocking, period.startsAt);
  }
  const promise = {
    startAfterCurrent: period.reason === 'after_current',
    promisedStartsAt: period.startsAt,
    promisedReason: period.reason,
  };
  const open = await openOrder(db, input.userId, child.id, plan, provider.kind, now);
  const orderId = open
    ? (await db.update(orders).set(promise).where(eq(orders.id, open.id)).returning({ id: orders.id }))[0]?.id
    : (
        await db
          .insert(orders)
          .values({
            userId: input.userId,
            childId: child.id,
            planId: plan.id,
            amountCents: plan.priceCents,
            currency: plan.currency,
            provider: provider.kind,
            ...promise,
          })
          .returning({ id: orders.id })
      )[0]?.id;
  if (!orderId) throw new Error('the order was not created');
  return providerFailure(
    async () => ({ orderId, ...(await preparePayment(db, provider, orderId, plan, child.firstName, !open)) }),
    logger,
  );
}

/** The family's own refusals as they are; anything else is the provider's failure (503). */
async function providerFailure<T>(start: () => Promise<T>, logger?: Pick<Logger, 'error'>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    logger?.error({ errorName: (error as Error)?.name }, 'payment provider failed to start a payment');
    throw new DomainError(
      'unavailable',
      'Card payments are unavailable right now. Please try again in a few minutes.',
    );
  }
}

/**
 * The provider's payment for the order (the same one again for an order continued: Stripe answers
 * a repeated request for one order with the same PaymentIntent). Only while the order is pending:
 * one the team cancelled meanwhile must not become payable.
 */
async function preparePayment(
  db: Db,
  provider: PaymentProvider,
  orderId: string,
  plan: typeof plans.$inferSelect,
  firstName: string,
  isNew: boolean,
) {
  try {
    const payment = await provider.createPayment({
      orderId,
      amountCents: plan.priceCents,
      currency: plan.currency,
      description: `${plan.name} for ${firstName}`,
    });
    const kept = await db
      .update(orders)
      .set({ providerRef: payment.providerRef })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
      .returning({ id: orders.id });
    if (kept.length === 0) {
      if (isNew) await provider.cancelPayment(payment.providerRef).catch(() => undefined);
      throw refused.orderClosed();
    }
    return { clientSecret: payment.clientSecret };
  } catch (error) {
    if (error instanceof DomainError || !isNew) throw error;
    await db
      .update(orders)
      .set({ status: 'failed', note: 'The payment provider could not start the payment.' })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
    throw error;
  }
}

/**
 * Checked just before any money moves (the sandbox's payment, or the card form's before it sends
 * the card to Stripe): the order is the family's, still payable, and the child's programs still
 * give it the dates check-out showed. If they changed (another tab paid for a program for the same
 * child), the payment is refused with the new dates, and the family decides.
 */
export async function confirmOrderDates(db: Db, userId: string, orderId: string, now = new Date()) {
  const [row] = await db
    .select({ order: orders, plan: plans, firstName: children.firstName })
    .from(orders)
    .innerJoin(plans, eq(plans.id, orders.planId))
    .innerJoin(children, eq(children.id, orders.childId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw refused.orderNotFound();
  const { order, plan, firstName } = row;
  if (order.status !== 'pending' && order.status !== 'failed') {
    const why = order.status === 'paid' ? 'is already paid' : `was ${order.status}`;
    throw conflict(`This order ${why}.`);
  }
  if (!order.childId || !order.promisedStartsAt || !order.promisedReason) return;
  const { period } = await periodFor(db, order.childId, plan, now);
  const promised = { reason: order.promisedReason, startsAt: order.promisedStartsAt };
  if (!promiseHolds(promised, period)) throw refused.datesChanged(firstName, period.startsAt, period.endsAt);
}
