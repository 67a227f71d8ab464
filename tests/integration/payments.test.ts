import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  notifications,
  orders,
  paymentEvents,
  plans,
  subscriptions,
} from '../../src/platform/db/schema.server';
import { sandboxProvider } from '../../src/platform/payments/provider.server';
import {
  addPlan,
  adminAccount,
  apiWithProvider,
  auditEntries,
  call,
  familyWithChild,
  fileApi,
  postPaymentEvent,
  stripeEvent,
} from './harness';
import { atOnce, onlyWinner, RACE_TIMEOUT, raceRounds } from './races';

/** The sandbox with a secret this file knows, so it can sign events offline as Stripe would. */
const SECRET = 'whsec_payments_test_secret';
const sign = (payload: string, secret = SECRET) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret });

const { database, api } = await fileApi({ payments: sandboxProvider(SECRET) });
const admin = await adminAccount(api);
const [condensedId, monthlyId, retiredId] = (
  await database.db
    .insert(plans)
    .values([
      { name: 'A-Bridged Condensed Program', durationMonths: 1.25, priceCents: 19999 },
      { name: 'Rated Reads Monthly', durationMonths: 1, priceCents: 2900 },
      { name: 'Old Program', durationMonths: 2, priceCents: 5000, active: false },
    ])
    .returning({ id: plans.id })
).map((r) => r.id) as [string, string, string];

/** A new family with one child. */
const family = (name = 'Maya') =>
  familyWithChild(api, { firstName: name, ageBand: '6-8', readingLevel: 'sapling' });
const AVA = { firstName: 'Ava', ageBand: '4-6', readingLevel: 'sprout' };

/** An API where Stripe takes the payments (its events unsigned here), starting them with `createPayment`. */
const stripeApi = (createPayment: () => Promise<{ providerRef: string; clientSecret: string }>) =>
  apiWithProvider(database, {
    kind: 'stripe',
    mode: 'test',
    createPayment,
    verifyEvent: () => {
      throw new Error('not signed');
    },
  });

