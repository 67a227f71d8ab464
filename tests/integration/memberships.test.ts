import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { BillingDto } from '../../src/features/payments/billing.schema';
import { PAUSE_MAX_WEEKS, RENEWAL_RETRY_DAYS } from '../../src/features/payments/billingTerms';
import { WEEK_MS } from '../../src/platform/days';
import {
  emails,
  memberships,
  notifications,
  orders,
  plans,
  sandboxSubscriptions,
  subscriptions,
  users,
} from '../../src/platform/db/schema.server';
import { sandboxProvider } from '../../src/platform/payments/provider.server';
import { call, familyWithChild, fileApi, postPaymentEvent } from './harness';
import { atOnce } from './races';

// Renewing programs end to end on the sandbox's billing, which mirrors Stripe's: check-out, the
// first invoice, renewals on the family's test clock, failed renewals and their retries, pauses,
// cancellations and refunds, each told by signed events through the one webhook.

const { database, api } = await fileApi({ payments: sandboxProvider('whsec_memberships_test') });
const db = database.db;
const [monthlyId, condensedId] = (
  await db
    .insert(plans)
    .values([
      { name: 'Rated Reads Monthly', durationMonths: 1, priceCents: 2900, billing: 'recurring' },
      { name: 'A-Bridged Condensed Program', durationMonths: 1.25, priceCents: 19999 },
    ])
    .returning({ id: plans.id })
).map((r) => r.id) as [string, string];

type Family = Awaited<ReturnType<typeof familyWithChild>>;
const as = (f: Family) => (method: string, path: string, body?: unknown) =>
  call(api, method, path, { token: f.token, ...(body === undefined ? {} : { body }) });

async function billingOf(f: Family): Promise<BillingDto> {
  const res = await as(f)('GET', '/api/billing');
  expect(res.status).toBe(200);
  return res.json as BillingDto;
}

/** A new family whose child Maya has the monthly renewing program, paid in the sandbox. */
async function member(outcome: 'succeed' | 'fail' = 'succeed') {
  const f = await familyWithChild(api, { firstName: 'Maya', ageBand: '6-8', readingLevel: 'sapling' });
  const started = await as(f)('POST', '/api/checkout', { planId: monthlyId, childId: f.childId });
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  const orderId = String(started.json.orderId);
  const paid = await as(f)('POST', `/api/orders/${orderId}/sandbox-pay`, { outcome });
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);
  const [m] = await db.select().from(memberships).where(eq(memberships.userId, f.userId));
  if (!m) throw new Error('no membership');
  return { f, orderId, membershipId: m.id };
}

const clock = (f: Family, days: number) => as(f)('POST', '/api/billing/sandbox/clock', { days });
const card = (f: Family, declines: boolean) => as(f)('POST', '/api/billing/sandbox/card', { declines });
const periodsOf = (membershipId: string) =>
  db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.membershipId, membershipId))
    .orderBy(subscriptions.startsAt);
const emailsTo = async (userId: string) =>
  (await db.select().from(emails).where(eq(emails.userId, userId)).orderBy(emails.createdAt)).map(
    (e) =>
      `${e.template}:${String((e.data as { notice?: string; renewal?: boolean }).notice ?? (e.data as { renewal?: boolean }).renewal)}`,
  );

