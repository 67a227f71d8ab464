import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  choosePaymentProvider,
  PaymentStateConflict,
  sandboxProvider,
  stripeProvider,
} from './provider.server';

describe('choosePaymentProvider', () => {
  it('uses the sandbox when no Stripe key is configured', () => {
    expect(choosePaymentProvider({}).kind).toBe('sandbox');
  });

  it('never uses the sandbox with live keys', () => {
    const provider = choosePaymentProvider({
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
    });
    expect(provider.kind).toBe('stripe');
    expect(provider.publishableKey).toBe('pk_live_abc');
    expect(() => choosePaymentProvider({ PUBLIC_STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' })).toThrow(/sandbox/);
    expect(() => choosePaymentProvider({ STRIPE_SECRET_KEY: 'sk_live_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
  });

  it('never uses the sandbox in production, even when the settings check was skipped', () => {
    expect(() => choosePaymentProvider({ APP_ENV: 'production' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(choosePaymentProvider({ APP_ENV: 'development' }).kind).toBe('sandbox');
    const provider = choosePaymentProvider({
      APP_ENV: 'production',
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
    expect(provider.kind).toBe('stripe');
  });

  it('uses Stripe with test keys too (Stripe test mode)', () => {
    const provider = choosePaymentProvider({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
    expect(provider.kind).toBe('stripe');
  });
});

describe('sandboxProvider', () => {
  it('verifies only events it signed itself', () => {
    const sandbox = sandboxProvider();
    const other = sandboxProvider();
    const body = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: {} },
    });
    expect(sandbox.verifyEvent(body, sandbox.sign(body)).id).toBe('evt_1');
    expect(() => sandbox.verifyEvent(body, other.sign(body))).toThrow();
    expect(() => sandbox.verifyEvent(body.replace('evt_1', 'evt_2'), sandbox.sign(body))).toThrow();
  });
});

describe('stripeProvider', () => {
  it('asks Stripe for a PaymentIntent of the given amount, tagged with the order, once per order', async () => {
    const create = vi.fn().mockResolvedValue({ id: 'pi_123', client_secret: 'pi_123_secret_abc' });
    const provider = stripeProvider({
      secretKey: 'sk_test_abc',
      webhookSecret: 'whsec_abc',
      client: { paymentIntents: { create } } as unknown as Stripe,
    });
    const created = await provider.createPayment({
      orderId: 'order-1',
      amountCents: 19999,
      currency: 'usd',
      description: 'A-Bridged Condensed Program for Maya',
    });
    expect(created).toEqual({ providerRef: 'pi_123', clientSecret: 'pi_123_secret_abc' });
    expect(create).toHaveBeenCalledWith(
      expect.objectContaining({ amount: 19999, currency: 'usd', metadata: { orderId: 'order-1' } }),
      { idempotencyKey: 'order-order-1' },
    );
  });

  it('verifies events with the webhook secret only', () => {
    const provider = stripeProvider({ secretKey: 'sk_test_abc', webhookSecret: 'whsec_right' });
    const body = JSON.stringify({
      id: 'evt_9',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: {} },
    });
    const sandbox = sandboxProvider('whsec_right');
    expect(provider.verifyEvent(body, sandbox.sign(body)).id).toBe('evt_9');
    expect(() => provider.verifyEvent(body, sandboxProvider('whsec_wrong').sign(body))).toThrow();
  });
});

/**
 * A stand-in for api.stripe.com on localhost, so the real Stripe library builds and sends its
 * requests (form-encoded bodies, idempotency keys) and reads the answers as it would in test mode.
 */
describe('stripeProvider against a local Stripe endpoint', () => {
  type Seen = { method: string; path: string; body: URLSearchParams; idempotencyKey: string | undefined };
  const seen: Seen[] = [];
  let intentStatus = 'requires_payment_method';
  const server = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const path = req.url ?? '';
    seen.push({
      method: req.method ?? '',
      path,
      body: new URLSearchParams(raw),
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    });
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_local' });
      res.end(JSON.stringify(body));
    };
    if (path === '/v1/refunds')
      return answer(200, { id: 're_local_1', object: 'refund', status: 'succeeded' });
    if (path === '/v1/payment_intents') {
      return answer(200, {
        id: 'pi_local_1',
        object: 'payment_intent',
        status: 'succeeded',
        client_secret: 'pi_local_1_secret',
      });
    }
    if (path.endsWith('/cancel')) {
      return answer(400, {
        error: {
          type: 'invalid_request_error',
          code: 'payment_intent_unexpected_state',
          message: 'cannot cancel',
        },
      });
    }
    if (path.startsWith('/v1/payment_intents/')) {
      return answer(200, { id: 'pi_local_1', object: 'payment_intent', status: intentStatus });
    }
    return answer(404, { error: { type: 'invalid_request_error', message: 'unknown' } });
  });
  let provider: ReturnType<typeof stripeProvider>;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    provider = stripeProvider({
      secretKey: 'sk_test_local',
      webhookSecret: 'whsec_local',
      client: new Stripe('sk_test_local', {
        host: '127.0.0.1',
        port,
        protocol: 'http',
        maxNetworkRetries: 0,
      }),
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refunds the whole PaymentIntent once per order', async () => {
    seen.length = 0;
    expect(await provider.refundPayment({ orderId: 'order-7', providerRef: 'pi_local_1' })).toEqual({
      refundRef: 're_local_1',
    });
    const [request] = seen;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/refunds', idempotencyKey: 'refund-order-7' });
    expect(request?.body.get('payment_intent')).toBe('pi_local_1');
    expect(request?.body.get('amount')).toBeNull(); // the whole payment
    expect(request?.body.get('metadata[orderId]')).toBe('order-7');
  });

  it('runs a test payment with Stripe’s test card, confirmed at once and tagged with its id', async () => {
    seen.length = 0;
    expect(provider.mode).toBe('test');
    const made = await provider.createTestPayment({
      testPaymentId: 'tp-1',
      amountCents: 100,
      currency: 'usd',
    });
    expect(made).toEqual({ providerRef: 'pi_local_1', status: 'succeeded' });
    const [request] = seen;
    expect(request).toMatchObject({ path: '/v1/payment_intents', idempotencyKey: 'test-payment-tp-1' });
    expect(Object.fromEntries(request?.body ?? [])).toMatchObject({
      amount: '100',
      currency: 'usd',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      'automatic_payment_methods[allow_redirects]': 'never',
      'metadata[testPaymentId]': 'tp-1',
    });
  });

  it('cancels quietly what is already cancelled, and refuses what was paid meanwhile', async () => {
    intentStatus = 'canceled';
    await expect(provider.cancelPayment('pi_local_1')).resolves.toBeUndefined();
    intentStatus = 'succeeded';
    await expect(provider.cancelPayment('pi_local_1')).rejects.toBeInstanceOf(PaymentStateConflict);
    intentStatus = 'requires_action';
    await expect(provider.cancelPayment('pi_local_1')).rejects.toThrow('cannot cancel');
  });

  it('never runs a test payment with live keys', async () => {
    const live = stripeProvider({ secretKey: 'sk_live_x', webhookSecret: 'whsec_x' });
    expect(live.mode).toBe('live');
    await expect(
      live.createTestPayment({ testPaymentId: 't', amountCents: 100, currency: 'usd' }),
    ).rejects.toBeInstanceOf(PaymentStateConflict);
  });
});
