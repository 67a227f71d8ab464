import { and, eq } from 'drizzle-orm';
import { formatPrice } from '~/lib/plans';
import type { Db } from '../db/client';
import { children, orders, plans, subscriptions } from '../db/schema';
import { notifyChild } from '../notifications.server';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type OrderRow = typeof orders.$inferSelect;

export interface Closing {
  status: 'refunded' | 'cancelled';
  /** The administrator; null when Stripe reported a refund made in its dashboard. */
  actorId: string | null;
  reason: string;
  refundRef?: string | null;
}

/**
 * Records a refund or a cancellation on a locked order: who, when, why and the provider's refund
 * id. A paid order's program stops (its subscription is cancelled) and the child is told, as they
 * are when a program already ended is refunded later; an unpaid order just closes, so it can no
 * longer be paid. Answers the subscription it cancelled.
 */
export async function closeOrder(tx: Tx, order: OrderRow, closing: Closing) {
  await tx
    .update(orders)
    .set({
      status: closing.status,
      closedAt: new Date(),
      closedBy: closing.actorId,
      closeReason: closing.reason,
      refundRef: closing.refundRef ?? null,
    })
    .where(eq(orders.id, order.id));
  // Money comes back only from a paid order; a program ends only if it was still running.
  const refund = closing.status === 'refunded' && order.paidAt !== null;
  if (order.status !== 'paid' && !refund) return undefined;
  const [ended] = await tx
    .update(subscriptions)
    .set({ status: 'cancelled' })
    .where(and(eq(subscriptions.orderId, order.id), eq(subscriptions.status, 'active')))
    .returning({ id: subscriptions.id });
  if (!order.childId) return ended;
  const [about] = await tx
    .select({ firstName: children.firstName, planName: plans.name })
    .from(children)
    .innerJoin(plans, eq(plans.id, order.planId))
    .where(eq(children.id, order.childId));
  if (!about) return ended;
  const amount = formatPrice(order.amountCents, 'en-US', order.currency.toUpperCase());
  await notifyChild(
    tx,
    order.childId,
    closing.status === 'refunded'
      ? {
          kind: 'payment',
          title: `${amount} refunded for ${about.planName}`,
          body: `We refunded ${amount} for ${about.firstName}’s ${about.planName} to the card that paid. Banks usually show it within 5 to 10 working days.${order.status === 'paid' ? ' The program has ended.' : ''}`,
          link: '/profile',
        }
      : {
          kind: 'payment',
          title: `${about.firstName}’s ${about.planName} has ended`,
          body: 'The Quill Reads team ended this program. If you did not expect this, write to us and we will explain.',
          link: '/contact-us',
        },
  );
  return ended;
}