describe('a renewing program', () => {
  it('starts with its first invoice paid: a membership, a program for the period, a receipt', async () => {
    const { f, orderId, membershipId } = await member();
    const billing = await billingOf(f);
    expect(billing.memberships).toHaveLength(1);
    const [m] = billing.memberships;
    expect(m).toMatchObject({
      id: membershipId,
      status: 'active',
      amountCents: 2900,
      cancelAtPeriodEnd: false,
    });
    expect(m?.renewsAt).toBe(m?.currentPeriodEnd);
    expect(billing.payments.map((p) => [p.id, p.purpose, p.status])).toEqual([[orderId, 'purchase', 'paid']]);
    const periods = await periodsOf(membershipId);
    expect(periods).toHaveLength(1);
    expect(periods[0]?.orderId).toBe(orderId);
    expect(await emailsTo(f.userId)).toEqual(['payment-receipt:false']);
  });

  it('is refused for a child who already has one, and for a child in a program paid once', async () => {
    const { f } = await member();
    const again = await as(f)('POST', '/api/checkout', { planId: monthlyId, childId: f.childId });
    expect(again.status).toBe(409);
    expect(again.json.error?.fields?.childId).toMatch(/already has a renewing program/);

    const g = await familyWithChild(api, { firstName: 'Leo', ageBand: '6-8', readingLevel: 'sapling' });
    const once = await as(g)('POST', '/api/checkout', { planId: condensedId, childId: g.childId });
    await as(g)('POST', `/api/orders/${once.json.orderId}/sandbox-pay`, { outcome: 'succeed' });
    const refused = await as(g)('POST', '/api/checkout', { planId: monthlyId, childId: g.childId });
    expect(refused.status).toBe(409);
    expect(refused.json.error?.message).toMatch(/Leo is in A-Bridged Condensed Program until/);
  });

  it('renews on the sandbox clock: a renewal order, the next period, a renewal receipt', async () => {
    const { f, membershipId } = await member();
    const before = (await billingOf(f)).memberships[0];
    const after = await clock(f, 32);
    expect(after.status).toBe(200);
    const m = (after.json as BillingDto).memberships[0];
    expect(m?.status).toBe('active');
    expect(Date.parse(m?.renewsAt ?? '')).toBeGreaterThan(Date.parse(before?.renewsAt ?? ''));
    const payments = (after.json as BillingDto).payments;
    expect(payments.map((p) => p.purpose)).toEqual(['renewal', 'purchase']);
    const periods = await periodsOf(membershipId);
    expect(periods).toHaveLength(2);
    expect(periods[1]?.startsAt.getTime()).toBe(periods[0]?.endsAt.getTime());
    expect(await emailsTo(f.userId)).toEqual(['payment-receipt:false', 'payment-receipt:true']);
  });

  it('a declined renewal makes it past due, tells the family, retries, and recovers without a lost period', async () => {
    const { f, membershipId } = await member();
    await card(f, true);
    const failed = (await clock(f, 31)).json as BillingDto;
    expect(failed.memberships[0]).toMatchObject({ status: 'past_due' });
    expect(failed.memberships[0]?.nextRetryAt).toBeTruthy();
    expect(failed.payments[0]).toMatchObject({ purpose: 'renewal', status: 'failed' });
    expect(await periodsOf(membershipId)).toHaveLength(1);
    const told = await db.select().from(notifications).where(eq(notifications.childId, f.childId));
    expect(told.map((n) => n.title)).toContain('We could not renew Maya’s Rated Reads Monthly');
    expect(await emailsTo(f.userId)).toContain('billing-notice:renewal_failed');

    await card(f, false);
    const recovered = (await clock(f, RENEWAL_RETRY_DAYS[0])).json as BillingDto;
    expect(recovered.memberships[0]).toMatchObject({ status: 'active', nextRetryAt: null });
    expect(recovered.payments[0]).toMatchObject({ purpose: 'renewal', status: 'paid' });
    const periods = await periodsOf(membershipId);
    expect(periods).toHaveLength(2);
    // The renewal's period is the one it paid for: it follows the first with no gap.
    expect(periods[1]?.startsAt.getTime()).toBe(periods[0]?.endsAt.getTime());
  });

  it('ends unpaid after the last retry, and stops renewing', async () => {
    const { f, membershipId } = await member();
    await card(f, true);
    const ended = (await clock(f, 31 + (RENEWAL_RETRY_DAYS.at(-1) ?? 0))).json as BillingDto;
    expect(ended.memberships[0]).toMatchObject({ status: 'ended', endReason: 'unpaid', renewsAt: null });
    expect(await periodsOf(membershipId)).toHaveLength(1);
    expect(await emailsTo(f.userId)).toContain('billing-notice:ended_unpaid');
    await card(f, false);
    expect(
      ((await clock(f, 60)).json as BillingDto).payments.filter((p) => p.status === 'paid'),
    ).toHaveLength(1);
  });
});

