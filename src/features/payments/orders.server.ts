import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { children, orders, plans, subscriptions } from '~/platform/db/schema.server';
import { conflict, DomainError, notFound } from '~/platform/errors';
import type { PaymentProvider } from '~/platform/payments/provider.server';
import type { OrderDto } from './payments.schema';

const refused = {
  childNotFound: () => notFound('That child'),
  planNotFound: () => notFound('That program'),
  orderClosed: () =>
    conflict('This order was cancelled while the payment was being prepared. Please start again.'),
  planUnavailable: () =>
    conflict('This program is no longer offered. Choose another one on the programs page.'),
};

/**
 * A pending order for a child of this family, at the plan's price as stored, and the provider's
 * payment for it. A provider that fails leaves the order failed, never half-made.
 */
export async function startCheckout(
  db: Db,
  provider: PaymentProvider,
  input: { userId: string; planId: string; childId: string },
) {
  const [child] = await db
    .select({ id: children.id, firstName: children.firstName })
    .from(children)
    .where(and(eq(children.id, input.childId), eq(children.userId, input.userId)));
  if (!child) throw refused.childNotFound();
  const [plan] = await db.select().from(plans).where(eq(plans.id, input.planId));
  if (!plan) throw refused.planNotFound();
  if (!plan.active) throw refused.planUnavailable();

  const [order] = await db
    .insert(orders)
    .values({
      userId: input.userId,
      childId: child.id,
      planId: plan.id,
      amountCents: plan.priceCents,
      currency: plan.currency,
      provider: provider.kind,
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
export async function familyOrders(db: Db, userId: string): Promise<OrderDto[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt))
    .limit(200);
  return describeOrders(db, rows);
}