async function checkout(token: string, body: Record<string, unknown>) {
  const res = await call(api, 'POST', '/api/checkout', { token, body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return String(res.json.orderId);
}

async function orderRow(id: string) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error('no such order');
  return row;
}

/** A Stripe-shaped event about an order's PaymentIntent. */
function eventFor(
  order: { id: string; providerRef: string | null; amountCents: number },
  type = 'payment_intent.succeeded',
  over: Record<string, unknown> = {},
) {
  return stripeEvent(type, {
    id: order.providerRef,
    object: 'payment_intent',
    amount: order.amountCents,
    amount_received: type === 'payment_intent.succeeded' ? order.amountCents : 0,
    currency: 'usd',
    metadata: { orderId: order.id },
    ...over,
  });
}

const deliver = (payload: string, signature?: string) => postPaymentEvent(api, payload, signature);

async function snapshot() {
  const count = async (
    table: typeof orders | typeof subscriptions | typeof notifications | typeof paymentEvents,
  ) => Number((await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n);
  return {
    orders: await database.db.select().from(orders).orderBy(orders.id),
    subscriptions: await count(subscriptions),
    notifications: await count(notifications),
    events: await count(paymentEvents),
  };
}

describe('check-out', () => {
  it('creates a pending order at the price stored for the plan, whatever the body says', async () => {
    const { token, childId } = await family();
    const res = await call(api, 'POST', '/api/checkout', {
      token,
      body: { planId: condensedId, childId, priceCents: 1, amountCents: 1, amount: 1, currency: 'jpy' },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ provider: 'sandbox' });
    expect(res.json.clientSecret).toBeUndefined();
    const order = await orderRow(String(res.json.orderId));
    expect(order).toMatchObject({
      status: 'pending',
      amountCents: 19999,
      currency: 'usd',
      provider: 'sandbox',
      childId,
    });
    expect(order.providerRef).toMatch(/^pi_sandbox_/);
  });

  it('refuses another family’s child (404), an unknown plan (404), a retired plan (409) and bad ids (400)', async () => {
    const mine = await family();
    const theirs = await family('Theo');
    const before = await snapshot();
    const other = await call(api, 'POST', '/api/checkout', {
      token: mine.token,
      body: { planId: condensedId, childId: theirs.childId },
    });
    expect(other.status).toBe(404);
    const unknown = await call(api, 'POST', '/api/checkout', {
      token: mine.token,
      body: { planId: crypto.randomUUID(), childId: mine.childId },
    });
    expect(unknown.status).toBe(404);
    const retired = await call(api, 'POST', '/api/checkout', {
      token: mine.token,
      body: { planId: retiredId, childId: mine.childId },
    });
    expect(retired.status).toBe(409);
    const bad = await call(api, 'POST', '/api/checkout', { token: mine.token, body: { planId: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error?.fields).toMatchObject({ planId: expect.any(String), childId: expect.any(String) });
    expect(await snapshot()).toEqual(before);
  });
});

describe('the webhook', () => {
  it('marks the order paid, starts the child’s program for the plan’s duration and notifies the child', async () => {
    const { token, childId } = await family();
    const orderId = await checkout(token, { planId: condensedId, childId });
    const payload = eventFor(await orderRow(orderId));
    const ok = await deliver(payload, sign(payload));
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ received: true, outcome: 'applied' });
    const order = await orderRow(orderId);
    expect(order.status).toBe('paid');
    expect(order.paidAt).toBeInstanceOf(Date);
    const [sub] = await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    expect(sub).toMatchObject({ childId, planId: condensedId, status: 'active' });
    // 1.25 months is five weeks.
    expect((sub?.endsAt.getTime() ?? 0) - (sub?.startsAt.getTime() ?? 0)).toBe(35 * 86_400_000);
    const notes = await database.db.select().from(notifications).where(eq(notifications.childId, childId));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'payment', link: '/schedule-interview' });
    expect(notes[0]?.title).toContain('A-Bridged Condensed Program');

    const view = await call(api, 'GET', `/api/orders/${orderId}`, { token });
    expect(view.json).toMatchObject({
      status: 'paid',
      amountCents: 19999,
      plan: { name: 'A-Bridged Condensed Program', durationMonths: 1.25 },
      child: { _id: childId, firstName: 'Maya' },
      subscription: {
        status: 'active',
        startsAt: sub?.startsAt.toISOString(),
        endsAt: sub?.endsAt.toISOString(),
      },
    });
    const me = await call(api, 'GET', '/api/me', { token });
    const kids = (me.json as { children: { _id: string; subscription: unknown }[] }).children;
    expect(kids.find((k) => k._id === childId)?.subscription).toMatchObject({
      planName: 'A-Bridged Condensed Program',
    });
  });

  it('changes nothing when the same event comes again', async () => {
    const { token, childId } = await family();
    const orderId = await checkout(token, { planId: monthlyId, childId });
    const payload = eventFor(await orderRow(orderId));
    expect((await deliver(payload, sign(payload))).json.outcome).toBe('applied');
    const before = await snapshot();
    const again = await deliver(payload, sign(payload));
    expect(again.status).toBe(200);
    expect(again.json.outcome).toBe('duplicate');
    // Delivered twice at the same moment as well.
    const both = await Promise.all([deliver(payload, sign(payload)), deliver(payload, sign(payload))]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await snapshot()).toEqual(before);
  });

  it('applies an event delivered twice at the same moment exactly once, round after round', {
    timeout: RACE_TIMEOUT,
  }, async () => {
    await raceRounds(async () => {
      const { token, childId } = await family();
      const orderId = await checkout(token, { planId: monthlyId, childId });
      const payload = eventFor(await orderRow(orderId));
      const both = await atOnce([
        () => deliver(payload, sign(payload)),
        () => deliver(payload, sign(payload)),
      ]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      const winner = onlyWinner(both, (r) => r.json.outcome === 'applied');
      expect(both[1 - winner]?.json.outcome).toBe('duplicate');
      expect((await orderRow(orderId)).status).toBe('paid');
      expect(
        await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId)),
      ).toHaveLength(1);
      expect(
        await database.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)),
      ).toHaveLength(1);
      expect(
        await database.db.select().from(notifications).where(eq(notifications.childId, childId)),
      ).toHaveLength(1);
    });
  });

  it('refuses an unsigned call and a wrong signature (400) and changes nothing', async () => {
    const { token, childId } = await family();
    const orderId = await checkout(token, { planId: monthlyId, childId });
    const payload = eventFor(await orderRow(orderId));
    const before = await snapshot();
    const unsigned = await deliver(payload);
    expect(unsigned.status).toBe(400);
    expect(unsigned.json.error?.code).toBe('bad_request');
    expect((await deliver(payload, sign(payload, 'whsec_someone_else'))).status).toBe(400);
    expect((await deliver(payload, 't=1,v1=deadbeef')).status).toBe(400);
    // Signed, then changed on the way.
    const tampered = payload.replace('"amount":2900', '"amount":1');
    expect((await deliver(tampered, sign(payload))).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect((await orderRow(orderId)).status).toBe('pending');
  });

  it('acknowledges an event about an unknown order and changes nothing', async () => {
    const before = await snapshot();
    const payload = eventFor({ id: crypto.randomUUID(), providerRef: 'pi_unknown', amountCents: 100 });
    const res = await deliver(payload, sign(payload));
    expect(res.status).toBe(200);
    expect(res.json.outcome).toBe('unknown_order');
    const noMetadata = eventFor({ id: 'not-an-id', providerRef: 'pi_unknown', amountCents: 100 });
    expect((await deliver(noMetadata, sign(noMetadata))).status).toBe(200);
    expect(await snapshot()).toEqual(before);
  });

  it('never pays an order with an event about another payment or a different amount', async () => {
    const { token, childId } = await family();
    const orderId = await checkout(token, { planId: condensedId, childId });
    const order = await orderRow(orderId);
    const otherIntent = eventFor(order, 'payment_intent.succeeded', { id: 'pi_someone_elses' });
    expect((await deliver(otherIntent, sign(otherIntent))).json.outcome).toBe('mismatch');
    const cheaper = eventFor(order, 'payment_intent.succeeded', { amount_received: 100 });
    expect((await deliver(cheaper, sign(cheaper))).json.outcome).toBe('mismatch');
    expect((await orderRow(orderId)).status).toBe('pending');
    expect(await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId))).toEqual(
      [],
    );
  });

  it('marks a declined payment failed; a later success on the same payment still pays', async () => {
    const { token, childId } = await family();
    const orderId = await checkout(token, { planId: monthlyId, childId });
    const failed = eventFor(await orderRow(orderId), 'payment_intent.payment_failed');
    expect((await deliver(failed, sign(failed))).status).toBe(200);
    expect((await orderRow(orderId)).status).toBe('failed');
    const paid = eventFor(await orderRow(orderId));
    await deliver(paid, sign(paid));
    expect((await orderRow(orderId)).status).toBe('paid');
  });

  it('starts a second program for the same child when the first one ends', async () => {
    const { token, childId } = await family();
    for (const planId of [monthlyId, condensedId]) {
      const orderId = await checkout(token, { planId, childId, startAfterCurrent: true });
      const payload = eventFor(await orderRow(orderId));
      await deliver(payload, sign(payload));
    }
    const subs = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.childId, childId))
      .orderBy(subscriptions.startsAt);
    expect(subs).toHaveLength(2);
    expect(subs[1]?.startsAt.toISOString()).toBe(subs[0]?.endsAt.toISOString());
  });
});

