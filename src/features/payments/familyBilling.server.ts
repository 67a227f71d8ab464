import { and, desc, eq, inArray, ne, or } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { children, memberships, orders, plans, users } from '~/platform/db/schema.server';
import type { BillingDto, MembershipDto, PaymentDto } from './billing.schema';
import { refundQuote } from './familyRefunds.server';

type MembershipRow = typeof memberships.$inferSelect;
type OrderRow = typeof orders.$inferSelect;
const at = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** The family's renewing programs (never one still at check-out), the newest first. */
async function membershipsOf(db: Db, userId: string) {
  return db
    .select({ m: memberships, planName: plans.name, firstName: children.firstName })
    .from(memberships)
    .innerJoin(plans, eq(plans.id, memberships.planId))
    .leftJoin(children, eq(children.id, memberships.childId))
    .where(and(eq(memberships.userId, userId), ne(memberships.status, 'incomplete')))
    .orderBy(desc(memberships.createdAt))
    .limit(50);
}

/** Every payment the family made, and renewals that failed, the newest first. */
async function paymentsOf(db: Db, userId: string) {
  return db
    .select({ o: orders, planName: plans.name, firstName: children.firstName })
    .from(orders)
    .innerJoin(plans, eq(plans.id, orders.planId))
    .leftJoin(children, eq(children.id, orders.childId))
    .where(
      and(
        eq(orders.userId, userId),
        or(
          inArray(orders.status, ['paid', 'refunded']),
          and(eq(orders.purpose, 'renewal'), inArray(orders.status, ['failed', 'pending'])),
        ),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(200);
}

/** What the family sees of one membership at `now`: its state, next renewal and refund offer. */
function membershipView(
  m: MembershipRow,
  names: { planName: string; firstName: string | null },
  extra: {
    refund: MembershipDto['refund'];
    actionUrl: string | null;
  },
  now: Date,
): MembershipDto {
  const paused =
    m.status === 'paused' || (m.status === 'active' && m.pausedUntil !== null && m.pausedUntil > now);
  const status = paused ? 'paused' : m.status === 'incomplete' ? 'ended' : m.status;
  const renews = status !== 'ended' && !m.cancelAtPeriodEnd && !m.endReason;
  return {
    id: m.id,
    plan: { id: m.planId, name: names.planName },
    child: m.childId && names.firstName ? { _id: m.childId, firstName: names.firstName } : null,
    status,
    amountCents: m.amountCents,
    currency: m.currency,
    intervalMonths: m.intervalMonths,
    currentPeriodEnd: at(m.currentPeriodEnd),
    renewsAt: renews ? at(m.currentPeriodEnd) : null,
    cancelAtPeriodEnd: m.cancelAtPeriodEnd,
    pausedUntil: paused ? at(m.pausedUntil) : null,
    nextRetryAt: status === 'past_due' ? at(m.nextRetryAt) : null,
    actionUrl: status === 'past_due' || status === 'active' ? extra.actionUrl : null,
    endedAt: at(m.endedAt),
    endReason: m.endReason,
    refund: status === 'ended' || m.endReason ? null : extra.refund,
  };
}

async function offerFor(db: Db, order: OrderRow | undefined, now: Date) {
  if (!order) return null;
  const quote = await refundQuote(db, order, now);
  return 'refusal' in quote
    ? null
    : { amountCents: quote.amountCents ?? 0, until: quote.until.toISOString() };
}

/** The family's billing: each renewing program, every payment with its receipt, the refunds still open. */
export async function familyBilling(
  db: Db,
  userId: string,
  options: { now?: Date; portal: boolean; sandbox: BillingDto['sandbox'] },
): Promise<BillingDto> {
  const now = options.now ?? new Date();
  const [memberRows, paymentRows, [account]] = await Promise.all([
    membershipsOf(db, userId),
    paymentsOf(db, userId),
    db.select({ customer: users.stripeCustomerId }).from(users).where(eq(users.id, userId)),
  ]);
  const views: MembershipDto[] = [];
  for (const { m, planName, firstName } of memberRows) {
    const mine = paymentRows.filter((p) => p.o.membershipId === m.id).map((p) => p.o);
    const latestPaid = mine.find((o) => o.status === 'paid');
    const held = paymentRows.find((p) => p.o.membershipId === m.id && p.o.actionUrl && p.o.status !== 'paid');
    views.push(
      membershipView(
        m,
        { planName, firstName },
        { refund: await offerFor(db, latestPaid, now), actionUrl: held?.o.actionUrl ?? null },
        now,
      ),
    );
  }
  const payments: PaymentDto[] = [];
  for (const { o, planName, firstName } of paymentRows) {
    payments.push({
      id: o.id,
      planName,
      childFirstName: firstName,
      purpose: o.purpose,
      status: o.status,
      amountCents: o.amountCents,
      refundedCents: o.refundedCents,
      currency: o.currency,
      paidAt: at(o.paidAt),
      createdAt: o.createdAt.toISOString(),
      periodStart: at(o.periodStart),
      periodEnd: at(o.periodEnd),
      refund: o.membershipId ? null : await offerFor(db, o, now),
    });
  }
  return {
    memberships: views,
    payments,
    portal: options.portal && Boolean(account?.customer),
    sandbox: options.sandbox,
  };
}

/** The family's Customer at Stripe, once they have one (their first renewing program made it). */
export async function customerRefOf(db: Db, userId: string) {
  const [row] = await db.select({ ref: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
  return row?.ref ?? null;
}
