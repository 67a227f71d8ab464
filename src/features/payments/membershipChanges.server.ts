import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '~/platform/db/client.server';
import { memberships, orders } from '~/platform/db/schema.server';
import { conflict, DomainError, invalid, notFound } from '~/platform/errors';
import type { Billing } from '~/platform/payments/billing.server';
import { formatTime, SERVER_VIEWER } from '~/platform/time';
import { tellFamily } from './billingNotices.server';
import { PAUSE_MAX_WEEKS, PAUSE_MIN_WEEKS, pauseEnd } from './billingTerms';
import { shiftPeriodsForPause } from './pausePeriods.server';

type MembershipRow = typeof memberships.$inferSelect;
const day = (at: Date | null) => (at ? formatTime(at, 'date', SERVER_VIEWER) : '');

/** The provider could not be reached or refused: nothing changed here, and the family may try again. */
export const providerDown = () =>
  new DomainError(
    'unavailable',
    'The payment provider could not be reached, so nothing changed. Please try again in a few minutes.',
  );

/**
 * Runs `change` on this family's membership, locked: another family's (or none) is 404, and
 * `check` refuses a state that does not allow the change (so two clicks at once make one change).
 */
export async function withOwnMembership<T>(
  db: Db,
  ids: { userId: string; membershipId: string },
  change: (tx: Tx, m: MembershipRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const [m] = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.id, ids.membershipId), eq(memberships.userId, ids.userId)))
      .for('update');
    if (!m) throw notFound('That program');
    return change(tx, m);
  });
}

function refuseUnlessLive(m: MembershipRow) {
  if (m.status === 'ended') throw conflict(`This program ended on ${day(m.endedAt)}.`);
  if (m.status === 'incomplete' || !m.providerRef)
    throw conflict('This program was never paid for, so there is nothing to change.');
  if (m.endReason) throw conflict('This program is being cancelled already.');
}

/**
 * Cancels at the end of the period already paid: no further charge, the plans run to its end
 * (a renewal still unpaid has no period to run to: that program ends now). The first of two
 * requests at once claims it; the second is told it is cancelled already.
 */
export async function cancelAtPeriodEnd(
  db: Db,
  billing: Billing,
  input: { userId: string; membershipId: string; reason: string | null },
  now = new Date(),
) {
  const m = await withOwnMembership(db, input, async (tx, m) => {
    refuseUnlessLive(m);
    if (m.cancelAtPeriodEnd)
      throw conflict(`This program is cancelled already: it ends on ${day(m.currentPeriodEnd)}.`);
    const claim = {
      cancelAtPeriodEnd: true,
      cancelReason: input.reason,
      cancelRequestedAt: now,
      updatedAt: now,
    };
    await tx.update(memberships).set(claim).where(eq(memberships.id, m.id));
    return { ...m, ...claim };
  });
  const endsNow = m.status === 'past_due';
  try {
    if (endsNow) await billing.cancelNow(m.providerRef ?? '');
    else await billing.setCancelAtPeriodEnd(m.providerRef ?? '', true, input.reason);
  } catch {
    await db
      .update(memberships)
      .set({ cancelAtPeriodEnd: false, cancelRequestedAt: null })
      .where(eq(memberships.id, m.id));
    throw providerDown();
  }
  await db.transaction(async (tx) => {
    if (endsNow) {
      await tx
        .update(memberships)
        .set({ status: 'ended', endedAt: now, endReason: 'cancelled', nextRetryAt: null })
        .where(eq(memberships.id, m.id));
      await tellFamily(tx, m, { notice: 'ended', key: 'end', at: now });
    } else {
      await tellFamily(tx, m, { notice: 'cancelled', key: now.toISOString(), at: m.currentPeriodEnd });
    }
  });
}

/** Takes a cancellation at the period's end back: the program renews as before. */
export async function keepRenewing(
  db: Db,
  billing: Billing,
  input: { userId: string; membershipId: string },
  now = new Date(),
) {
  const m = await withOwnMembership(db, input, async (tx, m) => {
    if (!m.cancelAtPeriodEnd || m.status === 'ended')
      throw conflict('This program is not cancelled, so it renews already.');
    await tx
      .update(memberships)
      .set({ cancelAtPeriodEnd: false, cancelReason: null, cancelRequestedAt: null, updatedAt: now })
      .where(eq(memberships.id, m.id));
    return m;
  });
  try {
    await billing.setCancelAtPeriodEnd(m.providerRef ?? '', false);
  } catch {
    await db.update(memberships).set({ cancelAtPeriodEnd: true }).where(eq(memberships.id, m.id));
    throw providerDown();
  }
  await db.transaction((tx) =>
    tellFamily(tx, m, { notice: 'kept', key: now.toISOString(), at: m.currentPeriodEnd }),
  );
}