describe('cancelling', () => {
  it('at the period’s end: no renewal, the plans run to the end; twice at once makes one cancellation', async () => {
    const { f, membershipId } = await member();
    const path = `/api/billing/memberships/${membershipId}/cancel`;
    const answers = await atOnce(
      [0, 1].map(() => () => as(f)('POST', path, { refund: false, reason: 'Too busy' })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const m = (await billingOf(f)).memberships[0];
    expect(m).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, renewsAt: null });
    const [row] = await db.select().from(memberships).where(eq(memberships.id, membershipId));
    expect(row?.cancelReason).toBe('Too busy');
    expect((await emailsTo(f.userId)).filter((e) => e === 'billing-notice:cancelled')).toHaveLength(1);

    const after = (await clock(f, 40)).json as BillingDto;
    expect(after.memberships[0]).toMatchObject({ status: 'ended', endReason: 'cancelled' });
    expect(after.payments).toHaveLength(1);
    expect(await periodsOf(membershipId)).toHaveLength(1);
  });

  it('can be taken back before the end: it renews again', async () => {
    const { f, membershipId } = await member();
    await as(f)('POST', `/api/billing/memberships/${membershipId}/cancel`, { refund: false });
    const kept = await as(f)('POST', `/api/billing/memberships/${membershipId}/keep`);
    expect(kept.status).toBe(200);
    expect((kept.json as BillingDto).memberships[0]).toMatchObject({ cancelAtPeriodEnd: false });
    const renewed = (await clock(f, 32)).json as BillingDto;
    expect(renewed.payments.map((p) => p.purpose)).toEqual(['renewal', 'purchase']);
    expect((await as(f)('POST', `/api/billing/memberships/${membershipId}/keep`)).status).toBe(409);
  });

  it('within 14 days with a refund of the unused part: ended now, the program stopped', async () => {
    const { f, orderId, membershipId } = await member();
    // Paid ten days ago, for a period of about a month: about two thirds is unused.
    const [m] = await db.select().from(memberships).where(eq(memberships.id, membershipId));
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000);
    await db
      .update(orders)
      .set({ paidAt: tenDaysAgo, periodStart: tenDaysAgo })
      .where(eq(orders.id, orderId));
    const offer = (await billingOf(f)).memberships[0]?.refund;
    expect(offer?.amountCents).toBeGreaterThan(1500);
    expect(offer?.amountCents).toBeLessThan(2900);
    const res = await as(f)('POST', `/api/billing/memberships/${membershipId}/cancel`, {
      refund: true,
      reason: '',
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const after = res.json as BillingDto;
    expect(after.memberships[0]).toMatchObject({ status: 'ended', endReason: 'refunded', refund: null });
    expect(after.payments[0]).toMatchObject({ status: 'refunded' });
    expect(after.payments[0]?.refundedCents).toBeGreaterThan(1500);
    const periods = await periodsOf(membershipId);
    expect(periods.every((p) => p.status === 'cancelled')).toBe(true);
    expect(m?.providerRef).toBeTruthy();
    expect(await emailsTo(f.userId)).toContain('billing-notice:refunded');
    // The provider's own word that it ended changes nothing more; the clock renews nothing.
    expect(((await clock(f, 40)).json as BillingDto).payments).toHaveLength(1);
  });

  it('refuses a refund after 14 days, naming the field, and changes nothing', async () => {
    const { f, orderId, membershipId } = await member();
    await db
      .update(orders)
      .set({ paidAt: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(orders.id, orderId));
    const res = await as(f)('POST', `/api/billing/memberships/${membershipId}/cancel`, { refund: true });
    expect(res.status).toBe(400);
    expect(res.json.error?.fields?.refund).toMatch(/within 14 days/);
    expect((await billingOf(f)).memberships[0]).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: false,
      refund: null,
    });
  });

  it('is another family’s business: 404, nothing changed', async () => {
    const { membershipId } = await member();
    const other = await familyWithChild(api, { firstName: 'Zoe', ageBand: '6-8', readingLevel: 'sapling' });
    for (const [path, body] of [
      ['cancel', { refund: false }],
      ['cancel', { refund: true }],
      ['keep', undefined],
      ['pause', { weeks: 2 }],
      ['pay', undefined],
    ] as const) {
      const res = await as(other)('POST', `/api/billing/memberships/${membershipId}/${path}`, body);
      expect(res.status, path).toBe(404);
    }
    const [m] = await db.select().from(memberships).where(eq(memberships.id, membershipId));
    expect(m).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, pausedUntil: null });
  });
});

