import { randomUUID } from 'node:crypto';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, orders, paymentEvents, subscriptions } from '../../src/platform/db/schema.server';
import { loadSettings } from '../../src/platform/env.server';
import { choosePaymentProvider } from '../../src/platform/payments/provider.server';
import { addPlan, call, familyWithChild, fileApi, siteServerFor, stripeEvent } from './harness';

/**
 * Stripe's webhook as Stripe reaches it: raw bytes over a real connection to the production server
 * (src/features/main.server.ts), checked by the real `stripe` library with the endpoint's secret.
 * A signature binds the body to a timestamp; one older than Stripe's tolerance (300 seconds) is
 * refused even when it is otherwise right, so a captured delivery cannot be replayed later.
 */
const SECRET = 'whsec_webhook_over_http';

/**
 * The provider the server chooses from these settings (as runtime.server.ts does): Stripe, whose
 * events are verified with SECRET. Only the call that reaches Stripe is replaced: no network here.
 */
const stripe = choosePaymentProvider(
  loadSettings({ STRIPE_SECRET_KEY: 'sk_test_webhook_over_http', STRIPE_WEBHOOK_SECRET: SECRET }),
);
const { database, api } = await fileApi({
  payments: {
    ...stripe,
    createPayment: async () => ({
      providerRef: `pi_${randomUUID().replaceAll('-', '')}`,
      clientSecret: 'pi_secret_over_http',
    }),
  },
});
const planId = await addPlan(database, { name: 'Rated Reads Monthly', durationMonths: 1, priceCents: 2900 });

let server: Server;

