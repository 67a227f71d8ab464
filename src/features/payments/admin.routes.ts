import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { DomainError, notFound } from '~/platform/errors';
import { uuidSchema } from '~/platform/http/common.schema';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { errorResponses, json } from '~/platform/http/contract';
import { rateLimitPerAccount, requireAdmin } from '~/platform/http/middleware.server';
import {
  type PaymentProvider,
  PaymentStateConflict,
  TEST_PAYMENT_CENTS,
  TEST_PAYMENT_CURRENCY,
} from '~/platform/payments/provider.server';
import {
  adminOrderSchema,
  orderClosingSchema,
  testPaymentSchema,
  testPaymentSetupSchema,
} from './admin.schema';
import {
  cancelOrder,
  recentTestPayments,
  refundOrder,
  runTestPayment,
  testPaymentView,
} from './admin.server';

const idParams = z.object({ id: uuidSchema });
const WEBHOOK_PATH = '/api/payments/webhook';
/** Test payments one administrator may run in an hour (each is a real call to Stripe's test mode). */
export const TEST_PAYMENTS_PER_HOUR = 20;

const LIVE_REFUSAL =
  'This environment uses live Stripe keys: a test payment would charge a real card. Run it where Stripe test keys or the sandbox are set.';

/**
 * Administrators only: refunds and cancellations of families' orders, and the test payment that
 * checks an environment's payment setup. Every route sits under /api/admin and uses requireAdmin.
 */
export function adminPaymentsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps, provider: PaymentProvider) {
  const admin = requireAdmin(deps);

  for (const action of ['refund', 'cancel'] as const) {
    app.openapi(
      createRoute({
        method: 'post',
        path: `/admin/orders/{id}/${action}`,
        summary:
          action === 'refund'
            ? 'Refunds a paid order in full and ends its program (administrators only)'
            : 'Cancels an order: an unpaid one can no longer be paid; a paid one’s program ends without a refund (administrators only)',
        operationId: action === 'refund' ? 'adminRefundOrder' : 'adminCancelOrder',
        description:
          'Recorded on the order (when, by whom, why, the refund id) and in the audit log; the child is notified when a program ends or money comes back. 409 when the order or its payment is not in a state that allows it (already refunded, nothing paid, a sandbox order under Stripe, Stripe refusing the refund), including when another administrator just did it; 503 when the provider cannot be reached.',
        security: [{ bearer: [] }],
        middleware: [admin] as const,
        request: { params: idParams, body: { content: json(orderClosingSchema), required: true } },
        responses: {
          200: { description: 'The order as it now is', content: json(adminOrderSchema) },
          ...errorResponses(400, 401, 403, 404, 409, 413, 503),
        },
      }),
      async (c) => {
        const input = {
          orderId: c.req.valid('param').id,
          actorId: c.get('user').id,
          reason: c.req.valid('json').reason,
        };
        const order =
          action === 'refund'
            ? await refundOrder(deps.db, provider, input)
            : await cancelOrder(deps.db, provider, input);
        return c.json(order, 200);
      },
    );
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/test-payments',
      summary: 'The environment’s payment setup and the newest test payments (administrators only)',
      operationId: 'adminGetTestPayments',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      responses: {
        200: { description: 'The setup and the runs', content: json(testPaymentSetupSchema) },
        ...errorResponses(401, 403),
      },
    }),
    async (c) =>
      c.json(
        {
          provider: provider.kind,
          mode: provider.mode,
          canRun: provider.mode !== 'live',
          webhookPath: WEBHOOK_PATH,
          amountCents: TEST_PAYMENT_CENTS,
          currency: TEST_PAYMENT_CURRENCY,
          runs: await recentTestPayments(deps.db, WEBHOOK_PATH),
        },
        200,
      ),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/admin/test-payments',
      summary: 'Runs a small test payment end to end (administrators only; never with live keys)',
      operationId: 'adminRunTestPayment',
      description: `Creates and confirms a payment of ${TEST_PAYMENT_CENTS} cents with the provider’s test card; its signed event comes back through ${WEBHOOK_PATH}. Answers the run with each step’s result; while the webhook step is waiting, GET /api/admin/test-payments/{id} again. 409 live_keys with live keys. At most ${TEST_PAYMENTS_PER_HOUR} per administrator in an hour.`,
      security: [{ bearer: [] }],
      middleware: [
        admin,
        rateLimitPerAccount(
          deps,
          'test-payment',
          TEST_PAYMENTS_PER_HOUR,
          60 * 60_000,
          'You have run many test payments in the last hour. Please wait a little before the next one.',
        ),
      ] as const,
      responses: {
        201: { description: 'The run and its steps', content: json(testPaymentSchema) },
        ...errorResponses(401, 403, 409, 429),
      },
    }),
    async (c) => {
      try {
        const id = await runTestPayment(deps, provider, c.get('user').id);
        const view = await testPaymentView(deps.db, id, WEBHOOK_PATH);
        if (!view) throw notFound('That test payment');
        return c.json(view, 201);
      } catch (error) {
        if (error instanceof PaymentStateConflict) throw new DomainError('live_keys', LIVE_REFUSAL);
        throw error;
      }
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/test-payments/{id}',
      summary: 'One test payment and its steps (administrators only)',
      operationId: 'adminGetTestPayment',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { params: idParams },
      responses: {
        200: { description: 'The run and its steps', content: json(testPaymentSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const view = await testPaymentView(deps.db, c.req.valid('param').id, WEBHOOK_PATH);
      if (!view) throw notFound('That test payment');
      return c.json(view, 200);
    },
  );
}
