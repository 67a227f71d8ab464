import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { testPaymentSteps, WEBHOOK_WAIT_MS } from '../../src/features/payments/adminTestPayments.server';
import {
  notifications,
  orders,
  paymentEvents,
  subscriptions,
  testPayments,
} from '../../src/platform/db/schema.server';
import { type PaymentProvider, sandboxProvider } from '../../src/platform/payments/provider.server';
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
  type TestApi,
} from './harness';
import { atOnce, onlyWinner, RACE_TIMEOUT, raceRounds } from './races';

const SECRET = 'whsec_admin_payments_test_secret';
const sign = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET });

const { database, api } = await fileApi({ payments: sandboxProvider(SECRET) });
const admin = await adminAccount(api);
const adminToken = admin.idToken;
const adminId = admin.user.id;
const planId = await addPlan(database, {
  name: 'A-Bridged Condensed Program',
  durationMonths: 1.25,
  priceCents: 19999,
});

/** An API whose provider is this file's sandbox with `over` changed. */
const withProvider = (over: Partial<PaymentProvider>) => apiWithProvider(database, over, SECRET);

const as = (token = adminToken) => ({ token });

type Step = { key: string; state: string; detail: string };
const stepsOf = (json: unknown) => (json as { steps: Step[] }).steps;
const stateOf = (json: unknown) => Object.fromEntries(stepsOf(json).map((s) => [s.key, s.state]));

const family = (name = 'Maya') =>
  familyWithChild(api, { firstName: name, ageBand: '6-8', readingLevel: 'sapling' });

/** A family's order, paid in the sandbox unless asked otherwise: the child is enrolled. */
async function order(outcome: 'succeed' | 'fail' | 'none' = 'succeed', on: TestApi = api) {
  const fam = await family();
  const started = await call(on, 'POST', '/api/checkout', {
    token: fam.token,
    body: { planId, childId: fam.childId },
  });
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  const orderId = String(started.json.orderId);
  if (outcome !== 'none') {
    const paid = await call(on, 'POST', `/api/orders/${orderId}/sandbox-pay`, {
      token: fam.token,
      body: { outcome },
    });
    expect(paid.status).toBe(200);
  }
  return { ...fam, orderId };
}

/** Stripe's event for a refund of a charge of the order's PaymentIntent (full unless said). */
const chargeRefunded = (providerRef: string | null | undefined, over: Record<string, unknown> = {}) =>
  stripeEvent('charge.refunded', {
    id: 'ch_1',
    object: 'charge',
    payment_intent: providerRef,
    amount: 19999,
    amount_refunded: 19999,
    refunded: true,
    ...over,
  });

/** Posts an event to the webhook, signed as Stripe signs it (unsigned with `signed: false`). */
const deliver = (on: TestApi, payload: string, signed = true) =>
  postPaymentEvent(on, payload, signed ? sign(payload) : undefined);

const orderRow = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0];
const subscriptionOf = async (orderId: string) =>
  (await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId)))[0];
const notesOf = (childId: string) =>
  database.db
    .select()
    .from(notifications)
    .where(eq(notifications.childId, childId))
    .orderBy(notifications.createdAt);
const auditOf = (entityId: string) => auditEntries(database, entityId);