beforeAll(async () => {
  // The production server (src/features/main.server.ts) with this file's API and no built files.
  server = await siteServerFor(api);
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A Stripe-Signature header for `payload`, made at `timestamp` (seconds) with `secret`. */
const sign = (payload: string, { timestamp = nowSeconds(), secret = SECRET } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

/** Posts `payload` to the webhook over HTTP, byte for byte, as Stripe does. */
function postWebhook(payload: string, signature?: string) {
  const { port } = server.address() as AddressInfo;
  const body = Buffer.from(payload);
  return new Promise<{ status: number; json: Record<string, unknown> & { error?: { code: string } } }>(
    (resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: '/api/payments/webhook',
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'content-length': String(body.byteLength),
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            ...(signature ? { 'stripe-signature': signature } : {}),
          },
        },
        (res) => {
          const parts: Buffer[] = [];
          res.on('data', (part: Buffer) => parts.push(part));
          res.on('end', () => {
            try {
              resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(parts).toString()) });
            } catch (error) {
              reject(error);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    },
  );
}

/** A family's pending order, checked out through the API, and Stripe's event saying it was paid. */
async function pendingOrder() {
  const parent = await familyWithChild(api, { firstName: 'Maya', ageBand: '6-8', readingLevel: 'sapling' });
  const started = await call(api, 'POST', '/api/checkout', {
    token: parent.token,
    body: { planId, childId: parent.childId },
  });
  expect(started.status, JSON.stringify(started.json)).toBe(201);
  expect(started.json.provider).toBe('stripe');
  const orderId = String(started.json.orderId);
  const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
  const event = stripeEvent('payment_intent.succeeded', {
    id: order?.providerRef,
    object: 'payment_intent',
    amount: 2900,
    amount_received: 2900,
    currency: 'usd',
    description: 'Rated Reads Monthly for Maya — “première” 📚',
    metadata: { orderId },
  });
  // Pretty-printed and not ASCII, as Stripe sends it: the signature holds for these exact bytes only.
  const paid = JSON.stringify(JSON.parse(event), null, 2);
  return { orderId, childId: parent.childId, paid };
}

const statusOf = async (orderId: string) =>
  (await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;

/** Everything a payment event can change. */
async function snapshot() {
  const count = async (table: typeof subscriptions | typeof notifications | typeof paymentEvents) =>
    Number((await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n);
  return {
    orders: await database.db.select().from(orders).orderBy(orders.id),
    subscriptions: await count(subscriptions),
    notifications: await count(notifications),
    events: await count(paymentEvents),
  };
}

const REFUSED = { error: { code: 'bad_request', message: 'The event signature does not match.' } };

describe('the payment webhook over HTTP, signed by Stripe’s library', () => {
  it('accepts a correctly signed event and pays the order: the child is enrolled and told', async () => {
    const { orderId, childId, paid } = await pendingOrder();
    const res = await postWebhook(paid, sign(paid));
    expect(res).toEqual({ status: 200, json: { received: true, outcome: 'applied' } });
    expect(await statusOf(orderId)).toBe('paid');
    const subs = await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId));
    expect(subs.map((s) => [s.childId, s.status])).toEqual([[childId, 'active']]);
    const told = await database.db.select().from(notifications).where(eq(notifications.childId, childId));
    expect(told.map((n) => n.title)).toEqual(['Maya is enrolled in Rated Reads Monthly']);
  });

  it('refuses the same event correctly signed ten minutes ago (past the 300 s tolerance) with 400, changing nothing', async () => {
    const { orderId, paid } = await pendingOrder();
    const before = await snapshot();
    // A delivery captured ten minutes ago and sent again: the signature is right for the body and
    // the secret, only its time is stale.
    const stale = sign(paid, { timestamp: nowSeconds() - 600 });
    expect(() => Stripe.webhooks.constructEvent(paid, stale, SECRET, 24 * 3600)).not.toThrow();
    const res = await postWebhook(paid, stale);
    expect(res).toEqual({ status: 400, json: REFUSED });
    // Just past the tolerance is refused as well.
    expect((await postWebhook(paid, sign(paid, { timestamp: nowSeconds() - 330 }))).status).toBe(400);
    expect(await snapshot()).toEqual(before);
    expect(await statusOf(orderId)).toBe('pending');

    // The very same body signed now, and one signed within the tolerance, are accepted: only the
    // timestamp was refused.
    const recent = await pendingOrder();
    const withinTolerance = await postWebhook(
      recent.paid,
      sign(recent.paid, { timestamp: nowSeconds() - 240 }),
    );
    expect(withinTolerance.json.outcome).toBe('applied');
    const fresh = await postWebhook(paid, sign(paid));
    expect(fresh).toEqual({ status: 200, json: { received: true, outcome: 'applied' } });
    expect(await statusOf(orderId)).toBe('paid');
  });

  it('refuses a wrong signature, a changed body and no signature with 400, changing nothing', async () => {
    const { orderId, paid } = await pendingOrder();
    const before = await snapshot();
    const refusals = [
      await postWebhook(paid, sign(paid, { secret: 'whsec_someone_else' })),
      await postWebhook(paid, `t=${nowSeconds()},v1=${'0'.repeat(64)}`),
      await postWebhook(paid.replace('"amount_received": 2900', '"amount_received": 29000'), sign(paid)),
      // The same event with its white space changed: the signature covers the bytes, not the meaning.
      await postWebhook(JSON.stringify(JSON.parse(paid)), sign(paid)),
      await postWebhook(paid, 'not a signature'),
    ];
    for (const res of refusals) expect(res).toEqual({ status: 400, json: REFUSED });
    const unsigned = await postWebhook(paid);
    expect(unsigned).toEqual({
      status: 400,
      json: { error: { code: 'bad_request', message: 'The event is not signed.' } },
    });
    expect(await snapshot()).toEqual(before);
    expect(await statusOf(orderId)).toBe('pending');
  });

  it('answers a replay of an accepted event (same body, same signature) as a duplicate that changes nothing', async () => {
    const { orderId, paid } = await pendingOrder();
    const signature = sign(paid);
    expect((await postWebhook(paid, signature)).json.outcome).toBe('applied');
    const after = await snapshot();
    // Stripe retries until it hears 200; an attacker may replay what it captured, within the tolerance.
    expect(await postWebhook(paid, signature)).toEqual({
      status: 200,
      json: { received: true, outcome: 'duplicate' },
    });
    const both = await Promise.all([postWebhook(paid, sign(paid)), postWebhook(paid, signature)]);
    expect(both.map((r) => r.json.outcome)).toEqual(['duplicate', 'duplicate']);
    expect(await snapshot()).toEqual(after);
    expect(await statusOf(orderId)).toBe('paid');
  });
});
