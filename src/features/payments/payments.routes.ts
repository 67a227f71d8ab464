import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { DomainError, notFound } from '~/platform/errors';
import { uuidSchema } from '~/platform/http/common.schema';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { errorResponses, json } from '~/platform/http/contract';
import { rateLimitPerAccount, requireAccount } from '~/platform/http/middleware.server';
import { isSandbox, type PaymentProvider } from '~/platform/payments/provider.server';
import { sandboxEvent } from '~/platform/payments/sandbox.server';
import { familyOrders, findOwnOrder, ownOrderView, startCheckout } from './orders.server';
import {
  checkoutInputSchema,
  checkoutSchema,
  orderListSchema,
  orderSchema,
  sandboxPayInputSchema,
} from './payments.schema';
import { receivePaymentEvent, UnverifiedEvent } from './webhook.server';

/**
 * Check-outs one family may start in an hour: enough for every child and a few declined cards,
 * few enough that nobody can flood the payment provider with PaymentIntents.
 */
export const CHECKOUTS_PER_HOUR = 20;

/** Stripe's events are a few KB; anything this large is not one. */
const MAX_EVENT_BYTES = 512 * 1024;

const orderParams = z.object({ id: uuidSchema });

/** Check-out, the payment provider's webhook, the sandbox's test payments and the family's orders. */
export function paymentsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps, provider: PaymentProvider) {
  const account = requireAccount(deps);
  const checkoutLimit = rateLimitPerAccount(
    deps,
    'checkout',
    CHECKOUTS_PER_HOUR,
    60 * 60_000,
    'You have started many check-outs in the last hour. Please wait a little, or write to us if a payment keeps failing.',
  );

  async function receiveEvent(rawBody: string, signature: string | undefined) {
    try {
      return await receivePaymentEvent(deps, provider, rawBody, signature);
    } catch (error) {
      if (error instanceof UnverifiedEvent) throw new DomainError('bad_request', error.message);
      throw error;
    }
  }

  app.openapi(
    createRoute({
      method: 'post',
      path: '/checkout',
      summary: 'Starts paying for a program for one of the family’s children',
      operationId: 'startCheckout',
      description: `Creates a pending order at the plan’s price as stored (any price in the body is ignored) and the provider’s payment. With Stripe the answer carries the client secret for the Payment Element; in the sandbox, pay with POST /api/orders/{id}/sandbox-pay. At most ${CHECKOUTS_PER_HOUR} check-outs per account in an hour.`,
      security: [{ bearer: [] }],
      middleware: [account, checkoutLimit] as const,
      request: { body: { content: json(checkoutInputSchema), required: true } },
      responses: {
        201: { description: 'The order and how to pay it', content: json(checkoutSchema) },
        ...errorResponses(400, 401, 403, 404, 409, 413, 429, 503),
      },
    }),
    async (c) => {
      const { planId, childId } = c.req.valid('json');
      try {
        const started = await startCheckout(deps.db, provider, { userId: c.get('user').id, planId, childId });
        return c.json(
          {
            orderId: started.orderId,
            provider: provider.kind,
            ...(started.clientSecret ? { clientSecret: started.clientSecret } : {}),
            ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
          },
          201,
        );
      } catch (error) {
        // The family's own refusals (unknown child or plan, a retired plan) as they are; the rest is the provider.
        if (error instanceof DomainError) throw error;
        deps.logger.error(
          { errorName: (error as Error)?.name },
          'payment provider failed to start a payment',
        );
        throw new DomainError(
          'unavailable',
          'Card payments are unavailable right now. Please try again in a few minutes.',
        );
      }
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/payments/webhook',
      summary: 'Receives the payment provider’s signed events (Stripe)',
      operationId: 'receivePaymentEvent',
      security: [],
      description:
        'The raw body must carry a valid Stripe-Signature. Each event applies once: a replay answers 200 and changes nothing. An event about an unknown order is acknowledged and logged.',
      responses: {
        200: {
          description: 'Received',
          content: json(z.object({ received: z.literal(true), outcome: z.string() })),
        },
        ...errorResponses(400, 413),
      },
    }),
    async (c) => {
      const declared = Number(c.req.header('content-length') ?? 0);
      if (declared > MAX_EVENT_BYTES)
        throw new DomainError('payload_too_large', 'This is not a payment event.');
      const rawBody = await c.req.text();
      if (rawBody.length > MAX_EVENT_BYTES)
        throw new DomainError('payload_too_large', 'This is not a payment event.');
      const outcome = await receiveEvent(rawBody, c.req.header('stripe-signature'));
      return c.json({ received: true as const, outcome }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/orders/{id}/sandbox-pay',
      summary: 'Completes or declines a test payment (sandbox only: no card is charged)',
      operationId: 'paySandboxOrder',
      description:
        'Only while no Stripe key is configured. Sends a signed payment_intent.succeeded or payment_intent.payment_failed event through the webhook handler, then answers the order.',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: orderParams, body: { content: json(sandboxPayInputSchema), required: true } },
      responses: {
        200: { description: 'The order after the event', content: json(orderSchema) },
        ...errorResponses(400, 401, 403, 404, 409, 413),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const user = c.get('user');
      if (!isSandbox(provider)) throw new DomainError('not_found', 'Test payments are not available here.');
      const order = await findOwnOrder(deps.db, user.id, id);
      if (order?.provider !== 'sandbox' || !order.providerRef) throw notFound('That order');
      if (order.status !== 'pending' && order.status !== 'failed') {
        const why = order.status === 'paid' ? 'is already paid' : `was ${order.status}`;
        throw new DomainError('conflict', `This order ${why}.`);
      }
      const rawBody = JSON.stringify(
        sandboxEvent({ ...order, metadata: { orderId: order.id } }, c.req.valid('json').outcome),
      );
      await receiveEvent(rawBody, provider.sign(rawBody));
      const view = await ownOrderView(deps.db, user.id, id);
      if (!view) throw notFound('That order');
      return c.json(view, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/orders/{id}',
      summary: 'One of the family’s orders: its real state, plan, child and program dates',
      operationId: 'getOrder',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: orderParams },
      responses: {
        200: { description: 'The order', content: json(orderSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const view = await ownOrderView(deps.db, c.get('user').id, c.req.valid('param').id);
      if (!view) throw notFound('That order');
      return c.json(view, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/orders',
      summary: 'The family’s orders, newest first',
      operationId: 'listMyOrders',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      responses: {
        200: { description: 'The orders', content: json(orderListSchema) },
        ...errorResponses(401, 403),
      },
    }),
    async (c) => c.json({ items: await familyOrders(deps.db, c.get('user').id) }, 200),
  );
}
