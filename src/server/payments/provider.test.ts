import { describe, expect, it } from 'vitest';
import { choosePaymentProvider, sandboxProvider } from './provider';

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
