import { and, desc, eq, gt } from 'drizzle-orm';
import { childPrograms } from '~/features/family/programs.server';
import type { Db } from '~/platform/db/client.server';
import { memberships, orders, plans, users } from '~/platform/db/schema.server';
import { conflict, DomainError } from '~/platform/errors';
import type { Billing } from '~/platform/payments/billing.server';
import { formatTime, SERVER_VIEWER } from '~/platform/time';
import { liveMembershipOf } from './membershipEvents.server';
import { PENDING_ORDER_HOURS } from './orders.server';

type PlanRow = typeof plans.$inferSelect;
const day = (at: Date) => formatTime(at, 'date', SERVER_VIEWER);

/**
 * A renewing program starts at once, so a child has one at a time and none beside a program paid
 * once that has not ended: the family is told which, and until when.
 */
export async function refuseOverlap(db: Db, child: { id: string; firstName: string }, now: Date) {
  const live = await liveMembershipOf(db, child.id);
  if (live) {
    throw conflict(
      `${child.firstName} already has a renewing program. Manage it from Billing in your profile settings.`,
      'conflict',
      { childId: `${child.firstName} already has a renewing program.` },
    );
  }
  const [current] = await childPrograms(db, child.id, now);
  if (current) {
    throw conflict(
      `${child.firstName} is in ${current.planName} until ${day(current.endsAt)}. A renewing program starts at once, so choose it from that day, or choose another child.`,
      'conflict',
      { childId: `${child.firstName} is in another program until ${day(current.endsAt)}.` },
    );
  }
}

/** The family's check-out of this plan for this child still waiting for its first payment, if any. */
async function openMembership(db: Db, userId: string, childId: string, plan: PlanRow, now: Date) {
  const since = new Date(now.getTime() - PENDING_ORDER_HOURS * 3_600_000);
  const [open] = await db
    .select({ membershipId: memberships.id, orderId: orders.id })
    .from(memberships)
    .innerJoin(orders, eq(orders.membershipId, memberships.id))
    .where(
      and(
        eq(memberships.userId, userId),
        eq(memberships.childId, childId),
        eq(memberships.planId, plan.id),
        eq(memberships.status, 'incomplete'),
        eq(memberships.amountCents, plan.priceCents),
        gt(memberships.createdAt, since),
        eq(orders.status, 'pending'),
      ),
    )
    .orderBy(desc(memberships.createdAt))
    .limit(1);
  return open;
}

/**
 * Check-out of a renewing plan: a membership waiting for its first payment and the order of that
 * payment, then the provider's subscription whose first invoice the family pays (a reload continues
 * the same one). The plan's price is kept on the membership: renewals charge what the family agreed.
 */
export async function startMembershipCheckout(
  db: Db,
  billing: Billing,
  input: { userId: string; child: { id: string; firstName: string }; plan: PlanRow; provider: string },
  now: Date,
): Promise<{ orderId: string; clientSecret?: string }> {
  const { userId, child, plan } = input;
  await refuseOverlap(db, child, now);
  const open = await openMembership(db, userId, child.id, plan, now);
  // Continued: the provider answers the same subscription again (its creation is idempotent per membership).
  if (open) {
    const again = {
      userId,
      membershipId: open.membershipId,
      orderId: open.orderId,
      plan,
      firstName: child.firstName,
    };
    return { orderId: open.orderId, ...(await subscribe(db, billing, again)) };
  }
  const { membershipId, orderId } = await db.transaction(async (tx) => {
    const [membership] = await tx
      .insert(memberships)
      .values({
        userId,
        childId: child.id,
        planId: plan.id,
        provider: input.provider,
        amountCents: plan.priceCents,
        currency: plan.currency,
        intervalMonths: Math.round(plan.durationMonths),
      })
      .returning({ id: memberships.id });
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        childId: child.id,
        planId: plan.id,
        membershipId: membership?.id,
        amountCents: plan.priceCents,
        currency: plan.currency,
        provider: input.provider,
        promisedStartsAt: now,
        promisedReason: 'now',
      })
      .returning({ id: orders.id });
    if (!membership || !order) throw new Error('the check-out was not recorded');
    return { membershipId: membership.id, orderId: order.id };
  });
  return {
    orderId,
    ...(await subscribe(db, billing, { userId, membershipId, orderId, plan, firstName: child.firstName })),
  };
}

/** The provider's subscription for a new membership; a provider that fails leaves the order failed. */
async function subscribe(
  db: Db,
  billing: Billing,
  s: { userId: string; membershipId: string; orderId: string; plan: PlanRow; firstName: string },
) {
  const [account] = await db
    .select({ email: users.email, name: users.displayName, ref: users.stripeCustomerId })
    .from(users)
    .where(eq(users.id, s.userId));
  if (!account) throw new DomainError('unauthenticated', 'Sign in again to continue.');
  try {
    const started = await billing.startSubscription({
      membershipId: s.membershipId,
      orderId: s.orderId,
      customer: { userId: s.userId, ...account },
      price: {
        planId: s.plan.id,
        planName: s.plan.name,
        amountCents: s.plan.priceCents,
        currency: s.plan.currency,
        intervalMonths: Math.round(s.plan.durationMonths),
        ref: s.plan.stripePriceId,
        key: s.plan.stripePriceKey,
      },
      description: `${s.plan.name} for ${s.firstName}`,
    });
    await keepStarted(db, s, started);
    return started.clientSecret ? { clientSecret: started.clientSecret } : {};
  } catch (error) {
    await db
      .update(orders)
      .set({ status: 'failed', note: 'The payment provider could not start the subscription.' })
      .where(and(eq(orders.id, s.orderId), eq(orders.status, 'pending')));
    throw error;
  }
}

async function keepStarted(
  db: Db,
  s: { userId: string; membershipId: string; orderId: string; plan: PlanRow },
  started: Awaited<ReturnType<Billing['startSubscription']>>,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(memberships)
      .set({ providerRef: started.subscriptionRef })
      .where(eq(memberships.id, s.membershipId));
    await tx.update(orders).set({ providerRef: started.invoiceRef }).where(eq(orders.id, s.orderId));
    await tx.update(users).set({ stripeCustomerId: started.customerRef }).where(eq(users.id, s.userId));
    await tx
      .update(plans)
      .set({ stripePriceId: started.priceRef, stripePriceKey: started.priceKey })
      .where(eq(plans.id, s.plan.id));
  });
}
