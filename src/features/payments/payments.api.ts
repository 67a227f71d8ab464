import * as z from 'zod';
import { idParamsSchema as params } from '~/platform/http/common.schema';
import { contract } from '~/platform/http/contract';
import {
  adminOrderSchema,
  orderClosingSchema,
  testPaymentSchema,
  testPaymentSetupSchema,
} from './admin.schema';
import {
  checkoutInputSchema,
  checkoutPreviewQuerySchema,
  checkoutPreviewSchema,
  checkoutSchema,
  orderListSchema,
  orderSchema,
  sandboxPayInputSchema,
} from './payments.schema';

/**
 * Check-outs one family may start in an hour: enough for every child and a few declined cards,
 * few enough that nobody can flood the payment provider with PaymentIntents.
 */
export const CHECKOUTS_PER_HOUR = 20;
/** Test payments one administrator may run in an hour (each is a real call to Stripe's test mode). */
export const TEST_PAYMENTS_PER_HOUR = 20;
export const WEBHOOK_PATH = '/api/payments/webhook';

const CLOSING =
  'Recorded on the order (when, by whom, why, the refund id) and in the audit log; the child is notified when a program ends or money comes back. 409 when the order or its payment is not in a state that allows it (already refunded, nothing paid, a sandbox order under Stripe, Stripe refusing the refund), including when another administrator just did it; 503 when the provider cannot be reached.';

/** Refunding and cancelling close an order the same way: same input, answer and refusals. */
const closeOrder = <const L extends `POST /${string}`>(operationId: string, line: L, summary: string) =>
  contract(operationId, line, {
    summary,
    description: CLOSING,
    access: 'admin',
    params,
    body: orderClosingSchema,
    status: 200,
    response: adminOrderSchema,
    returns: 'The order as it now is',
    errors: [409, 503],
  });

/** The amount of an administrator's test payment (/admin/test-payment): above Stripe's minimum. */
export const TEST_PAYMENT_CENTS = 100;
export const TEST_PAYMENT_CURRENCY = 'usd';

const TEST_PAYMENT_RUN = `Creates and confirms a payment of ${TEST_PAYMENT_CENTS} cents with the provider’s test card; its signed event comes back through ${WEBHOOK_PATH}. Answers the run with each step’s result; while the webhook step is waiting, GET /api/admin/test-payments/{id} again. 409 live_keys with live keys. At most ${TEST_PAYMENTS_PER_HOUR} per administrator in an hour.`;

