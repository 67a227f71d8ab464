import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFound } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { rateLimitPerAccount } from '~/platform/http/middleware.server';
import { route } from '~/platform/http/route.server';
import type { PaymentProvider } from '~/platform/payments/provider.server';
import { cancelOrder, refundOrder } from './admin.server';
import { recentTestPayments, runTestPayment, testPaymentView } from './adminTestPayments.server';
import {
  paymentsApi as api,
  TEST_PAYMENT_CENTS,
  TEST_PAYMENT_CURRENCY,
  TEST_PAYMENTS_PER_HOUR,
  WEBHOOK_PATH,
} from './payments.api';

/**
 * Administrators only: refunds and cancellations of families' orders, and the test payment that
 * checks an environment's payment setup. Every route sits under /api/admin and is for administrators.
 */
export function adminPaymentsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps, provider: PaymentProvider) {
  const closings = [
    [api.adminRefund, refundOrder],
    [api.adminCancel, cancelOrder],
  ] as const;
  for (const [contract, close] of closings) {
    route(app, deps, contract, async (c) => {
      const input = {
        orderId: c.req.valid('param').id,
        actorId: c.get('user').id,
        reason: c.req.valid('json').reason,
      };
      return c.json(await close(deps.db, provider, input), 200);
    });
  }

  route(app, deps, api.adminTestPayments, async (c) =>
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

  route(
    app,
    deps,
    api.adminRunTestPayment,
    async (c) => {
      const id = await runTestPayment(deps, provider, c.get('user').id);
      const view = await testPaymentView(deps.db, id, WEBHOOK_PATH);
      if (!view) throw notFound('That test payment');
      return c.json(view, 201);
    },
    {
      after: [
        rateLimitPerAccount(
          deps,
          'test-payment',
          TEST_PAYMENTS_PER_HOUR,
          60 * 60_000,
          'You have run many test payments in the last hour. Please wait a little before the next one.',
        ),
      ],
    },
  );

  route(app, deps, api.adminTestPayment, async (c) => {
    const view = await testPaymentView(deps.db, c.req.valid('param').id, WEBHOOK_PATH);
    if (!view) throw notFound('That test payment');
    return c.json(view, 200);
  });
}
