import { desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '~/platform/admin/audit.server';
import type { Db, Tx } from '~/platform/db/client.server';
import { children, orders, plans, users } from '~/platform/db/schema.server';
import { conflict, DomainError, notFound } from '~/platform/errors';
import { isSandbox, type PaymentProvider, PaymentStateConflict } from '~/platform/payments/provider.server';
import { formatTime, SERVER_VIEWER } from '~/platform/time';
import type { AdminOrder } from './admin.schema';
import { closeOrder } from './orderClosing.server';

// The team's view of families' orders, and the two things it does to one: refund it, cancel it.
// The test payment is in adminTestPayments.server.ts.

const closer = alias(users, 'closer');

/** Orders as the team sees them, newest first. */
export async function adminOrders(db: Pick<Db, 'select'>, where: SQL, limit = 100): Promise<AdminOrder[]> {
  const rows = await db
    .select({
      order: orders,
      planName: plans.name,
      childName: children.firstName,
      closedByName: closer.displayName,
    })
    .from(orders)
    .innerJoin(plans, eq(plans.id, orders.planId))
    .leftJoin(children, eq(children.id, orders.childId))
    .leftJoin(closer, eq(closer.id, orders.closedBy))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map(({ order, planName, childName, closedByName }) => ({
    id: order.id,
    planName,
    childName,
    amountCents: order.amountCents,
    currency: order.currency,
    status: order.status,
    provider: order.provider,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    closedAt: order.closedAt?.toISOString() ?? null,
    closedByName: closedByName ?? null,
    closeReason: order.closeReason,
    refundRef: order.refundRef,
    note: order.note,
  }));
}

type OrderRow = typeof orders.$inferSelect;

/** Thrown inside the locked transaction, so whatever it wrote rolls back. */
const refuse = (message: string) => conflict(message);

const dateOf = (d: Date | null) => (d ? formatTime(d, 'date', SERVER_VIEWER) : '');

/** Why the order's state does not allow the action, or undefined when it does. */
function stateRefusal(order: OrderRow, action: 'refund' | 'cancel'): string | undefined {
  if (order.status === 'refunded') return `This order was already refunded on ${dateOf(order.closedAt)}.`;
  // A program ended without a refund may still be refunded later (the family asked after all).
  if (action === 'refund' && order.status === 'cancelled' && order.paidAt) return undefined;
  if (order.status === 'cancelled') return `This order was already cancelled on ${dateOf(order.closedAt)}.`;
  if (action === 'refund' && order.status !== 'paid') {
    return 'Nothing was paid on this order, so there is nothing to refund: cancel it instead.';
  }
  return undefined;
}

/** What the provider said, for the team (Stripe's messages name no secret). */
export const providerMessage = (error: unknown) =>
  error instanceof Error && error.message
    ? `The payment provider answered: ${error.message}`
    : 'The payment provider could not be reached. Please try again in a few minutes.';

/**
 * The provider's answer as a refusal: Stripe's invalid-request errors are about the payment's
 * state (already refunded, disputed...) and will not change by trying again (409); anything
 * else is an outage (503).
 */
function providerRefusal(error: unknown): DomainError {
  const message = providerMessage(error);
  if ((error as { type?: string } | null)?.type === 'StripeInvalidRequestError') return refuse(message);
  return new DomainError('unavailable', message);
}

/**
 * Locks the order, checks its state, and runs the change. The provider is asked inside, with
 * the row locked: a second admin, and Stripe's own event about the same refund, wait for this
 * one to finish and then find the order settled, so money moves once and the record says who.
 */
async function withLockedOrder(
  db: Db,
  orderId: string,
  action: 'refund' | 'cancel',
  apply: (tx: Tx, order: OrderRow) => Promise<void>,
): Promise<AdminOrder> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!locked) throw notFound('That order');
    const refused = stateRefusal(locked, action);
    if (refused) throw refuse(refused);
    await apply(tx, locked);
  });
  const [view] = await adminOrders(db, eq(orders.id, orderId), 1);
  if (!view) throw notFound('That order');
  return view;
}

/**
 * Refunds a paid order in full: the provider first (its idempotency key is the order, so even a
 * retried request makes one refund), then the record, the program's end, the child's
 * notification and the audit line, all while the order is locked.
 */
export async function refundOrder(
  db: Db,
  provider: PaymentProvider,
  input: { orderId: string; actorId: string; reason: string },
): Promise<AdminOrder> {
  return withLockedOrder(db, input.orderId, 'refund', async (tx, order) => {
    if (order.provider === 'sandbox' && !isSandbox(provider)) {
      throw refuse(
        'This order was paid in the sandbox, so no money was taken and there is nothing to refund: end the program instead.',
      );
    }
    if (order.provider !== provider.kind || !order.providerRef) {
      throw refuse(
        'This order was paid through Stripe, which this environment is not set up for: refund it in Stripe’s dashboard.',
      );
    }
    let refundRef: string;
    try {
      // An invoice's payment is its PaymentIntent (paymentRef); a check-out's is the order's own.
      const providerRef = order.paymentRef ?? order.providerRef;
      ({ refundRef } = await provider.refundPayment({ orderId: order.id, providerRef }));
    } catch (error) {
      throw providerRefusal(error);
    }
    await closeOrder(tx, order, {
      status: 'refunded',
      actorId: input.actorId,
      reason: input.reason,
      refundRef,
    });
    await recordAudit(tx, input.actorId, 'order.refund', order.id, {
      reason: input.reason,
      amountCents: order.amountCents,
      currency: order.currency,
      refundRef,
    });
  });
}

/**
 * Cancels an order. Unpaid: its payment is cancelled at the provider so it can no longer be
 * paid. Paid: the program ends now and the money is kept (a refund is the other button).
 */
export async function cancelOrder(
  db: Db,
  provider: PaymentProvider,
  input: { orderId: string; actorId: string; reason: string },
): Promise<AdminOrder> {
  return withLockedOrder(db, input.orderId, 'cancel', async (tx, order) => {
    const unpaid = order.status !== 'paid';
    if (unpaid && order.providerRef) {
      if (order.provider !== provider.kind) {
        throw refuse(
          'This order’s payment was started through Stripe, which this environment is not set up for: cancel it in Stripe’s dashboard.',
        );
      }
      try {
        await provider.cancelPayment(order.providerRef);
      } catch (error) {
        if (error instanceof PaymentStateConflict) {
          throw refuse(`${error.message} Refresh the page in a moment: refund it if needed.`);
        }
        throw providerRefusal(error);
      }
    }
    await closeOrder(tx, order, { status: 'cancelled', actorId: input.actorId, reason: input.reason });
    await recordAudit(tx, input.actorId, 'order.cancel', order.id, {
      reason: input.reason,
      wasPaid: !unpaid,
    });
  });
}
