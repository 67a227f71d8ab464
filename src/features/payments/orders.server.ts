import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import { type ChildProgram, childPrograms } from '~/features/family/programs.server';
import type { Db } from '~/platform/db/client.server';
import { children, orders, plans, subscriptions } from '~/platform/db/schema.server';
import { conflict, DomainError, notFound } from '~/platform/errors';
import type { PaymentProvider } from '~/platform/payments/provider.server';
import { formatTime, SERVER_VIEWER } from '~/platform/time';
import type { CheckoutPreview, OrderDto } from './payments.schema';
import { programPeriod } from './programPeriod';

const refused = {
  childNotFound: () => notFound('That child'),
  planNotFound: () => notFound('That program'),
  orderClosed: () =>
    conflict('This order was cancelled while the payment was being prepared. Please start again.'),
  planUnavailable: () =>
    conflict('This program is no longer offered. Choose another one on the programs page.'),
  overlap: (firstName: string, current: ChildProgram, startsAt: Date) =>
    conflict(
      `${firstName} is already in ${current.planName} until ${formatTime(current.endsAt, 'date', SERVER_VIEWER)}. This program would start on ${formatTime(startsAt, 'date', SERVER_VIEWER)}, after it: confirm that this is what you want.`,
      'program_overlap',
      { startAfterCurrent: 'Confirm that this program should start after the current one.' },
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

/**
 * What buying this plan for this child now would mean: when it starts and ends, why, and the
 * programs the child already has (running or queued). The payment applies the same rule.
 */
export async function previewCheckout(
  db: Db,
  input: { userId: string; planId: string; childId: string },
  now: Date,
): Promise<CheckoutPreview> {
  const { plan } = await childAndPlan(db, input.userId, input.childId, input.planId);
  const programs = await childPrograms(db, input.childId, now);
  const period = programPeriod(now, plan, programs);
  const iso = (p: ChildProgram) => ({
    planName: p.planName,
    startsAt: p.startsAt.toISOString(),
    endsAt: p.endsAt.toISOString(),
  });
  return {
    startsAt: period.startsAt.toISOString(),
    endsAt: period.endsAt.toISOString(),
    reason: period.reason,
    programs: programs.map(iso),
  };
}

/**
 * A pending order for a child of this family, at the plan's price as stored, and the provider's
 * payment for it. A provider that fails leaves the order failed, never half-made.
 */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider,
  input: { userId: string; planId: string; childId: string; startAfterCurrent?: boolean | undefined },
  now = new Date(),
) {
  const { child, plan } = await childAndPlan(db, input.userId, input.childId, input.planId);
  // A few of everyone's abandoned check-outs (the sweep never fails this one; the embedded database
  // has one connection, so it runs here rather than beside the request).
  await expirePendingOrders(db, provider, { now, batch: 5 });
  // A program that must wait for one the child is in is queued after it: never without the family's word.
  const programs = await childPrograms(db, child.id, now);
  const period = programPeriod(now, plan, programs);
  if (period.reason === 'after_current' && !input.startAfterCurrent) {
    const blocking = programs.find((p) => p.endsAt.getTime() === period.startsAt.getTime()) ?? programs[0];
    if (blocking) throw refused.overlap(child.firstName, blocking, period.startsAt);
  }

  const [order] = await db
    .insert(orders)
    .values({
      userId: input.userId,
      childId: child.id,
      planId: plan.id,
      amountCents: plan.priceCents,
      currency: plan.currency,
      provider: provider.kind,
      startAfterCurrent: period.reason === 'after_current',
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('the order was not created');
  try {
    const payment = await provider.createPayment({
      orderId: order.id,
      amountCents: plan.priceCents,
      currency: plan.currency,
      description: `${plan.name} for ${child.firstName}`,
    });
    // Only while still pending: an order the team cancelled meanwhile must not become payable.
    const kept = await db
      .update(orders)
      .set({ providerRef: payment.providerRef })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')))
      .returning({ id: orders.id });
    if (kept.length === 0) {
      await provider.cancelPayment(payment.providerRef).catch(() => undefined);
      throw refused.orderClosed();
    }
    return { orderId: order.id, clientSecret: payment.clientSecret };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    await db
      .update(orders)
      .set({ status: 'failed', note: 'The payment provider could not start the payment.' })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
    throw error;
  }
}

type OrderRow = typeof orders.$inferSelect;

/** Orders as the family sees them, with plan, child and the subscription each one started. */
async function describeOrders(db: Db, rows: OrderRow[]): Promise<OrderDto[]> {
  if (rows.length === 0) return [];
  const planIds = [...new Set(rows.map((o) => o.planId))];
  const childIds = [...new Set(rows.flatMap((o) => (o.childId ? [o.childId] : [])))];
  const [planRows, childRows, subRows] = await Promise.all([
    db.select().from(plans).where(inArray(plans.id, planIds)),
    childIds.length
      ? db
          .select({ id: children.id, firstName: children.firstName })
          .from(children)
          .where(inArray(children.id, childIds))
      : Promise.resolve([]),
    db
      .select()
      .from(subscriptions)
      .where(
        inArray(
          subscriptions.orderId,
          rows.map((o) => o.id),
        ),
      ),
  ]);
  return rows.map((o) => {
    const plan = planRows.find((p) => p.id === o.planId);
    const child = childRows.find((c) => c.id === o.childId);
    const sub = subRows.find((s) => s.orderId === o.id);
    return {
      id: o.id,
      status: o.status,
      provider: o.provider,
      amountCents: o.amountCents,
      currency: o.currency,
      createdAt: o.createdAt.toISOString(),
      paidAt: o.paidAt?.toISOString() ?? null,
      plan: { id: o.planId, name: plan?.name ?? '', durationMonths: plan?.durationMonths ?? 0 },
      child: child ? { _id: child.id, firstName: child.firstName } : null,
      subscription: sub
        ? { status: sub.status, startsAt: sub.startsAt.toISOString(), endsAt: sub.endsAt.toISOString() }
        : null,
    };
  });
}

/** One order of this family, or undefined for anyone else's (the API answers 404 for both). */
export async function findOwnOrder(db: Db, userId: string, orderId: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return row;
}

export async function ownOrderView(db: Db, userId: string, orderId: string): Promise<OrderDto | undefined> {
  const row = await findOwnOrder(db, userId, orderId);
  return row ? (await describeOrders(db, [row]))[0] : undefined;
}

/** The family's orders, newest first (a family places a handful, so no pages). */
/** A check-out nobody paid within a day is abandoned: it expires rather than waiting forever. */
export const PENDING_ORDER_HOURS = 24;
const EXPIRED_NOTE = `Expired: not paid within ${PENDING_ORDER_HOURS} hours of check-out.`;

/**
 * Expires abandoned check-outs: unpaid orders (pending, or failed and so still payable with another
 * card) older than PENDING_ORDER_HOURS. The provider cancels each payment first, as an
 * administrator's cancellation does; only then is the order cancelled, with a note saying why. A
 * payment the provider will not cancel (it went through meanwhile, or the provider cannot be
 * reached) leaves its order as it is, for the webhook or the next sweep: money is never taken for
 * an order already closed. Orders started with another provider are left alone. Runs when a
 * check-out starts (a few of everyone's) and when a family lists its orders (theirs);
 * never throws. Answers how many expired.
 */
export async function expirePendingOrders(
  db: Db,
  provider: Pick<PaymentProvider, 'cancelPayment' | 'kind'>,
  { now = new Date(), userId, batch = 20 }: { now?: Date; userId?: string; batch?: number } = {},
): Promise<number> {
  try {
    const cutoff = new Date(now.getTime() - PENDING_ORDER_HOURS * 3_600_000);
    const unpaid = inArray(orders.status, ['pending', 'failed']);
    const stale = await db
      .select({ id: orders.id, providerRef: orders.providerRef })
      .from(orders)
      .where(
        and(
          unpaid,
          lt(orders.createdAt, cutoff),
          eq(orders.provider, provider.kind),
          userId ? eq(orders.userId, userId) : undefined,
        ),
      )
      .orderBy(asc(orders.createdAt))
      .limit(batch);
    let expired = 0;
    for (const order of stale) {
      if (order.providerRef) {
        try {
          await provider.cancelPayment(order.providerRef);
        } catch {
          continue;
        }
      }
      const closed = await db
        .update(orders)
        .set({ status: 'cancelled', closedAt: now, note: EXPIRED_NOTE })
        .where(and(eq(orders.id, order.id), unpaid))
        .returning({ id: orders.id });
      expired += closed.length;
    }
    return expired;
  } catch {
    // A sweep is housekeeping: the family's request goes on without it.
    return 0;
  }
}

/** Orders as the family sees them, newest first. */
export async function familyOrders(db: Db, userId: string): Promise<OrderDto[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(200);
  return describeOrders(db, rows);
}