describe('the sandbox and the family’s orders', () => {
  it('pays through the same signed webhook path, only for the family’s own pending order', async () => {
    const { token, childId } = await family();
    const stranger = await family('Theo');
    const orderId = await checkout(token, { planId: condensedId, childId });
    const theirs = await call(api, 'POST', `/api/orders/${orderId}/sandbox-pay`, {
      token: stranger.token,
      body: { outcome: 'succeed' },
    });
    expect(theirs.status).toBe(404);
    expect((await call(api, 'GET', `/api/orders/${orderId}`, { token: stranger.token })).status).toBe(404);
    const bad = await call(api, 'POST', `/api/orders/${orderId}/sandbox-pay`, {
      token,
      body: { outcome: 'maybe' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error?.fields?.outcome).toEqual(expect.any(String));

    const declined = await call(api, 'POST', `/api/orders/${orderId}/sandbox-pay`, {
      token,
      body: { outcome: 'fail' },
    });
    expect(declined.json).toMatchObject({ status: 'failed', subscription: null });
    const paid = await call(api, 'POST', `/api/orders/${orderId}/sandbox-pay`, {
      token,
      body: { outcome: 'succeed' },
    });
    expect(paid.status).toBe(200);
    expect(paid.json).toMatchObject({ status: 'paid', subscription: { status: 'active' } });
    const [recorded] = await database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, orderId));
    expect(recorded?.id).toMatch(/^evt_sandbox_/);
    const again = await call(api, 'POST', `/api/orders/${orderId}/sandbox-pay`, {
      token,
      body: { outcome: 'succeed' },
    });
    expect(again.status).toBe(409);

    const list = await call(api, 'GET', '/api/me/orders', { token });
    expect((list.json as { items: { id: string }[] }).items.map((o) => o.id)).toEqual([orderId]);
    const strangers = await call(api, 'GET', '/api/me/orders', { token: stranger.token });
    expect((strangers.json as { items: unknown[] }).items).toEqual([]);
  });

  it('is not offered when Stripe takes the payments', async () => {
    const stripe = stripeApi(async () => ({
      providerRef: `pi_${crypto.randomUUID()}`,
      clientSecret: 'pi_secret_x',
    }));
    const parent = await familyWithChild(stripe, AVA);
    const started = await call(stripe, 'POST', '/api/checkout', {
      token: parent.token,
      body: { planId: monthlyId, childId: parent.childId },
    });
    expect(started.json).toMatchObject({ provider: 'stripe', clientSecret: 'pi_secret_x' });
    const res = await call(stripe, 'POST', `/api/orders/${started.json.orderId}/sandbox-pay`, {
      token: parent.token,
      body: { outcome: 'succeed' },
    });
    expect(res.status).toBe(404);
    expect((await orderRow(String(started.json.orderId))).status).toBe('pending');
  });

  it('answers 503 when the provider cannot start the payment, and leaves no pending order behind', async () => {
    const down = stripeApi(async () => {
      throw new Error('Stripe is unreachable');
    });
    const parent = await familyWithChild(down, AVA);
    const res = await call(down, 'POST', '/api/checkout', {
      token: parent.token,
      body: { planId: monthlyId, childId: parent.childId },
    });
    expect(res.status).toBe(503);
    expect(res.json.error?.code).toBe('unavailable');
    const mine = await database.db.select().from(orders).where(eq(orders.childId, parent.childId));
    expect(mine.map((o) => o.status)).toEqual(['failed']);
  });
});

