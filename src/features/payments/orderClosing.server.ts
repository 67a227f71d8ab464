import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { notifyChild } from '~/features/notifications/notifications.server';
import { formatPrice } from '~/features/plans/plans';
import type { Tx } from '~/platform/db/client.server';
import { children, orders, plans, subscriptions } from '~/platform/db/schema.server';
import { pagePath } from '~/platform/routes';
import { programPeriod } from './programPeriod';

type OrderRow = typeof orders.$inferSelect;

interface Closing {
  status: 'refunded' | 'cancelled';
  /** The administrator; null when Stripe reported a refund made in its dashboard. */
  actorId: string | null;
  reason: string;
  refundRef?: string | null;
  /** A refund of part of the payment (the unused part of a period); the whole of it when left out. */
  refundedCents?: number;
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
      refundedCents: closing.status === 'refunded' ? (closing.refundedCents ?? order.amountCents) : 0,
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
  if (ended) await restackPrograms(tx, order.childId);
  const [about] = await tx
    .select({ firstName: children.firstName, planName: plans.name })
    .from(children)
    .innerJoin(plans, eq(plans.id, order.planId))
    .where(eq(children.id, order.childId));
  if (!about) return ended;
  const amount = formatPrice(
    closing.refundedCents ?? order.amountCents,
    'en-US',
    order.currency.toUpperCase(),
  );
  await notifyChild(
    tx,
    order.childId,
    closing.status === 'refunded'
      ? {
          kind: 'payment',
          title: `${amount} refunded for ${about.planName}`,
          body: `We refunded ${amount} for ${about.firstName}’s ${about.planName} to the card that paid. Banks usually show it within 5 to 10 working days.${order.status === 'paid' ? ' The program has ended.' : ''}`,
          link: pagePath('/profile'),
        }
      : {
          kind: 'payment',
          title: `${about.firstName}’s ${about.planName} has ended`,
          body: 'The Quill Reads team ended this program. If you did not expect this, write to us and we will explain.',
          link: pagePath('/contact-us'),
        },
  );
  return ended;
}

/**
 * Serialises every change to one child's programs (a purchase, a cancellation) until the
 * transaction ends, so two of them at once line the programs up one after the other.
 */
export async function lockChildPrograms(tx: Tx, childId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`subscriptions:${childId}`}))`);
}

/**
 * After a program is cancelled, the child's programs queued after it move up, so they follow on
 * without a gap: each starts when the one before ends (or now), and keeps its own length (the
 * same rule as buying: a new program starts when the current one ends). Never moves one later.
 */
async function restackPrograms(tx: Tx, childId: string, now = new Date()) {
  await lockChildPrograms(tx, childId);
  const upcoming = await tx
    .select({
      id: subscriptions.id,
      startsAt: subscriptions.startsAt,
      endsAt: subscriptions.endsAt,
      months: plans.durationMonths,
      startsOn: plans.startsOn,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.childId, childId),
        eq(subscriptions.status, 'active'),
        gt(subscriptions.endsAt, now),
      ),
    )
    .orderBy(asc(subscriptions.startsAt));
  let cursor = now;
  for (const program of upcoming) {
    // A seasonal program still waits for its season: it moves up to it, never before.
    const earliest = programPeriod(
      cursor,
      { durationMonths: program.months, startsOn: program.startsOn },
      [],
    );
    if (program.startsAt.getTime() > earliest.startsAt.getTime()) {
      await tx
        .update(subscriptions)
        .set({ startsAt: earliest.startsAt, endsAt: earliest.endsAt })
        .where(eq(subscriptions.id, program.id));
      cursor = earliest.endsAt;
    } else {
      cursor = program.endsAt.getTime() > cursor.getTime() ? program.endsAt : cursor;
    }
  }
}
