import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFound } from '~/platform/errors';
import { readBody } from '~/platform/http/body';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { rateLimitPerAccount } from '~/platform/http/middleware.server';
import { route } from '~/platform/http/route.server';
import type { Billing } from '~/platform/payments/billing.server';
import { isSandbox, type PaymentProvider } from '~/platform/payments/provider.server';
import { sandboxEvent } from '~/platform/payments/sandbox.server';
import type { SandboxBilling } from '~/platform/payments/sandboxBilling.server';
import { billingRoutes } from './billing.routes';
import { RENEWAL_RETRY_DAYS } from './billingTerms';
import { confirmOrderDates, previewCheckout, startCheckout } from './checkout.server';
import { expirePendingOrders, familyOrders, findOwnOrder, ownOrderView } from './orders.server';
import { paymentsApi as api, CHECKOUTS_PER_HOUR } from './payments.api';
import { receivePaymentEvent } from './webhook.server';

export { CHECKOUTS_PER_HOUR };

/** Stripe's events are a few KB; anything this large is not one. */
const MAX_EVENT_BYTES = 512 * 1024;

/** Renewing programs: Stripe Billing, or the sandbox's, whose events take the webhook's own path. */
export function paymentBilling(deps: ApiDeps, provider: PaymentProvider): Billing {
  return provider.billing({
    db: deps.db,
    deliver: (rawBody, signature) => receivePaymentEvent(deps, provider, rawBody, signature),
    retryDays: RENEWAL_RETRY_DAYS,
  });
}

/** Check-out, the payment provider's webhook, the sandbox's test payments and the family's orders. */
export function paymentsRoutes(
  app: OpenAPIHono<ApiEnv>,
  deps: ApiDeps,
  provider: PaymentProvider,
  billing: Billing,
) {
  checkoutRoutes(app, deps, provider, billing);
  paymentEventRoutes(app, deps, provider, billing);
  orderRoutes(app, deps, provider);
  billingRoutes(app, deps, provider, billing);
}

/** The check-out's preview, and starting one: at most CHECKOUTS_PER_HOUR an hour per account. */
function checkoutRoutes(
  app: OpenAPIHono<ApiEnv>,
  deps: ApiDeps,
  provider: PaymentProvider,
  billing: Billing,
) {
  const checkoutLimit = rateLimitPerAccount(
    deps,
    'checkout',
    CHECKOUTS_PER_HOUR,
    60 * 60_000,
    'You have started many check-outs in the last hour. Please wait a little, or write to us if a payment keeps failing.',
  );

  route(app, deps, api.preview, async (c) =>
    c.json(
      await previewCheckout(deps.db, { userId: c.get('user').id, ...c.req.valid('query') }, new Date()),
      200,
    ),
  );

  route(
    app,
    deps,
    api.checkout,
    async (c) => {
      const started = await startCheckout(
        deps.db,
        { provider, billing },
        { userId: c.get('user').id, ...c.req.valid('json') },
        { logger: deps.logger },
      );
      return c.json(
        {
          orderId: started.orderId,
          provider: provider.kind,
          ...(started.clientSecret ? { clientSecret: started.clientSecret } : {}),
          ...(provider.publishableKey ? { publishableKey: provider.publishableKey } : {}),
        },
        201,
      );
    },
    // Counted per account, so only once the account is known.
    { after: [checkoutLimit] },
  );
}

/** How a payment's outcome arrives: the provider's signed event, or the sandbox's pay button. */
function paymentEventRoutes(
  app: OpenAPIHono<ApiEnv>,
  deps: ApiDeps,
  provider: PaymentProvider,
  billing: Billing,
) {
  const receiveEvent = (rawBody: string, signature: string | undefined) =>
    receivePaymentEvent(deps, provider, rawBody, signature);

  // Public: the provider proves itself with the signature over the raw body, read here as text.
  route(app, deps, api.webhook, async (c) => {
    const bytes = await readBody(c.req.raw, MAX_EVENT_BYTES, 'This is not a payment event.');
    const outcome = await receiveEvent(new TextDecoder().decode(bytes), c.req.header('stripe-signature'));
    return c.json({ received: true as const, outcome }, 200);
  });

  // Paying without a card exists only while the sandbox takes the payments: with Stripe (always the
  // case in production, whose settings refuse to start without its keys) the route is not mounted,
  // so it answers 404 to everyone and the API's description leaves it out.
  if (isSandbox(provider)) {
    const sandbox = provider;
    route(app, deps, api.sandboxPay, async (c) => {
      const { id } = c.req.valid('param');
      const user = c.get('user');
      const order = await findOwnOrder(deps.db, user.id, id);
      if (order?.provider !== 'sandbox' || !order.providerRef) throw notFound('That order');
      // The order is still payable and its dates hold, or nothing is paid.
      await confirmOrderDates(deps.db, user.id, id);
      const { outcome } = c.req.valid('json');
      if (order.membershipId) {
        // A renewing program's first invoice, paid through the sandbox's billing (its events follow).
        const sandboxBilling = billing as SandboxBilling;
        await sandboxBilling.payFirstInvoice(order.providerRef, outcome);
        await sandboxBilling.settled();
      } else {
        const rawBody = JSON.stringify(sandboxEvent({ ...order, metadata: { orderId: order.id } }, outcome));
        await receiveEvent(rawBody, sandbox.sign(rawBody));
      }
      const view = await ownOrderView(deps.db, user.id, id);
      if (!view) throw notFound('That order');
      return c.json(view, 200);
    });
  }
}

/** The family's orders: one order's dates confirmed, one order, and all of them. */
function orderRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps, provider: PaymentProvider) {
  route(app, deps, api.confirmOrder, async (c) => {
    await confirmOrderDates(deps.db, c.get('user').id, c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  });

  route(app, deps, api.order, async (c) => {
    const view = await ownOrderView(deps.db, c.get('user').id, c.req.valid('param').id);
    if (!view) throw notFound('That order');
    return c.json(view, 200);
  });

  route(app, deps, api.myOrders, async (c) => {
    await expirePendingOrders(deps.db, provider, { userId: c.get('user').id });
    return c.json({ items: await familyOrders(deps.db, c.get('user').id) }, 200);
  });
}
