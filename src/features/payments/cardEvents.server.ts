import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { memberships, users } from '~/platform/db/schema.server';
import type { PaymentEvent } from '~/platform/payments/provider.server';
import { tellFamily } from './billingNotices.server';
import { firstDeliveryOf, type MembershipOutcome } from './membershipEvents.server';

export const CARD_EXPIRING_EVENT = 'customer.source.expiring';

/** The last moment of a card's expiry month (cards work to the end of the month they show). */
const expiryOf = (month: number, year: number) => new Date(Date.UTC(year, month, 1) - 1);

/**
 * Stripe's word that the family's card expires at the end of the month: each renewing program the
 * card would not renew (its next renewal after the card's last day) tells the family, once per card.
 */
export async function applyCardExpiring(db: Db, event: PaymentEvent): Promise<MembershipOutcome> {
  const card = event.data.object as {
    customer?: unknown;
    exp_month?: unknown;
    exp_year?: unknown;
    last4?: unknown;
  };
  const { customer, exp_month: month, exp_year: year } = card;
  if (typeof customer !== 'string' || typeof month !== 'number' || typeof year !== 'number')
    return 'unknown_subscription';
  const last4 = typeof card.last4 === 'string' && /^\d{4}$/.test(card.last4) ? card.last4 : null;
  return db.transaction(async (tx): Promise<MembershipOutcome> => {
    const [family] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.stripeCustomerId, customer));
    if (!family) return 'unknown_subscription';
    if (!(await firstDeliveryOf(tx, event))) return 'duplicate';
    const expires = expiryOf(month, year);
    const live = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, family.id), inArray(memberships.status, ['active', 'paused'])));
    for (const m of live) {
      if (m.cancelAtPeriodEnd || !m.currentPeriodEnd || m.currentPeriodEnd <= expires) continue;
      await tellFamily(tx, m, {
        notice: 'card_expiring',
        key: `${last4 ?? 'card'}:${year}-${month}`,
        at: expires,
        renewsAt: m.currentPeriodEnd,
        cardLast4: last4,
      });
    }
    return 'applied';
  });
}