/** A seasonal program whose season is far ahead. */
const summerId = await addPlan(database, {
  name: 'Summer Reading Quest',
  durationMonths: 2,
  priceCents: 12900,
  startsOn: '2099-06-14',
});

describe('when a program starts: the check-out preview, overlaps and seasons (issue 13, item 4)', () => {
  const preview = (token: string, planId: string, childId: string) =>
    call(api, 'GET', `/api/checkout/preview?planId=${planId}&childId=${childId}`, { token });
  const buy = async (token: string, planId: string, childId: string, startAfterCurrent?: boolean) => {
    const orderId = await checkout(token, {
      planId,
      childId,
      ...(startAfterCurrent ? { startAfterCurrent } : {}),
    });
    const paid = await call(api, 'POST', `/api/orders/${orderId}/sandbox-pay`, {
      token,
      body: { outcome: 'succeed' },
    });
    expect(paid.status).toBe(200);
    return paid.json.subscription as { startsAt: string; endsAt: string };
  };

  it('says a program starts at once for a child without one, and ends when its length says', async () => {
    const { token, childId } = await family();
    const before = Date.now();
    const res = await preview(token, monthlyId, childId);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ reason: 'now', programs: [] });
    expect(Date.parse(String(res.json.startsAt))).toBeGreaterThanOrEqual(before - 1000);
    const sub = await buy(token, monthlyId, childId);
    // What the preview said is what the payment did (to the minute).
    expect(Math.abs(Date.parse(sub.startsAt) - Date.parse(String(res.json.startsAt)))).toBeLessThan(60_000);
  });

  it('starts a seasonal program on its season’s date, bought months before', async () => {
    const { token, childId } = await family();
    const res = await preview(token, summerId, childId);
    expect(res.json).toMatchObject({
      reason: 'season',
      startsAt: '2099-06-14T12:00:00.000Z',
      endsAt: '2099-08-14T12:00:00.000Z',
    });
    const sub = await buy(token, summerId, childId);
    expect(sub).toMatchObject({ startsAt: '2099-06-14T12:00:00.000Z', endsAt: '2099-08-14T12:00:00.000Z' });
    // Bought, not begun: the profile shows it queued, not as the program running now.
    const child = await call(api, 'GET', `/api/children/${childId}`, { token });
    expect(child.json.subscription).toBeNull();
    expect(child.json.queued).toEqual([
      {
        planName: 'Summer Reading Quest',
        startsAt: '2099-06-14T12:00:00.000Z',
        endsAt: '2099-08-14T12:00:00.000Z',
      },
    ]);
    // The public plan says so too.
    const listed = (await call(api, 'GET', '/api/plans')).json as unknown as {
      id: string;
      startsOn: string | null;
    }[];
    expect(listed.find((p) => p.id === summerId)?.startsOn).toBe('2099-06-14');
  });

  it('refuses a second program for a child already in one until the family confirms, then queues it and shows the current one first', async () => {
    const { token, childId } = await family();
    const first = await buy(token, monthlyId, childId);
    const res = await preview(token, condensedId, childId);
    expect(res.json).toMatchObject({
      reason: 'after_current',
      startsAt: first.endsAt,
      programs: [{ planName: 'Rated Reads Monthly', startsAt: first.startsAt, endsAt: first.endsAt }],
    });

    const ordersBefore = await database.db.select().from(orders).where(eq(orders.childId, childId));
    const refused = await call(api, 'POST', '/api/checkout', {
      token,
      body: { planId: condensedId, childId },
    });
    expect(refused.status).toBe(409);
    expect(refused.json.error).toMatchObject({
      code: 'program_overlap',
      fields: { startAfterCurrent: expect.any(String) },
    });
    expect(String(refused.json.error?.message)).toMatch(
      /^Maya is already in Rated Reads Monthly until .+ This program would start on /,
    );
    // Nothing was made by the refusal.
    expect(await database.db.select().from(orders).where(eq(orders.childId, childId))).toHaveLength(
      ordersBefore.length,
    );

    const second = await buy(token, condensedId, childId, true);
    expect(second.startsAt).toBe(first.endsAt);
    const child = await call(api, 'GET', `/api/children/${childId}`, { token });
    expect(child.json.subscription).toMatchObject({ planName: 'Rated Reads Monthly', endsAt: first.endsAt });
    expect(child.json.queued).toEqual([
      { planName: 'A-Bridged Condensed Program', startsAt: second.startsAt, endsAt: second.endsAt },
    ]);
  });

  it('starts a short program at once for a child whose only program is a season far ahead (no overlap, no question)', async () => {
    const { token, childId } = await family();
    await buy(token, summerId, childId);
    const res = await preview(token, monthlyId, childId);
    expect(res.json).toMatchObject({ reason: 'now', programs: [{ planName: 'Summer Reading Quest' }] });
    // No confirmation needed: it does not wait for anything.
    const sub = await buy(token, monthlyId, childId);
    expect(Date.parse(sub.endsAt)).toBeLessThan(Date.parse('2099-06-14T12:00:00Z'));
  });

  it('answers 404 for another family’s child or an unknown plan, and names bad fields', async () => {
    const mine = await family();
    const theirs = await family('Theo');
    expect((await preview(mine.token, monthlyId, theirs.childId)).status).toBe(404);
    expect((await preview(mine.token, '6f9619ff-8b86-4d01-b42d-00c04fc964ff', mine.childId)).status).toBe(
      404,
    );
    const bad = await call(api, 'GET', '/api/checkout/preview?planId=nope', { token: mine.token });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error?.fields ?? {})).toEqual(expect.arrayContaining(['planId', 'childId']));
    expect(
      (await call(api, 'GET', `/api/checkout/preview?planId=${monthlyId}&childId=${mine.childId}`)).status,
    ).toBe(401);
  });
});

