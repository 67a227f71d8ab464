import type Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import { choosePaymentProvider, sandboxProvider, stripeProvider } from './provider';

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
