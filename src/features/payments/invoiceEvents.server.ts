import { and, eq } from 'drizzle-orm';
import { notifyChild } from '~/features/notifications/notifications.server';
import type { Db, Tx } from '~/platform/db/client.server';
import { children, memberships, orders, plans, subscriptions } from '~/platform/db/schema.server';
import type { PaymentEvent } from '~/platform/payments/provider.server';
import { pagePath } from '~/platform/routes';
import { tellFamily } from './billingNotices.server';
import type { MembershipOutcome } from './membershipEvents.server';
import { firstDeliveryOf, lockMembership } from './membershipEvents.server';
import { lockChildPrograms } from './orderClosing.server';
import { queueReceipt } from './receipts.server';
import { type InvoiceFacts, invoiceFacts } from './stripeObjects';

type MembershipRow = typeof memberships.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/**
 * An invoice of a membership: paid (a period of the program, a receipt), failed (past due, the
 * family told, retried by the provider) or held by the bank (the family confirms it). Each invoice
 * is one order, found by the invoice's id, so a replay or a late event pays nothing twice.
 */
export async function applyInvoiceEvent(db: Db, event: PaymentEvent): Promise<MembershipOutcome> {
  const invoice = invoiceFacts(event.data.object);
  if (!invoice) return 'unknown_subscription';
  return db.transaction(async (tx): Promise<MembershipOutcome> => {
    const membership = await lockMembership(tx, {
      membershipId: invoice.membershipId,
      ref: invoice.subscriptionRef,
    });
    if (!membership) return 'unknown_subscription';
    if (!(await firstDeliveryOf(tx, event))) return 'duplicate';
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.provider, membership.provider), eq(orders.providerRef, invoice.ref)))
      .for('update');
    if (event.type === 'invoice.paid') await invoicePaid(tx, membership, invoice, order, event);
    else if (event.type === 'invoice.payment_failed') await invoiceFailed(tx, membership, invoice, order);
    else await actionRequired(tx, membership, invoice, order);
    return 'applied';
  });
}

/** The order an invoice is: the one check-out made for the first, a new renewal order for the others. */
async function orderFor(
  tx: Tx,
  m: MembershipRow,
  invoice: InvoiceFacts,
  order: OrderRow | undefined,
  status: OrderRow['status'],
  /** What this event says of the order besides (when it was paid, where the bank asks to confirm). */
  more: Partial<Pick<OrderRow, 'paidAt' | 'actionUrl'>> = {},
) {
  const facts = {
    ...more,
    periodStart: invoice.periodStart,
    periodEnd: invoice.periodEnd,
    ...(invoice.paymentRef ? { paymentRef: invoice.paymentRef } : {}),
  };
  if (order) {
    const [changed] = await tx
      .update(orders)
      .set({ ...facts, status })
      .where(eq(orders.id, order.id))
      .returning();
    return changed ?? order;
  }
  const [made] = await tx
    .insert(orders)
    .values({
      userId: m.userId,
      childId: m.childId,
      planId: m.planId,
      membershipId: m.id,
      purpose: invoice.firstPayment ? 'purchase' : 'renewal',
      amountCents: status === 'paid' ? invoice.amountPaid : invoice.amountDue,
      currency: invoice.currency,
      provider: m.provider,
      providerRef: invoice.ref,
      status,
      ...facts,
    })
    .returning();
  if (!made) throw new Error('the renewal order was not recorded');
  return made;
}

