import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { children, orders, plans, subscriptions } from '~/platform/db/schema.server';
import type { PaymentProvider } from '~/platform/payments/provider.server';
import { type OrderDto, PENDING_ORDER_HOURS } from './payments.schema';

export { PENDING_ORDER_HOURS };

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
      purpose: o.purpose,
      refundedCents: o.refundedCents,
      periodStart: o.periodStart?.toISOString() ?? null,
      periodEnd: o.periodEnd?.toISOString() ?? null,
      closedAt: o.closedAt?.toISOString() ?? null,
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