describe('deleting', () => {
  it('a child ends their renewing program at the provider first', async () => {
    const { f, membershipId } = await member();
    expect((await as(f)('DELETE', `/api/children/${f.childId}`)).status).toBe(200);
    const [m] = await db.select().from(memberships).where(eq(memberships.id, membershipId));
    expect(m).toMatchObject({ status: 'ended', endReason: 'cancelled', childId: null });
    const [sub] = await db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.userId, f.userId));
    expect((sub?.state as { status?: string } | undefined)?.status).toBe('canceled');
  });

  it('the family ends every renewing program before anything is deleted', async () => {
    const { f } = await member();
    const res = await as(f)('DELETE', '/api/me', { confirm: 'delete our family' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(await db.select().from(memberships).where(eq(memberships.userId, f.userId))).toEqual([]);
  });
});

describe('pausing', () => {
  it('for 1 to 4 weeks: no program meanwhile, the rest after it, the renewal moved as much', async () => {
    const { f, membershipId } = await member();
    const before = (await billingOf(f)).memberships[0];
    for (const weeks of [0, PAUSE_MAX_WEEKS + 1, 1.5, '2']) {
      const res = await as(f)('POST', `/api/billing/memberships/${membershipId}/pause`, { weeks });
      expect(res.status, String(weeks)).toBe(400);
      expect(res.json.error?.fields?.weeks).toBeTruthy();
    }
    const res = await as(f)('POST', `/api/billing/memberships/${membershipId}/pause`, { weeks: 2 });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const m = (res.json as BillingDto).memberships[0];
    expect(m?.status).toBe('paused');
    expect(Date.parse(m?.renewsAt ?? '') - Date.parse(before?.renewsAt ?? '')).toBeCloseTo(2 * WEEK_MS, -4);
    const periods = await periodsOf(membershipId);
    expect(periods).toHaveLength(2);
    const [cut, rest] = periods;
    expect(Date.parse(m?.pausedUntil ?? '')).toBe(rest?.startsAt.getTime());
    expect(rest && cut ? rest.startsAt.getTime() - cut.endsAt.getTime() : 0).toBeCloseTo(2 * WEEK_MS, -4);
    expect(rest?.endsAt.toISOString()).toBe(m?.renewsAt);
    expect(await emailsTo(f.userId)).toContain('billing-notice:paused');
    const again = await as(f)('POST', `/api/billing/memberships/${membershipId}/pause`, { weeks: 1 });
    expect(again.status).toBe(409);
    // The renewal comes at the moved date, not before.
    expect(((await clock(f, 31)).json as BillingDto).payments).toHaveLength(1);
    expect(((await clock(f, 14)).json as BillingDto).payments).toHaveLength(2);
  });
});