describe('abandoned check-outs (issue 13, item 5)', () => {
  it('expire after a day: the order is cancelled with a note, and a fresh one is left alone', async () => {
    const { token, childId } = await family();
    const old = await checkout(token, { planId: monthlyId, childId });
    const fresh = await checkout(token, { planId: condensedId, childId });
    await database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(orders.id, old));
    const listed = await call(api, 'GET', '/api/me/orders', { token });
    const statusOf = (id: string) =>
      (listed.json.items as { id: string; status: string }[]).find((o) => o.id === id)?.status;
    expect(statusOf(old)).toBe('cancelled');
    expect(statusOf(fresh)).toBe('pending');
    expect((await orderRow(old)).note).toBe('Expired: not paid within 24 hours of check-out.');
    // An expired order can no longer be paid.
    const pay = await call(api, 'POST', `/api/orders/${old}/sandbox-pay`, {
      token,
      body: { outcome: 'succeed' },
    });
    expect(pay.status).toBe(409);
    expect((await orderRow(old)).status).toBe('cancelled');
  });

  it('leave an order the provider will not cancel (paid meanwhile, or unreachable) for the webhook, and never fail the family’s request', async () => {
    const { token, childId } = await family();
    const orderId = await checkout(token, { planId: monthlyId, childId });
    await database.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(orders.id, orderId));
    const cancelled: string[] = [];
    const refusing = apiWithProvider(database, {
      cancelPayment: async (ref) => {
        cancelled.push(ref);
        throw new Error('the provider could not be reached');
      },
    });
    const listed = await call(refusing, 'GET', '/api/me/orders', { token });
    expect(listed.status).toBe(200);
    expect((await orderRow(orderId)).status).toBe('pending');
    expect(cancelled).toEqual([(await orderRow(orderId)).providerRef]);
  });

  it('an abandoned check-out paid, cancelled by an admin and swept by another check-out at the same moment: exactly one of them settles it, round after round', {
    timeout: RACE_TIMEOUT,
  }, async () => {
    await raceRounds(async () => {
      const { token, childId } = await family();
      const other = await family('Theo');
      const orderId = await checkout(token, { planId: monthlyId, childId });
      // Abandoned a day ago: any check-out's sweep may now expire it, just as its payment arrives.
      await database.db
        .update(orders)
        .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
        .where(eq(orders.id, orderId));
      const payload = eventFor(await orderRow(orderId));
      const [payment, cancel, started] = await atOnce([
        () => deliver(payload, sign(payload)),
        () =>
          call(api, 'POST', `/api/admin/orders/${orderId}/cancel`, {
            token: admin.idToken,
            body: { reason: 'Abandoned check-out.' },
          }),
        () =>
          call(api, 'POST', '/api/checkout', {
            token: other.token,
            body: { planId: monthlyId, childId: other.childId },
          }),
      ]);
      expect(payment?.status).toBe(200);
      expect(started?.status, JSON.stringify(started?.json)).toBe(201);
      expect((await orderRow(String(started?.json.orderId))).status).toBe('pending');

      const row = await orderRow(orderId);
      const audit = await auditEntries(database, orderId);
      const subs = await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
      const told = await database.db.select().from(notifications).where(eq(notifications.childId, childId));
      // Whoever found the order still pending settled it; the others found it settled.
      const settledBy = onlyWinner(
        [
          payment?.json.outcome === 'applied',
          audit.some((e) => (e.details as { wasPaid?: boolean } | null)?.wasPaid === false),
          row.status === 'cancelled' && row.closedBy === null,
        ],
        (won) => won,
      );
      if (settledBy === 0) {
        // Paid first: the child was enrolled, then the admin's cancel ended the paid program.
        expect(row).toMatchObject({ status: 'cancelled', closedBy: admin.user.id });
        expect(row.paidAt).toBeInstanceOf(Date);
        expect(cancel?.status).toBe(200);
        expect(audit.map((e) => [e.action, e.details])).toEqual([
          ['order.cancel', { reason: 'Abandoned check-out.', wasPaid: true }],
        ]);
        expect(subs.map((s) => s.status)).toEqual(['cancelled']);
        // (Sorted: each is stamped with its transaction's start, and the cancel may have begun first.)
        expect(told.map((n) => n.title).sort()).toEqual(
          ['Maya is enrolled in Rated Reads Monthly', 'Maya’s Rated Reads Monthly has ended'].sort(),
        );
        return 'payment';
      }
      // Closed unpaid first: the payment is flagged for a refund and enrols nobody.
      expect(payment?.json.outcome).toBe('paid_after_close');
      expect(row).toMatchObject({ status: 'cancelled', paidAt: null });
      expect(row.note).toMatch(/after this order was closed: refund it in Stripe’s dashboard/);
      expect(subs).toEqual([]);
      expect(told).toEqual([]);
      if (settledBy === 1) {
        expect(cancel?.status).toBe(200);
        expect(row.closedBy).toBe(admin.user.id);
        expect(audit).toHaveLength(1);
        return 'admin';
      }
      // Expired by the sweep: the admin came too late.
      expect(cancel?.status).toBe(409);
      expect(cancel?.json.error?.message).toMatch(/^This order was already cancelled on /);
      expect(audit).toEqual([]);
      return 'sweep';
    });
  });
});