async function invoicePaid(
  tx: Tx,
  m: MembershipRow,
  invoice: InvoiceFacts,
  found: OrderRow | undefined,
  event: PaymentEvent,
) {
  if (found?.status === 'paid' || found?.status === 'refunded') return;
  const paidAt = new Date(Math.min(event.created * 1000, Date.now()));
  const order = await orderFor(tx, m, invoice, found, 'paid', { paidAt, actionUrl: null });
  const { periodStart: startsAt, periodEnd: endsAt } = invoice;
  const running = m.status !== 'ended' && startsAt && endsAt;
  const later = !m.currentPeriodEnd || (endsAt && endsAt > m.currentPeriodEnd);
  await tx
    .update(memberships)
    .set({
      ...(m.status === 'ended' ? {} : { status: 'active' as const, nextRetryAt: null }),
      ...(running && later ? { currentPeriodStart: startsAt, currentPeriodEnd: endsAt } : {}),
      updatedAt: new Date(),
    })
    .where(eq(memberships.id, m.id));
  if (!running || !m.childId) return;
  const firstName = await addPeriod(tx, m, order.id, startsAt, endsAt);
  if (!firstName) return;
  const [plan] = await tx.select({ name: plans.name }).from(plans).where(eq(plans.id, m.planId));
  await announcePaid(tx, m, {
    firstName,
    planName: plan?.name ?? '',
    startsAt,
    endsAt,
    renewal: !invoice.firstPayment,
  });
  await queueReceipt(
    tx,
    { ...order, paidAt },
    {
      planName: plan?.name ?? '',
      childFirstName: firstName,
      paidAt,
      startsAt,
      endsAt,
      renewsAt: m.cancelAtPeriodEnd ? null : endsAt,
      renewal: !invoice.firstPayment,
    },
  );
}

/**
 * The paid period becomes a program of the child, as any program paid once is: its weekly plans
 * follow (at once for a week under way: a renewal paid late loses no week). Answers the child's name.
 */
async function addPeriod(tx: Tx, m: MembershipRow, orderId: string, startsAt: Date, endsAt: Date) {
  const childId = m.childId;
  if (!childId) return undefined;
  const [child] = await tx
    .select({ firstName: children.firstName })
    .from(children)
    .where(eq(children.id, childId));
  if (!child) return undefined;
  await lockChildPrograms(tx, childId);
  await tx
    .insert(subscriptions)
    .values({ childId, planId: m.planId, orderId, membershipId: m.id, startsAt, endsAt })
    .onConflictDoNothing();
  return child.firstName;
}

async function announcePaid(
  tx: Tx,
  m: MembershipRow,
  p: { firstName: string; planName: string; startsAt: Date; endsAt: Date; renewal: boolean },
) {
  if (!m.childId) return;
  const late = m.status === 'past_due';
  await notifyChild(tx, m.childId, {
    kind: 'payment',
    title: p.renewal
      ? `${p.planName} renewed for ${p.firstName}`
      : `${p.firstName} is enrolled in ${p.planName}`,
    body: p.renewal
      ? `Paid for {starts} to {ends}.${late ? ' Thank you: the weekly plans continue from this week.' : ''}`
      : 'The program runs from {starts} and renews on {ends} until you cancel. The first weekly plan appears on your profile’s Reading plan tab within minutes.',
    times: { starts: { at: p.startsAt, style: 'date' }, ends: { at: p.endsAt, style: 'date' } },
    link: p.renewal ? pagePath('/update-profile') : pagePath('/schedule-interview'),
  });
}

/** A declined payment: check-out's first one fails its order; a renewal makes the membership past due. */
async function invoiceFailed(tx: Tx, m: MembershipRow, invoice: InvoiceFacts, found: OrderRow | undefined) {
  if (found?.status === 'paid' || found?.status === 'refunded') return;
  if (invoice.firstPayment) {
    if (found?.status === 'pending')
      await tx.update(orders).set({ status: 'failed' }).where(eq(orders.id, found.id));
    return;
  }
  await orderFor(tx, m, invoice, found, 'failed');
  if (m.status === 'ended') return;
  await tx
    .update(memberships)
    .set({ status: 'past_due', nextRetryAt: invoice.nextAttemptAt, updatedAt: new Date() })
    .where(eq(memberships.id, m.id));
  // The last attempt failed: the subscription's end follows, and says so itself.
  if (!invoice.nextAttemptAt) return;
  await tellFamily(tx, m, {
    notice: 'renewal_failed',
    key: `${invoice.ref}:${invoice.attempts}`,
    amountCents: invoice.amountDue,
    at: invoice.nextAttemptAt,
  });
}

/** The bank holds the payment back until the family confirms it on Stripe's page for the invoice. */
async function actionRequired(tx: Tx, m: MembershipRow, invoice: InvoiceFacts, found: OrderRow | undefined) {
  if (found?.status === 'paid' || invoice.firstPayment) return;
  await orderFor(tx, m, invoice, found, found?.status ?? 'pending', { actionUrl: invoice.actionUrl });
  await tellFamily(tx, m, {
    notice: 'action_required',
    key: invoice.ref,
    amountCents: invoice.amountDue,
    at: null,
  });
}