describe('the reading streak', () => {
  it('is kept through a pause: the days read before and after it make one run', async () => {
    const { f, membershipId } = await member();
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    for (const n of [-10, -9, -8]) {
      const res = await as(f)('POST', `/api/children/${f.childId}/reading`, {
        title: 'Fox at Dusk',
        minutes: 20,
        readOn: day(n),
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    }
    const streakNow = async () => {
      const log = await as(f)('GET', `/api/children/${f.childId}/reading?today=${day(0)}`);
      const children = await as(f)('GET', '/api/children');
      const card = (children.json as unknown as { _id: string; streakDays: number }[]).find(
        (c) => c._id === f.childId,
      );
      return [
        (log.json as { summary: { streak: { current: number } } }).summary.streak.current,
        card?.streakDays,
      ];
    };
    expect(await streakNow()).toEqual([0, 0]);
    // Paused from a week ago until this morning: the three days before it still count today.
    const from = new Date(`${day(-7)}T09:00:00Z`);
    await db
      .update(memberships)
      .set({ pausedFrom: from, pausedUntil: new Date(`${day(0)}T00:00:00Z`) })
      .where(eq(memberships.id, membershipId));
    expect(await streakNow()).toEqual([3, 3]);
  });
});

describe('receipts', () => {
  it('are PDFs of the family’s own payments made, and nobody else’s', async () => {
    const { f, orderId } = await member();
    const pdf = await api.request(`/api/orders/${orderId}/receipt.pdf`, {
      headers: { authorization: `Bearer ${f.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(`quillreads-receipt-${orderId.slice(0, 8)}.pdf`);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const other = await familyWithChild(api, { firstName: 'Zoe', ageBand: '6-8', readingLevel: 'sapling' });
    const theirs = await api.request(`/api/orders/${orderId}/receipt.pdf`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(theirs.status).toBe(404);
    const unpaid = await as(other)('POST', '/api/checkout', { planId: condensedId, childId: other.childId });
    const none = await api.request(`/api/orders/${unpaid.json.orderId}/receipt.pdf`, {
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(none.status).toBe(404);
  });
});

describe('a program paid once', () => {
  it('is refunded for its unused part within 14 days, and not after', async () => {
    const f = await familyWithChild(api, { firstName: 'Ivy', ageBand: '6-8', readingLevel: 'sapling' });
    const started = await as(f)('POST', '/api/checkout', { planId: condensedId, childId: f.childId });
    const orderId = String(started.json.orderId);
    await as(f)('POST', `/api/orders/${orderId}/sandbox-pay`, { outcome: 'succeed' });
    const offer = (await billingOf(f)).payments[0]?.refund;
    expect(offer?.amountCents).toBeGreaterThan(19_900);
    const other = await familyWithChild(api, { firstName: 'Zoe', ageBand: '6-8', readingLevel: 'sapling' });
    expect((await as(other)('POST', `/api/billing/orders/${orderId}/refund`, {})).status).toBe(404);
    const res = await as(f)('POST', `/api/billing/orders/${orderId}/refund`, { reason: 'We moved' });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect((res.json as BillingDto).payments[0]).toMatchObject({ status: 'refunded', refund: null });
    const [program] = await db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    expect(program?.status).toBe('cancelled');
    expect((await as(f)('POST', `/api/billing/orders/${orderId}/refund`, {})).status).toBe(400);
  });
});

describe('the webhook’s billing events', () => {
  const sign = (payload: string) =>
    Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_memberships_test' });
  let seq = 0;
  /** A signed event `seconds` from now, as Stripe would send it. */
  async function send(type: string, object: Record<string, unknown>, seconds = 0) {
    seq += 1;
    const payload = JSON.stringify({
      id: `evt_test_${Date.now()}_${seq}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000) + seconds,
      data: { object },
    });
    return { payload, outcome: await deliver(payload) };
  }
  const deliver = async (payload: string) => {
    const res = await postPaymentEvent(api, payload, sign(payload));
    expect(res.status).toBe(200);
    return String(res.json.outcome);
  };
  const subscription = (ref: string, membershipId: string, over: Record<string, unknown> = {}) => ({
    id: ref,
    object: 'subscription',
    status: 'active',
    cancel_at_period_end: false,
    metadata: { membershipId },
    items: { data: [{ current_period_start: 1_800_000_000, current_period_end: 1_802_600_000 }] },
    ...over,
  });
  const invoice = (ref: string, membershipId: string, over: Record<string, unknown> = {}) => ({
    id: `in_test_${randomUUID().slice(0, 8)}`,
    object: 'invoice',
    billing_reason: 'subscription_cycle',
    amount_paid: 2900,
    amount_due: 2900,
    currency: 'usd',
    attempt_count: 1,
    next_payment_attempt: null,
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: ref, metadata: { membershipId } },
    },
    lines: { data: [{ period: { start: 1_802_600_000, end: 1_805_200_000 } }] },
    payments: {
      data: [{ payment: { type: 'payment_intent', payment_intent: `pi_test_${randomUUID().slice(0, 8)}` } }],
    },
    ...over,
  });
  const membershipRow = async (id: string) => {
    const [m] = await db.select().from(memberships).where(eq(memberships.id, id));
    if (!m?.providerRef) throw new Error('no membership');
    return m as typeof m & { providerRef: string };
  };

  it('about an unknown subscription change nothing', async () => {
    const before = await db.select().from(memberships).orderBy(memberships.id);
    const fake = randomUUID();
    expect((await send('customer.subscription.updated', subscription('sub_unknown', fake))).outcome).toBe(
      'unknown_subscription',
    );
    expect((await send('invoice.paid', invoice('sub_unknown', fake))).outcome).toBe('unknown_subscription');
    expect(await db.select().from(memberships).orderBy(memberships.id)).toEqual(before);
  });

  it('replayed, pay a renewal once', async () => {
    const { membershipId } = await member();
    const m = await membershipRow(membershipId);
    const { payload, outcome } = await send('invoice.paid', invoice(m.providerRef, membershipId));
    expect(outcome).toBe('applied');
    expect(await deliver(payload)).toBe('duplicate');
    const paid = await db
      .select()
      .from(orders)
      .where(and(eq(orders.membershipId, membershipId), eq(orders.status, 'paid')));
    expect(paid).toHaveLength(2);
    expect(await periodsOf(membershipId)).toHaveLength(2);
  });

  it('out of order: an `updated` before its `created` keeps the newer state', async () => {
    const { membershipId } = await member();
    const m = await membershipRow(membershipId);
    const later = subscription(m.providerRef, membershipId, { cancel_at_period_end: true });
    expect((await send('customer.subscription.updated', later, 60)).outcome).toBe('applied');
    const older = subscription(m.providerRef, membershipId, { status: 'incomplete' });
    expect((await send('customer.subscription.created', older, 30)).outcome).toBe('stale');
    expect(await membershipRow(membershipId)).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
  });

  it('paused and resumed by Stripe', async () => {
    const { membershipId } = await member();
    const m = await membershipRow(membershipId);
    await send(
      'customer.subscription.paused',
      subscription(m.providerRef, membershipId, { status: 'paused' }),
      10,
    );
    expect((await membershipRow(membershipId)).status).toBe('paused');
    await send('customer.subscription.resumed', subscription(m.providerRef, membershipId), 20);
    expect((await membershipRow(membershipId)).status).toBe('active');
  });

  it('a payment the bank holds back: the family is asked to confirm it, on Stripe’s page', async () => {
    const { f, membershipId } = await member();
    const m = await membershipRow(membershipId);
    const held = invoice(m.providerRef, membershipId, {
      hosted_invoice_url: 'https://invoice.stripe.com/i/test',
    });
    expect((await send('invoice.payment_action_required', held)).outcome).toBe('applied');
    expect((await billingOf(f)).memberships[0]?.actionUrl).toBe('https://invoice.stripe.com/i/test');
    expect(await emailsTo(f.userId)).toContain('billing-notice:action_required');
    // Paid once confirmed: the same order, no longer waiting.
    await send('invoice.paid', { ...held, hosted_invoice_url: null });
    expect((await billingOf(f)).memberships[0]?.actionUrl).toBeNull();
  });

  it('a card that expires before the renewal: the family is told once, to add the new one', async () => {
    const { f } = await member();
    const [account] = await db.select().from(users).where(eq(users.id, f.userId));
    const now = new Date();
    const card = {
      object: 'card',
      customer: account?.stripeCustomerId,
      exp_month: now.getUTCMonth() + 1,
      exp_year: now.getUTCFullYear(),
      last4: '4242',
    };
    const { payload, outcome } = await send('customer.source.expiring', card);
    expect(outcome).toBe('applied');
    expect(await deliver(payload)).toBe('duplicate');
    expect((await send('customer.source.expiring', { ...card, customer: 'cus_nobody' })).outcome).toBe(
      'unknown_subscription',
    );
    expect((await emailsTo(f.userId)).filter((e) => e === 'billing-notice:card_expiring')).toHaveLength(1);
    const [told] = await db
      .select()
      .from(emails)
      .where(eq(emails.userId, f.userId))
      .then((rows) => rows.filter((r) => r.template === 'billing-notice'));
    expect(told?.data).toMatchObject({ notice: 'card_expiring', cardLast4: '4242' });
  });

  it('a refund made in Stripe’s dashboard finds the invoice’s order by its payment', async () => {
    const { f, membershipId } = await member();
    const [order] = await db.select().from(orders).where(eq(orders.membershipId, membershipId));
    expect(order?.paymentRef).toBeTruthy();
    const charge = {
      id: 'ch_test',
      object: 'charge',
      payment_intent: order?.paymentRef,
      amount: 2900,
      amount_refunded: 2900,
      refunded: true,
    };
    expect((await send('charge.refunded', charge)).outcome).toBe('applied');
    expect((await billingOf(f)).payments[0]).toMatchObject({ status: 'refunded', refundedCents: 2900 });
  });
});