describe('refunds', () => {
  it('refunds a paid order: recorded on the order, program ended, child told, audit line', async () => {
    const { orderId, childId, token, userId } = await order();
    const before = (await notesOf(childId)).length;
    const res = await call(api, 'POST', `/api/admin/orders/${orderId}/refund`, {
      ...as(),
      body: { reason: '  The family moved abroad before the program started.  ' },
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      id: orderId,
      status: 'refunded',
      closedByName: 'Ada Admin',
      closeReason: 'The family moved abroad before the program started.',
      planName: 'A-Bridged Condensed Program',
      childName: 'Maya',
    });
    expect(String(res.json.refundRef)).toMatch(/^re_sandbox_/);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: 'refunded', closedBy: adminId });
    expect(row?.closedAt).toBeInstanceOf(Date);
    expect((await subscriptionOf(orderId))?.status).toBe('cancelled');

    const notes = await notesOf(childId);
    expect(notes).toHaveLength(before + 1);
    expect(notes.at(-1)).toMatchObject({
      kind: 'payment',
      title: '$199.99 refunded for A-Bridged Condensed Program',
    });
    expect(notes.at(-1)?.body).toContain('The program has ended.');
    expect(notes.at(-1)?.body).not.toContain('moved abroad'); // the team's reason stays internal

    const [audit] = await auditOf(orderId);
    expect(audit).toMatchObject({ action: 'order.refund', entity: 'order', actorId: adminId });
    expect(audit?.details).toMatchObject({
      amountCents: 19999,
      reason: 'The family moved abroad before the program started.',
    });

    // The family sees it too: the order refunded, no program on the child any more.
    const mine = await call(api, 'GET', `/api/orders/${orderId}`, { token });
    expect(mine.json).toMatchObject({ status: 'refunded', subscription: { status: 'cancelled' } });
    const profile = await call(api, 'GET', `/api/admin/users/${userId}`, as());
    const view = profile.json as { children: { subscription: unknown }[]; orders: unknown[] };
    expect(view.children[0]?.subscription).toBeNull();
    expect(view.orders[0]).toMatchObject({
      id: orderId,
      status: 'refunded',
      closedByName: 'Ada Admin',
    });
  });

  it('refunding the running program moves the child’s next program up, keeping its length', async () => {
    const fam = await family();
    const buy = async () => {
      const started = await call(api, 'POST', '/api/checkout', {
        token: fam.token,
        // The second purchase queues after the first: the family confirmed it at check-out.
        body: { planId, childId: fam.childId, startAfterCurrent: true },
      });
      const id = String(started.json.orderId);
      await call(api, 'POST', `/api/orders/${id}/sandbox-pay`, {
        token: fam.token,
        body: { outcome: 'succeed' },
      });
      return id;
    };
    const first = await buy();
    const second = await buy();
    const queued = await subscriptionOf(second);
    const running = await subscriptionOf(first);
    expect(queued?.startsAt.getTime()).toBe(running?.endsAt.getTime());

    const before = Date.now();
    const res = await call(api, 'POST', `/api/admin/orders/${first}/refund`, {
      ...as(),
      body: { reason: 'Bought twice.' },
    });
    expect(res.status).toBe(200);
    const moved = await subscriptionOf(second);
    expect(moved?.status).toBe('active');
    expect(moved?.startsAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(moved?.startsAt.getTime()).toBeLessThanOrEqual(Date.now());
    // Still five weeks long (1.25 months).
    expect((moved?.endsAt.getTime() ?? 0) - (moved?.startsAt.getTime() ?? 0)).toBe(35 * 24 * 60 * 60 * 1000);
    const view = await call(api, 'GET', `/api/orders/${second}`, { token: fam.token });
    expect(view.json).toMatchObject({
      subscription: { status: 'active', endsAt: moved?.endsAt.toISOString() },
    });
  });

  it('refuses a second refund, an unpaid order, an unknown one and a missing reason, changing nothing', async () => {
    const paid = await order();
    expect(
      (
        await call(api, 'POST', `/api/admin/orders/${paid.orderId}/refund`, {
          ...as(),
          body: { reason: 'Asked by phone.' },
        })
      ).status,
    ).toBe(200);
    const settled = await orderRow(paid.orderId);
    const again = await call(api, 'POST', `/api/admin/orders/${paid.orderId}/refund`, {
      ...as(),
      body: { reason: 'Twice?' },
    });
    expect(again.status).toBe(409);
    expect(again.json.error?.message).toMatch(/already refunded on/);
    expect(await orderRow(paid.orderId)).toEqual(settled);

    const pending = await order('none');
    const unpaid = await call(api, 'POST', `/api/admin/orders/${pending.orderId}/refund`, {
      ...as(),
      body: { reason: 'Refund it.' },
    });
    expect(unpaid.status).toBe(409);
    expect(unpaid.json.error?.message).toMatch(/nothing to refund: cancel it instead/);
    expect((await orderRow(pending.orderId))?.status).toBe('pending');

    expect(
      (
        await call(api, 'POST', `/api/admin/orders/${randomUUID()}/refund`, {
          ...as(),
          body: { reason: 'Nobody.' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(api, 'POST', '/api/admin/orders/not-an-id/refund', {
          ...as(),
          body: { reason: 'Bad id.' },
        })
      ).status,
    ).toBe(400);

    const fresh = await order();
    const snapshot = await orderRow(fresh.orderId);
    for (const body of [{}, { reason: '' }, { reason: ' x ' }, { reason: 'y'.repeat(501) }, { reason: 42 }]) {
      const res = await call(api, 'POST', `/api/admin/orders/${fresh.orderId}/refund`, { ...as(), body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error?.fields, JSON.stringify(body)).toHaveProperty(['reason']);
    }
    const extra = await call(api, 'POST', `/api/admin/orders/${fresh.orderId}/refund`, {
      ...as(),
      body: { reason: 'Fine reason.', amountCents: 1 },
    });
    expect(extra.status).toBe(400);
    expect(await orderRow(fresh.orderId)).toEqual(snapshot);
    expect((await subscriptionOf(fresh.orderId))?.status).toBe('active');
  });

  it('two administrators refunding at once: one refund, one clear refusal, one refund at the provider, round after round', {
    timeout: RACE_TIMEOUT,
  }, async () => {
    const asked: string[] = [];
    const racing = withProvider({
      async refundPayment({ orderId }) {
        asked.push(orderId);
        // Stripe answers one refund per idempotency key: the same order gets the same refund id.
        return { refundRef: `re_${orderId.slice(0, 8)}` };
      },
    });
    await raceRounds(async () => {
      asked.length = 0;
      const { orderId, childId } = await order('succeed', racing);
      const before = (await notesOf(childId)).length;
      const refund = () =>
        call(racing, 'POST', `/api/admin/orders/${orderId}/refund`, {
          ...as(),
          body: { reason: 'Double click.' },
        });
      const results = await atOnce([refund, refund]);
      const winner = onlyWinner(results, (r) => r.status === 200);
      const loser = results[1 - winner];
      expect(loser?.status).toBe(409);
      expect(loser?.json.error?.message).toMatch(/^This order was already refunded on /);
      // The second request waited for the first and found the order refunded: Stripe was asked once.
      expect(asked).toEqual([orderId]);
      expect(await orderRow(orderId)).toMatchObject({
        status: 'refunded',
        closedBy: adminId,
        refundRef: `re_${orderId.slice(0, 8)}`,
      });
      expect((await subscriptionOf(orderId))?.status).toBe('cancelled');
      expect(await notesOf(childId)).toHaveLength(before + 1);
      expect((await auditOf(orderId)).map((e) => e.action)).toEqual(['order.refund']);
    });
  });

  it('answers 503 when the provider is unreachable and 409 when Stripe refuses, leaving the order paid', async () => {
    let failure: Error = new Error('connect ECONNREFUSED');
    const failing = withProvider({
      refundPayment: async () => {
        throw failure;
      },
    });
    const { orderId } = await order('succeed', failing);
    const refund = () =>
      call(failing, 'POST', `/api/admin/orders/${orderId}/refund`, { ...as(), body: { reason: 'Asked.' } });
    const down = await refund();
    expect(down.status).toBe(503);
    expect(down.json.error?.message).toBe('The payment provider answered: connect ECONNREFUSED');
    failure = Object.assign(new Error('Charge ch_1 has been disputed.'), {
      type: 'StripeInvalidRequestError',
    });
    const refused = await refund();
    expect(refused.status).toBe(409);
    expect(refused.json.error?.message).toBe('The payment provider answered: Charge ch_1 has been disputed.');
    expect((await orderRow(orderId))?.status).toBe('paid');
    expect((await subscriptionOf(orderId))?.status).toBe('active');
    expect(await auditOf(orderId)).toHaveLength(0);
  });

  it('refuses to "refund" a sandbox order where Stripe takes the payments (no money was taken)', async () => {
    const { orderId } = await order();
    const stripeNow = withProvider({ kind: 'stripe', mode: 'test' });
    const res = await call(stripeNow, 'POST', `/api/admin/orders/${orderId}/refund`, {
      ...as(),
      body: { reason: 'Asked.' },
    });
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toMatch(/paid in the sandbox, so no money was taken/);
    expect((await orderRow(orderId))?.status).toBe('paid');
  });

  it('an admin refund and Stripe’s event about it at the same moment: one record, naming the admin', async () => {
    let delivery: Promise<unknown> | undefined;
    const { orderId, childId } = await order();
    const row = await orderRow(orderId);
    const payload = chargeRefunded(row?.providerRef);
    const echoing = withProvider({
      async refundPayment() {
        // Stripe sends its event while this request is still being recorded.
        delivery = deliver(echoing, payload);
        return { refundRef: 're_echo' };
      },
    });
    const before = (await notesOf(childId)).length;
    const res = await call(echoing, 'POST', `/api/admin/orders/${orderId}/refund`, {
      ...as(),
      body: { reason: 'Asked by email.' },
    });
    expect(res.status).toBe(200);
    expect(((await delivery) as { json: unknown }).json).toMatchObject({ outcome: 'applied' });
    expect(await orderRow(orderId)).toMatchObject({
      status: 'refunded',
      closedBy: adminId,
      closeReason: 'Asked by email.',
      refundRef: 're_echo',
    });
    expect(await notesOf(childId)).toHaveLength(before + 1);
    expect(await auditOf(orderId)).toHaveLength(1);
  });

  it('a program ended without a refund can be refunded later, by an admin or in Stripe’s dashboard', async () => {
    const first = await order();
    await call(api, 'POST', `/api/admin/orders/${first.orderId}/cancel`, {
      ...as(),
      body: { reason: 'Ended early.' },
    });
    const later = await call(api, 'POST', `/api/admin/orders/${first.orderId}/refund`, {
      ...as(),
      body: { reason: 'The family asked after all.' },
    });
    expect(later.status).toBe(200);
    expect(later.json).toMatchObject({ status: 'refunded', closeReason: 'The family asked after all.' });
    const note = (await notesOf(first.childId)).at(-1);
    expect(note?.title).toBe('$199.99 refunded for A-Bridged Condensed Program');
    expect(note?.body).not.toContain('The program has ended.');

    const second = await order();
    await call(api, 'POST', `/api/admin/orders/${second.orderId}/cancel`, {
      ...as(),
      body: { reason: 'Ended early.' },
    });
    const row = await orderRow(second.orderId);
    const res = await deliver(api, chargeRefunded(row?.providerRef));
    expect(res.json).toMatchObject({ outcome: 'applied' });
    expect(await orderRow(second.orderId)).toMatchObject({
      status: 'refunded',
      closedBy: null,
      closeReason: 'Refunded in Stripe’s dashboard after the program was ended (Ended early.).',
      refundRef: null,
    });
  });

  it('records a full refund made in Stripe’s dashboard from its signed charge.refunded event, once', async () => {
    const { orderId, childId } = await order();
    const row = await orderRow(orderId);
    // Events of older API versions still list the charge's refunds: the refund id is kept.
    const refunds = { data: [{ id: 're_dashboard_1' }] };
    const partial = await deliver(
      api,
      chargeRefunded(row?.providerRef, { refunded: false, amount_refunded: 5000, refunds }),
    );
    expect(partial.json).toMatchObject({ outcome: 'applied' });
    expect(await orderRow(orderId)).toMatchObject({
      status: 'paid',
      note: 'Stripe reports 5000 of 19999 cents refunded.',
    });

    const full = chargeRefunded(row?.providerRef, { refunds });
    expect((await deliver(api, full)).json).toMatchObject({ outcome: 'applied' });
    expect(await orderRow(orderId)).toMatchObject({
      status: 'refunded',
      closedBy: null,
      closeReason: 'Refunded in Stripe’s dashboard.',
      refundRef: 're_dashboard_1',
    });
    expect((await subscriptionOf(orderId))?.status).toBe('cancelled');
    const notes = (await notesOf(childId)).length;
    expect((await deliver(api, full)).json).toMatchObject({ outcome: 'duplicate' });
    expect(await notesOf(childId)).toHaveLength(notes);
    expect((await deliver(api, full, false)).status).toBe(400);
  });
});

describe('cancellations', () => {
  it('cancels an unpaid order so it can no longer be paid, and tells nobody', async () => {
    const { orderId, token, childId } = await order('fail');
    const before = (await notesOf(childId)).length;
    const res = await call(api, 'POST', `/api/admin/orders/${orderId}/cancel`, {
      ...as(),
      body: { reason: 'Abandoned check-out.' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      status: 'cancelled',
      refundRef: null,
      closeReason: 'Abandoned check-out.',
    });
    const pay = await call(api, 'POST', `/api/orders/${orderId}/sandbox-pay`, {
      token,
      body: { outcome: 'succeed' },
    });
    expect(pay.status).toBe(409);
    expect((await orderRow(orderId))?.status).toBe('cancelled');
    expect(await notesOf(childId)).toHaveLength(before);
    expect((await auditOf(orderId))[0]).toMatchObject({
      action: 'order.cancel',
      details: { wasPaid: false },
    });
  });

  it('ends a paid order’s program without a refund, and tells the child', async () => {
    const { orderId, childId } = await order();
    const res = await call(api, 'POST', `/api/admin/orders/${orderId}/cancel`, {
      ...as(),
      body: { reason: 'Program ended early by agreement.' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'cancelled', refundRef: null });
    expect((await subscriptionOf(orderId))?.status).toBe('cancelled');
    expect((await notesOf(childId)).at(-1)).toMatchObject({
      title: 'Maya’s A-Bridged Condensed Program has ended',
      link: '/contact-us',
    });
    const again = await call(api, 'POST', `/api/admin/orders/${orderId}/cancel`, {
      ...as(),
      body: { reason: 'Twice.' },
    });
    expect(again.status).toBe(409);
    expect(again.json.error?.message).toMatch(/already cancelled on/);
  });

  it('a payment arriving for a cancelled order is flagged on the order, not applied', async () => {
    const { orderId, childId } = await order('none');
    await call(api, 'POST', `/api/admin/orders/${orderId}/cancel`, {
      ...as(),
      body: { reason: 'Abandoned.' },
    });
    const row = await orderRow(orderId);
    const res = await deliver(
      api,
      stripeEvent('payment_intent.succeeded', {
        id: row?.providerRef,
        object: 'payment_intent',
        amount: 19999,
        amount_received: 19999,
        currency: 'usd',
        metadata: { orderId },
      }),
    );
    expect(res.json).toMatchObject({ outcome: 'paid_after_close' });
    const after = await orderRow(orderId);
    expect(after?.status).toBe('cancelled');
    expect(after?.note).toMatch(/after this order was closed: refund it in Stripe’s dashboard/);
    expect(await subscriptionOf(orderId)).toBeUndefined();
    expect(await notesOf(childId)).toHaveLength(0);
  });

  it('refuses to cancel when the provider says the payment just went through', async () => {
    const { PaymentStateConflict } = await import('../../src/platform/payments/provider.server');
    const late = withProvider({
      cancelPayment: async () => {
        throw new PaymentStateConflict('The payment went through before it could be cancelled.', 'succeeded');
      },
    });
    const { orderId } = await order('none', late);
    const res = await call(late, 'POST', `/api/admin/orders/${orderId}/cancel`, {
      ...as(),
      body: { reason: 'Too late.' },
    });
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toMatch(/went through before it could be cancelled/);
    expect((await orderRow(orderId))?.status).toBe('pending');
  });
});

describe('test payments', () => {
  it('runs a sandbox test payment through the webhook path and shows every step done', async () => {
    const setup = await call(api, 'GET', '/api/admin/test-payments', as());
    expect(setup.json).toMatchObject({
      provider: 'sandbox',
      mode: 'sandbox',
      canRun: true,
      amountCents: 100,
      currency: 'usd',
    });
    const eventsBefore = Number(
      (await database.db.select({ n: sql<number>`count(*)::int` }).from(paymentEvents))[0]?.n,
    );
    const ordersBefore = await database.db.select().from(orders);

    const res = await call(api, 'POST', '/api/admin/test-payments', as());
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({
      status: 'succeeded',
      provider: 'sandbox',
      pending: false,
      actorName: 'Ada Admin',
    });
    const steps = stepsOf(res.json);
    expect(steps.map((s) => [s.key, s.state])).toEqual([
      ['settings', 'done'],
      ['created', 'done'],
      ['confirmed', 'done'],
      ['webhook', 'done'],
      ['recorded', 'done'],
    ]);
    expect(steps[3]?.detail).toMatch(
      /payment_intent.succeeded arrived at \/api\/payments\/webhook, signature verified/,
    );
    // Through the same webhook path: its event is recorded like any other, and no order appears.
    const eventsAfter = Number(
      (await database.db.select({ n: sql<number>`count(*)::int` }).from(paymentEvents))[0]?.n,
    );
    expect(eventsAfter).toBe(eventsBefore + 1);
    expect(await database.db.select().from(orders)).toHaveLength(ordersBefore.length);

    const again = await call(api, 'GET', `/api/admin/test-payments/${res.json.id}`, as());
    expect(again.json).toEqual(res.json);
    const listed = await call(api, 'GET', '/api/admin/test-payments', as());
    expect((listed.json as { runs: { id: string }[] }).runs[0]?.id).toBe(res.json.id);
    expect((await auditOf(String(res.json.id)))[0]).toMatchObject({
      action: 'test_payment.run',
      actorId: adminId,
    });
    expect((await call(api, 'GET', `/api/admin/test-payments/${randomUUID()}`, as())).status).toBe(404);
  });

  it('never runs with live keys', async () => {
    const live = withProvider({ kind: 'stripe', mode: 'live' });
    const setup = await call(live, 'GET', '/api/admin/test-payments', as());
    expect(setup.json).toMatchObject({ provider: 'stripe', mode: 'live', canRun: false });
    const before = await database.db.select().from(testPayments);
    const res = await call(live, 'POST', '/api/admin/test-payments', as());
    expect(res.status).toBe(409);
    expect(res.json.error).toMatchObject({ code: 'live_keys' });
    expect(res.json.error?.message).toMatch(/would charge a real card/);
    expect(await database.db.select().from(testPayments)).toHaveLength(before.length);
  });

  it('with Stripe: waits for the webhook, then shows it verified when Stripe’s signed event arrives', async () => {
    const stripeLike = withProvider({
      kind: 'stripe',
      mode: 'test',
      createTestPayment: async () => ({ providerRef: 'pi_test_123', status: 'succeeded' }),
    });
    const res = await call(stripeLike, 'POST', '/api/admin/test-payments', as());
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: 'created', pending: true, providerRef: 'pi_test_123' });
    expect(stateOf(res.json)).toMatchObject({ confirmed: 'done', webhook: 'waiting', recorded: 'waiting' });

    const payload = stripeEvent('payment_intent.succeeded', {
      id: 'pi_test_123',
      object: 'payment_intent',
      amount: 100,
      amount_received: 100,
      currency: 'usd',
      metadata: { testPaymentId: res.json.id },
    });
    const mismatch = await deliver(stripeLike, payload.replace('pi_test_123', 'pi_other'));
    expect(mismatch.json).toMatchObject({ outcome: 'mismatch' });
    const delivered = await deliver(stripeLike, payload);
    expect(delivered.json).toMatchObject({ outcome: 'applied' });
    const after = await call(stripeLike, 'GET', `/api/admin/test-payments/${res.json.id}`, as());
    expect(after.json).toMatchObject({ status: 'succeeded', pending: false });
    expect(stateOf(after.json)).toMatchObject({ webhook: 'done', recorded: 'done' });
  });

  it('shows the provider’s refusal as the failed step', async () => {
    const refusing = withProvider({
      kind: 'stripe',
      mode: 'test',
      createTestPayment: async () => {
        throw new Error('Invalid API Key provided: sk_test_****abc');
      },
    });
    const res = await call(refusing, 'POST', '/api/admin/test-payments', as());
    expect(res.status).toBe(201);
    expect(res.json.status).toBe('failed');
    const created = stepsOf(res.json)[1];
    expect(created).toMatchObject({
      state: 'failed',
      detail: 'The payment provider answered: Invalid API Key provided: sk_test_****abc',
    });
    expect(
      stepsOf(res.json)
        .slice(2)
        .map((s) => s.state),
    ).toEqual(['skipped', 'skipped', 'skipped']);
  });

  it('calls a webhook missing once it is overdue, and says what to check', () => {
    const createdAt = new Date('2026-11-21T10:00:00Z');
    const row = {
      id: randomUUID(),
      actorId: null,
      provider: 'stripe',
      providerRef: 'pi_1',
      amountCents: 100,
      currency: 'usd',
      status: 'created' as const,
      providerMessage: 'succeeded',
      webhookAt: null,
      webhookEventType: null,
      createdAt,
    };
    const at = (ms: number) =>
      testPaymentSteps(row, '/api/payments/webhook', new Date(createdAt.getTime() + ms));
    expect(at(WEBHOOK_WAIT_MS - 1)[3]?.state).toBe('waiting');
    const late = at(WEBHOOK_WAIT_MS)[3];
    expect(late?.state).toBe('failed');
    expect(late?.detail).toMatch(/STRIPE_WEBHOOK_SECRET is that endpoint’s signing secret/);
  });
});

describe('check-out rate limit', () => {
  it('refuses a family’s check-outs beyond the hourly limit with 429 and Retry-After', async () => {
    const { CHECKOUTS_PER_HOUR } = await import('../../src/features/payments/payments.routes');
    const fam = await family();
    for (let i = 0; i < CHECKOUTS_PER_HOUR; i++) {
      const ok = await call(api, 'POST', '/api/checkout', {
        token: fam.token,
        body: { planId, childId: fam.childId },
      });
      expect(ok.status).toBe(201);
    }
    const count = async () =>
      (await database.db.select().from(orders).where(eq(orders.userId, fam.userId))).length;
    const before = await count();
    const res = await call(api, 'POST', '/api/checkout', {
      token: fam.token,
      body: { planId, childId: fam.childId },
    });
    expect(res.status).toBe(429);
    expect(res.json.error?.code).toBe('rate_limited');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await count()).toBe(before);
    // Another family is not affected.
    const other = await family('Theo');
    expect(
      (
        await call(api, 'POST', '/api/checkout', {
          token: other.token,
          body: { planId, childId: other.childId },
        })
      ).status,
    ).toBe(201);
  });
});
