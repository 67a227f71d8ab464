import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, subscriptions } from '../../src/platform/db/schema.server';
import { loadSettings } from '../../src/platform/env.server';
import { choosePaymentProvider } from '../../src/platform/payments/provider.server';
import { addPlan, call, familyWithChild, fileApi, testApi } from './harness';

/** What a production server is started with: every setting it requires, Stripe's keys included. */
const PRODUCTION = {
  APP_ENV: 'production',
  FIREBASE_PROJECT_ID: 'quillreads-prod',
  PUBLIC_FIREBASE_API_KEY: 'AIza-example',
  STRIPE_SECRET_KEY: 'sk_live_production',
  STRIPE_WEBHOOK_SECRET: 'whsec_production',
  PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_live_production',
  SMTP_URL: 'smtps://quillreads:secret@smtp.example.com',
};

/**
 * The provider the production server chooses from those settings (as runtime.server.ts does), with
 * only the call that reaches Stripe replaced: there is no network here.
 */
const production = choosePaymentProvider(loadSettings(PRODUCTION));
const { database, api } = await fileApi({
  appEnv: 'production',
  payments: {
    ...production,
    createPayment: async () => ({ providerRef: `pi_${randomUUID()}`, clientSecret: 'pi_secret_production' }),
  },
});
const planId = await addPlan(database, { name: 'Rated Reads Monthly', durationMonths: 1, priceCents: 2900 });

interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId?: string }>>;
  components: { schemas?: Record<string, unknown> };
}

async function describedBy(described: typeof api) {
  const res = await call(described, 'GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  const doc = res.json as unknown as OpenApiDocument;
  return {
    paths: Object.keys(doc.paths),
    operationIds: Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((o) => o.operationId)),
    schemas: Object.keys(doc.components.schemas ?? {}),
  };
}

describe('payments in production', () => {
  it('start only with Stripe’s keys, so the sandbox never takes them', () => {
    const {
      STRIPE_SECRET_KEY: _secret,
      STRIPE_WEBHOOK_SECRET: _webhook,
      PUBLIC_STRIPE_PUBLISHABLE_KEY: _publishable,
      ...withoutStripe
    } = PRODUCTION;
    expect(() => loadSettings(withoutStripe)).toThrow(/STRIPE_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/);
    expect(production.kind).toBe('stripe');
  });

  it('never fall back to the sandbox: an API told it is in production refuses to be made without a provider', () => {
    expect(() => testApi(database, { appEnv: 'production' })).toThrow(
      /production API needs its payment provider/,
    );
    // Outside production the sandbox is the default, as the tests and a demo use it.
    expect(() => testApi(database, { appEnv: 'development' })).not.toThrow();
  });

  it('have no sandbox-pay route: a parent’s own pending order answers 404, signed in or not, and stays unpaid', async () => {
    const parent = await familyWithChild(api, { firstName: 'Maya', ageBand: '6-8', readingLevel: 'sapling' });
    const started = await call(api, 'POST', '/api/checkout', {
      token: parent.token,
      body: { planId, childId: parent.childId },
    });
    expect(started.status, JSON.stringify(started.json)).toBe(201);
    expect(started.json).toMatchObject({ provider: 'stripe', publishableKey: 'pk_live_production' });
    const orderId = String(started.json.orderId);
    const path = `/api/orders/${orderId}/sandbox-pay`;

    const signedIn = await call(api, 'POST', path, { token: parent.token, body: { outcome: 'succeed' } });
    expect(signedIn.status).toBe(404);
    expect(signedIn.json.error).toEqual({ code: 'not_found', message: 'There is no such API route.' });
    // Not even the sign-in check runs there: nothing is mounted at that address.
    const anonymous = await call(api, 'POST', path, { body: { outcome: 'succeed' } });
    expect(anonymous.status).toBe(404);

    const [order] = await database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe('pending');
    expect(await database.db.select().from(subscriptions).where(eq(subscriptions.orderId, orderId))).toEqual(
      [],
    );
  });

  it('leave sandbox-pay out of the OpenAPI document, which describes it in development', async () => {
    const served = await describedBy(api);
    expect(served.paths).not.toContain('/api/orders/{id}/sandbox-pay');
    expect(served.operationIds).not.toContain('paySandboxOrder');
    expect(served.schemas).not.toContain('SandboxPayInput');
    // The rest of payments is still there.
    expect(served.operationIds).toEqual(expect.arrayContaining(['startCheckout', 'receivePaymentEvent']));

    const development = await describedBy(testApi(database));
    expect(development.paths).toContain('/api/orders/{id}/sandbox-pay');
    expect(development.schemas).toContain('SandboxPayInput');
  });
});
