import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Billing, priceKey, stripeBilling } from './billing.server';

/**
 * Stripe Billing through the real Stripe library, against a stand-in for api.stripe.com on
 * localhost: the requests it builds (form-encoded bodies, idempotency keys, expansions) and the
 * answers it reads, as in test mode.
 */
describe('stripeBilling against a local Stripe endpoint', () => {
  type Seen = { method: string; path: string; body: URLSearchParams; idempotencyKey: string | undefined };
  const seen: Seen[] = [];
  const answers: Record<string, unknown> = {
    'POST /v1/customers': { id: 'cus_local_1', object: 'customer' },
    'POST /v1/products/quill_plan_abc': { id: 'quill_plan_abc', object: 'product' },
    'POST /v1/prices': { id: 'price_local_1', object: 'price' },
    'POST /v1/subscriptions': {
      id: 'sub_local_1',
      object: 'subscription',
      latest_invoice: {
        id: 'in_local_1',
        object: 'invoice',
        confirmation_secret: { client_secret: 'pi_x_secret_y' },
      },
    },
    'POST /v1/subscriptions/sub_local_1': { id: 'sub_local_1', object: 'subscription' },
    'DELETE /v1/subscriptions/sub_local_1': { id: 'sub_local_1', object: 'subscription', status: 'canceled' },
    'POST /v1/invoices/in_local_1/pay': { id: 'in_local_1', object: 'invoice', status: 'paid' },
    'GET /v1/invoice_payments': {
      object: 'list',
      data: [
        { id: 'inpay_1', status: 'paid', payment: { type: 'payment_intent', payment_intent: 'pi_local_9' } },
      ],
    },
    'POST /v1/refunds': { id: 're_local_1', object: 'refund' },
    'POST /v1/billing_portal/sessions': { id: 'bps_1', url: 'https://billing.stripe.com/p/session/test_1' },
  };
  const server = createServer(async (req: IncomingMessage, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const [path = '', query = ''] = (req.url ?? '').split('?');
    seen.push({
      method: req.method ?? '',
      path,
      body: new URLSearchParams(req.method === 'POST' ? raw : query),
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    });
    const answer = answers[`${req.method} ${path}`];
    res.writeHead(answer ? 200 : 404, { 'content-type': 'application/json', 'request-id': 'req_local' });
    res.end(
      JSON.stringify(answer ?? { error: { type: 'invalid_request_error', message: `unknown ${path}` } }),
    );
  });
  let billing: Billing;
  const request = (method: string, path: string) => seen.find((s) => s.method === method && s.path === path);

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    billing = stripeBilling(
      new Stripe('sk_test_local', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 }),
    );
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('starts a subscription: a customer, the plan’s price, the first invoice’s client secret, once per membership', async () => {
    seen.length = 0;
    const price = {
      planId: 'abc',
      planName: 'Rated Reads Monthly',
      amountCents: 2900,
      currency: 'usd',
      intervalMonths: 1,
    };
    const started = await billing.startSubscription({
      membershipId: 'm-1',
      orderId: 'o-1',
      customer: { userId: 'u-1', email: 'parent@example.com', name: 'Noor Haddad', ref: null },
      price: { ...price, ref: 'price_old', key: '1900 usd 1' },
      description: 'Rated Reads Monthly for Layla',
    });
    expect(started).toEqual({
      subscriptionRef: 'sub_local_1',
      invoiceRef: 'in_local_1',
      customerRef: 'cus_local_1',
      priceRef: 'price_local_1',
      priceKey: priceKey(price),
      clientSecret: 'pi_x_secret_y',
    });
    expect(request('POST', '/v1/customers')).toMatchObject({ idempotencyKey: 'customer-u-1' });
    // The price changed since the last Price was made: a new one, monthly, with the plan's lookup key.
    const made = request('POST', '/v1/prices');
    expect(Object.fromEntries(made?.body ?? [])).toMatchObject({
      unit_amount: '2900',
      currency: 'usd',
      'recurring[interval]': 'month',
      'recurring[interval_count]': '1',
      lookup_key: 'plan_abc',
      product: 'quill_plan_abc',
    });
    const subscription = request('POST', '/v1/subscriptions');
    expect(subscription?.idempotencyKey).toBe('membership-m-1');
    expect(Object.fromEntries(subscription?.body ?? [])).toMatchObject({
      customer: 'cus_local_1',
      'items[0][price]': 'price_local_1',
      payment_behavior: 'default_incomplete',
      'payment_settings[save_default_payment_method]': 'on_subscription',
      'metadata[membershipId]': 'm-1',
      'expand[0]': 'latest_invoice.confirmation_secret',
    });
  });

  it('keeps a Price made for the same amount and period, and a customer made before', async () => {
    seen.length = 0;
    const price = {
      planId: 'abc',
      planName: 'Rated Reads Monthly',
      amountCents: 2900,
      currency: 'usd',
      intervalMonths: 1,
    };
    await billing.startSubscription({
      membershipId: 'm-2',
      orderId: 'o-2',
      customer: { userId: 'u-1', email: 'parent@example.com', name: 'Noor Haddad', ref: 'cus_local_1' },
      price: { ...price, ref: 'price_local_1', key: priceKey(price) },
      description: 'Rated Reads Monthly for Layla',
    });
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /v1/subscriptions']);
  });

  it('cancels at the period’s end with the family’s reason, or now without proration', async () => {
    seen.length = 0;
    await billing.setCancelAtPeriodEnd('sub_local_1', true, 'We are moving house.');
    expect(Object.fromEntries(request('POST', '/v1/subscriptions/sub_local_1')?.body ?? [])).toEqual({
      cancel_at_period_end: 'true',
      'cancellation_details[comment]': 'We are moving house.',
    });
    await billing.cancelNow('sub_local_1');
    expect(Object.fromEntries(request('DELETE', '/v1/subscriptions/sub_local_1')?.body ?? [])).toMatchObject({
      prorate: 'false',
      invoice_now: 'false',
    });
  });

  it('moves the renewal for a pause with a trial and no proration', async () => {
    seen.length = 0;
    await billing.moveRenewal('sub_local_1', new Date('2027-01-12T10:00:00Z'));
    expect(Object.fromEntries(request('POST', '/v1/subscriptions/sub_local_1')?.body ?? [])).toEqual({
      trial_end: String(Date.parse('2027-01-12T10:00:00Z') / 1000),
      proration_behavior: 'none',
    });
  });

  it('refunds part of an invoice’s payment, found by the invoice when it is not known, once per order', async () => {
    seen.length = 0;
    const refund = await billing.refundInvoice({
      orderId: 'o-9',
      invoiceRef: 'in_local_1',
      paymentRef: null,
      amountCents: 1933,
    });
    expect(refund).toEqual({ refundRef: 're_local_1' });
    expect(request('GET', '/v1/invoice_payments')?.body.get('invoice')).toBe('in_local_1');
    const made = request('POST', '/v1/refunds');
    expect(made?.idempotencyKey).toBe('refund-o-9');
    expect(Object.fromEntries(made?.body ?? [])).toMatchObject({
      payment_intent: 'pi_local_9',
      amount: '1933',
    });
  });

  it('pays an unpaid invoice now, and opens the Customer Portal with the way back', async () => {
    seen.length = 0;
    await billing.payInvoice('in_local_1');
    expect(request('POST', '/v1/invoices/in_local_1/pay')).toBeDefined();
    const url = await billing.portalUrl('cus_local_1', 'https://quillreads.com/update-profile');
    expect(url).toBe('https://billing.stripe.com/p/session/test_1');
    expect(Object.fromEntries(request('POST', '/v1/billing_portal/sessions')?.body ?? [])).toEqual({
      customer: 'cus_local_1',
      return_url: 'https://quillreads.com/update-profile',
    });
  });
});