/**
 * Pauses a running program for whole weeks: no plans and no charge meanwhile, the rest of the paid
 * period after it, the next renewal moved later by the pause's length. One pause at a time, and
 * not for a program cancelled or unpaid.
 */
export async function pauseMembership(
  db: Db,
  billing: Billing,
  input: { userId: string; membershipId: string; weeks: number },
  now = new Date(),
) {
  if (!Number.isInteger(input.weeks) || input.weeks < PAUSE_MIN_WEEKS || input.weeks > PAUSE_MAX_WEEKS) {
    throw invalid({ weeks: `Choose a pause of ${PAUSE_MIN_WEEKS} to ${PAUSE_MAX_WEEKS} whole weeks.` });
  }
  const until = pauseEnd(now, input.weeks);
  const claimed = await withOwnMembership(db, input, async (tx, m) => {
    refuseUnlessLive(m);
    if (m.status !== 'active' || !m.currentPeriodEnd)
      throw conflict('Only a program that is running and paid can be paused.');
    if (m.cancelAtPeriodEnd)
      throw conflict('This program is cancelled, so it cannot be paused: keep it first.');
    if (m.pausedUntil && m.pausedUntil > now)
      throw conflict(`This program is paused already, until ${day(m.pausedUntil)}.`);
    const claim = { pausedFrom: now, pausedUntil: until, updatedAt: now };
    await tx.update(memberships).set(claim).where(eq(memberships.id, m.id));
    return { ...m, ...claim, currentPeriodEnd: m.currentPeriodEnd };
  });
  const renewsAt = new Date(claimed.currentPeriodEnd.getTime() + (until.getTime() - now.getTime()));
  try {
    await billing.moveRenewal(claimed.providerRef ?? '', renewsAt);
  } catch {
    await db
      .update(memberships)
      .set({ pausedFrom: null, pausedUntil: null })
      .where(eq(memberships.id, claimed.id));
    throw providerDown();
  }
  await db.transaction(async (tx) => {
    await tx.update(memberships).set({ currentPeriodEnd: renewsAt }).where(eq(memberships.id, claimed.id));
    await shiftPeriodsForPause(tx, claimed, { from: now, until });
    await tellFamily(tx, claimed, { notice: 'paused', key: now.toISOString(), at: until, renewsAt });
  });
}

/** Tries an unpaid renewal again now (after the family changed their card, say). */
export async function payRenewalNow(
  db: Db,
  billing: Billing,
  input: { userId: string; membershipId: string },
) {
  const invoice = await withOwnMembership(db, input, async (tx, m) => {
    if (m.status !== 'past_due') throw conflict('Nothing is unpaid on this program.');
    const [unpaid] = await tx
      .select({ ref: orders.providerRef })
      .from(orders)
      .where(and(eq(orders.membershipId, m.id), inArray(orders.status, ['failed', 'pending'])))
      .orderBy(desc(orders.createdAt))
      .limit(1);
    if (!unpaid?.ref) throw conflict('Nothing is unpaid on this program.');
    return unpaid.ref;
  });
  try {
    await billing.payInvoice(invoice);
  } catch (error) {
    if ((error as { type?: string } | null)?.type === 'StripeCardError') {
      throw conflict('Your bank declined the payment again. Update your card, then try once more.');
    }
    throw providerDown();
  }
}

/**
 * Before a family or one child is deleted: each renewing program still live ends now at the
 * provider, with no refund (as the deletion page says), and is recorded as ended. A provider that
 * cannot be reached stops the deletion: nothing is deleted while a card could still be charged.
 */
export async function endRenewals(
  db: Db,
  billing: Billing,
  scope: { userId: string; childId?: string },
  now = new Date(),
) {
  const live = await db
    .select()
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, scope.userId),
        scope.childId ? eq(memberships.childId, scope.childId) : undefined,
        inArray(memberships.status, ['active', 'past_due', 'paused', 'incomplete']),
      ),
    );
  for (const m of live) {
    try {
      if (m.providerRef) await billing.cancelNow(m.providerRef);
    } catch {
      throw providerDown();
    }
    await db
      .update(memberships)
      .set({ status: 'ended', endedAt: now, endReason: 'cancelled', nextRetryAt: null, updatedAt: now })
      .where(eq(memberships.id, m.id));
  }
}
