import { and, eq, or } from 'drizzle-orm';
import type { Db, Tx } from '~/platform/db/client.server';
import { memberships, paymentEvents } from '~/platform/db/schema.server';
import type { PaymentEvent } from '~/platform/payments/provider.server';
import { tellFamily } from './billingNotices.server';
import { applyInvoiceEvent } from './invoiceEvents.server';
import { membershipStatusOf, type SubscriptionFacts, subscriptionFacts } from './stripeObjects';

/** What one event did: applied, a replay, older than what is known, or about no membership of ours. */
export type MembershipOutcome = 'applied' | 'duplicate' | 'stale' | 'unknown_subscription';

export const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);
export const INVOICE_EVENTS = new Set([
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
]);

type MembershipRow = typeof memberships.$inferSelect;

/** The membership an event is about, locked: by the id its metadata carries, or the provider's id. */
export async function lockMembership(tx: Tx, ids: { membershipId: string | null; ref: string | null }) {
  const match = [
    ids.membershipId ? eq(memberships.id, ids.membershipId) : undefined,
    ids.ref ? eq(memberships.providerRef, ids.ref) : undefined,
  ].filter((c) => c !== undefined);
  if (match.length === 0) return undefined;
  const [row] = await tx
    .select()
    .from(memberships)
    .where(or(...match))
    .for('update');
  // A metadata id naming one membership and a provider id another: not ours to guess.
  if (row?.providerRef && ids.ref && row.providerRef !== ids.ref) return undefined;
  return row;
}

/** Records the event's id with its effects; false for a replay. */
export async function firstDeliveryOf(tx: Tx, event: PaymentEvent) {
  const recorded = await tx
    .insert(paymentEvents)
    .values({ id: event.id, type: event.type, orderId: null })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return recorded.length > 0;
}

/** A subscription or invoice event, applied once (the dispatcher of the webhook's billing events). */
export function applyMembershipEvent(db: Db, event: PaymentEvent): Promise<MembershipOutcome> {
  return SUBSCRIPTION_EVENTS.has(event.type)
    ? applySubscriptionEvent(db, event)
    : applyInvoiceEvent(db, event);
}

/**
 * A subscription's new state, applied once and in order: an event older than the newest already
 * applied (an `updated` that overtook its `created`, a retry delivered hours late) is recorded but
 * changes nothing, so a late one never undoes a newer state. An ended membership stays ended.
 */
async function applySubscriptionEvent(db: Db, event: PaymentEvent): Promise<MembershipOutcome> {
  const facts = subscriptionFacts(event.data.object);
  if (!facts) return 'unknown_subscription';
  const at = new Date(event.created * 1000);
  return db.transaction(async (tx): Promise<MembershipOutcome> => {
    const membership = await lockMembership(tx, { membershipId: facts.membershipId, ref: facts.ref });
    if (!membership) return 'unknown_subscription';
    if (!(await firstDeliveryOf(tx, event))) return 'duplicate';
    if (membership.providerStateAt && at < membership.providerStateAt) return 'stale';
    const status = event.type.endsWith('.deleted') ? 'ended' : membershipStatusOf(facts.status);
    const next = nextState(membership, facts, status, at);
    await tx.update(memberships).set(next).where(eq(memberships.id, membership.id));
    if (next.status === 'ended' && membership.status !== 'ended')
      await tellEnded(tx, { ...membership, ...next });
    return 'applied';
  });
}

/** The membership's columns after a subscription event at `at`. */
function nextState(
  m: MembershipRow,
  facts: SubscriptionFacts,
  status: MembershipRow['status'] | null,
  at: Date,
) {
  const ended = m.status === 'ended' || status === 'ended';
  // A check-out never paid stays incomplete until its first invoice is paid (invoice.paid says so).
  const keep = status === null || (status === 'active' && m.status === 'incomplete');
  const running = m.status !== 'incomplete' && facts.periodStart && facts.periodEnd;
  return {
    status: ended ? ('ended' as const) : keep ? m.status : status,
    cancelAtPeriodEnd: facts.cancelAtPeriodEnd,
    ...(running ? { currentPeriodStart: facts.periodStart, currentPeriodEnd: facts.periodEnd } : {}),
    ...(ended && !m.endedAt
      ? { endedAt: at, endReason: m.endReason ?? endReasonOf(m), nextRetryAt: null }
      : {}),
    providerStateAt: at,
    updatedAt: new Date(),
  };
}

/** Why a membership the provider ended did end, when nothing here said so already. */
function endReasonOf(m: MembershipRow): NonNullable<MembershipRow['endReason']> {
  if (m.status === 'past_due') return 'unpaid';
  if (m.status === 'incomplete') return 'expired';
  return m.cancelAtPeriodEnd ? 'cancelled' : 'team';
}

/** The family hears that a paid membership ended (one never paid ends without a word). */
async function tellEnded(tx: Tx, m: MembershipRow) {
  if (m.endReason === 'expired' || m.endReason === 'refunded') return;
  const notice = m.endReason === 'unpaid' ? 'ended_unpaid' : 'ended';
  await tellFamily(tx, m, { notice, key: 'end', at: m.endedAt });
}

/** Marks the membership's own lookups used by check-out: a live membership of this child, if any. */
export async function liveMembershipOf(db: Pick<Db, 'select'>, childId: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(
      and(
        eq(memberships.childId, childId),
        or(
          eq(memberships.status, 'active'),
          eq(memberships.status, 'past_due'),
          eq(memberships.status, 'paused'),
        ),
      ),
    );
  return row;
}