/** Check-out, the payment provider's webhook, the sandbox's test payments, the family's orders, and the admin console's refunds and test payments. */
export const paymentsApi = {
  preview: contract('previewCheckout', 'GET /checkout/preview', {
    summary:
      'When a program bought now would start and end for this child, and the programs the child already has',
    description:
      'A program starts at once, on its season’s date when that is ahead, and never before the child’s current or queued programs end. Check-out shows this before the family pays.',
    access: 'account',
    query: checkoutPreviewQuerySchema,
    status: 200,
    response: checkoutPreviewSchema,
    returns: 'The dates and the child’s programs',
    errors: [404, 409],
  }),
  checkout: contract('startCheckout', 'POST /checkout', {
    summary: 'Starts paying for a program for one of the family’s children',
    description: `Creates a pending order at the plan’s price as stored (any price in the body is ignored) and the provider’s payment; an unpaid order of the family for the same child and plan (a reload, a second tab) is continued instead, with the dates shown now. For a child already in a program, send \`startAfterCurrent: true\` once the family has seen when this one starts (409 \`program_overlap\` otherwise). With Stripe the answer carries the client secret for the Payment Element; in the sandbox (never in production), pay with POST /api/orders/{id}/sandbox-pay. At most ${CHECKOUTS_PER_HOUR} check-outs per account in an hour.`,
    access: 'account',
    body: checkoutInputSchema,
    status: 201,
    response: checkoutSchema,
    returns: 'The order and how to pay it',
    errors: [404, 409, 429, 503],
  }),
  /** Called by the payment provider, never by the browser: the raw body is read by the handler. */
  webhook: contract('receivePaymentEvent', 'POST /payments/webhook', {
    summary: 'Receives the payment provider’s signed events (Stripe)',
    description:
      'The raw body must carry a valid Stripe-Signature. Each event applies once: a replay answers 200 and changes nothing. An event about an unknown order is acknowledged and logged.',
    access: 'public',
    status: 200,
    response: z.object({ received: z.literal(true), outcome: z.string() }),
    returns: 'Received',
    errors: [400, 413],
  }),
  confirmOrder: contract('confirmOrderDates', 'POST /orders/{id}/confirm', {
    summary: 'Checks, just before paying, that the order still has the dates check-out showed',
    description:
      'The card form calls it before sending the card to Stripe (the sandbox’s payment checks it itself). 409 `program_changed` when the child’s programs changed since (another tab paid for one): nothing is charged, the message gives the new dates, and a new POST /api/checkout with `startAfterCurrent: true` continues the same order with them. 409 `conflict` when the order is paid or closed.',
    access: 'account',
    params,
    status: 200,
    response: z.object({ ok: z.literal(true) }),
    returns: 'The dates hold: go on and pay',
    errors: [409],
  }),
  sandboxPay: contract('paySandboxOrder', 'POST /orders/{id}/sandbox-pay', {
    summary: 'Completes or declines a test payment (sandbox only: no card is charged)',
    description:
      'Exists only while the sandbox takes the payments (no Stripe key configured, which production refuses): with Stripe this route is not mounted and answers 404. Checks the dates first, as POST /api/orders/{id}/confirm does (409 `program_changed`). Sends a signed payment_intent.succeeded or payment_intent.payment_failed event through the webhook handler, then answers the order.',
    access: 'account',
    params,
    body: sandboxPayInputSchema,
    status: 200,
    response: orderSchema,
    returns: 'The order after the event',
    errors: [409],
  }),
  order: contract('getOrder', 'GET /orders/{id}', {
    summary: 'One of the family’s orders: its real state, plan, child and program dates',
    access: 'account',
    params,
    status: 200,
    response: orderSchema,
    returns: 'The order',
  }),
  myOrders: contract('listMyOrders', 'GET /me/orders', {
    summary: 'The family’s orders, newest first',
    access: 'account',
    status: 200,
    response: orderListSchema,
    returns: 'The orders',
  }),
  adminRefund: closeOrder(
    'adminRefundOrder',
    'POST /admin/orders/{id}/refund',
    'Refunds a paid order in full and ends its program (administrators only)',
  ),
  adminCancel: closeOrder(
    'adminCancelOrder',
    'POST /admin/orders/{id}/cancel',
    'Cancels an order: an unpaid one can no longer be paid; a paid one’s program ends without a refund (administrators only)',
  ),
  adminTestPayments: contract('adminGetTestPayments', 'GET /admin/test-payments', {
    summary: 'The environment’s payment setup and the newest test payments (administrators only)',
    access: 'admin',
    status: 200,
    response: testPaymentSetupSchema,
    returns: 'The setup and the runs',
  }),
  adminRunTestPayment: contract('adminRunTestPayment', 'POST /admin/test-payments', {
    summary: 'Runs a small test payment end to end (administrators only; never with live keys)',
    description: TEST_PAYMENT_RUN,
    access: 'admin',
    status: 201,
    response: testPaymentSchema,
    returns: 'The run and its steps',
    errors: [409, 429],
  }),
  adminTestPayment: contract('adminGetTestPayment', 'GET /admin/test-payments/{id}', {
    summary: 'One test payment and its steps (administrators only)',
    access: 'admin',
    params,
    status: 200,
    response: testPaymentSchema,
    returns: 'The run and its steps',
  }),
};
