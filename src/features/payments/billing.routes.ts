import type { OpenAPIHono } from '@hono/zod-openapi';
import { DAY_MS } from '~/platform/days';
import { conflict } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import type { Billing } from '~/platform/payments/billing.server';
import { isSandbox, type PaymentProvider } from '~/platform/payments/provider.server';
import type { SandboxBilling } from '~/platform/payments/sandboxBilling.server';
import { siteUrl } from '~/platform/publicConfig';
import { pagePath } from '~/platform/routes';
import { billingApi as api } from './billing.api';
import type { BillingDto } from './billing.schema';
import { customerRefOf, familyBilling } from './familyBilling.server';
import { cancelWithRefund, refundProgram } from './familyRefunds.server';
import { cancelAtPeriodEnd, keepRenewing, pauseMembership, payRenewalNow } from './membershipChanges.server';
import { receiptPdf } from './receiptPdf.server';

/** The family's billing section: its programs' renewals, cancellations, pauses and refunds. */
export function billingRoutes(
  app: OpenAPIHono<ApiEnv>,
  deps: ApiDeps,
  provider: PaymentProvider,
  billing: Billing,
) {
  const sandbox = isSandbox(provider) ? (billing as SandboxBilling) : null;
  /** What the family sees after any change: the provider's events about it applied first, in the sandbox. */
  const view = async (userId: string) => {
    await sandbox?.settled();
    const test = sandbox
      ? {
          clockAt: (await sandbox.clockOf(userId)).toISOString(),
          cardDeclines: await sandbox.cardDeclines(userId),
        }
      : null;
    return familyBilling(deps.db, userId, { portal: !sandbox, sandbox: test });
  };
  route(app, deps, api.billing, async (c) => c.json(await view(c.get('user').id), 200));
  membershipRoutes(app, deps, { provider, billing }, view);
  refundAndPortalRoutes(app, deps, { provider, billing, sandbox }, view);
  if (sandbox) sandboxRoutes(app, deps, sandbox, view);
}

type View = (userId: string) => Promise<BillingDto>;
type Money = { provider: PaymentProvider; billing: Billing };

/** Cancel (at the period's end, or now with a refund), keep, pause and pay now: one membership each. */
function membershipRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps, money: Money, view: View) {
  const { billing } = money;

  route(app, deps, api.cancel, async (c) => {
    const userId = c.get('user').id;
    const { refund, reason } = c.req.valid('json');
    const input = { userId, membershipId: c.req.valid('param').id, reason: reason || null };
    if (refund) await cancelWithRefund(deps.db, money, input);
    else await cancelAtPeriodEnd(deps.db, billing, input);
    return c.json(await view(userId), 200);
  });

  route(app, deps, api.keep, async (c) => {
    const userId = c.get('user').id;
    await keepRenewing(deps.db, billing, { userId, membershipId: c.req.valid('param').id });
    return c.json(await view(userId), 200);
  });

  route(app, deps, api.pause, async (c) => {
    const userId = c.get('user').id;
    await pauseMembership(deps.db, billing, {
      userId,
      membershipId: c.req.valid('param').id,
      ...c.req.valid('json'),
    });
    return c.json(await view(userId), 200);
  });

  route(app, deps, api.payNow, async (c) => {
    const userId = c.get('user').id;
    await payRenewalNow(deps.db, billing, { userId, membershipId: c.req.valid('param').id });
    return c.json(await view(userId), 200);
  });
}

/** A program paid once refunded within 14 days; Stripe's Customer Portal. */
function refundAndPortalRoutes(
  app: OpenAPIHono<ApiEnv>,
  deps: ApiDeps,
  money: Money & { sandbox: SandboxBilling | null },
  view: View,
) {
  const { billing, sandbox } = money;
  route(app, deps, api.refundProgram, async (c) => {
    const userId = c.get('user').id;
    const { reason } = c.req.valid('json');
    await refundProgram(deps.db, money, { userId, orderId: c.req.valid('param').id, reason: reason || null });
    return c.json(await view(userId), 200);
  });

  route(app, deps, api.receiptPdf, async (c) => {
    const { id } = c.req.valid('param');
    const pdf = await receiptPdf(deps.db, c.get('user').id, id);
    return new Response(pdf, {
      status: 200,
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': String(pdf.byteLength),
        'Content-Disposition': `attachment; filename="quillreads-receipt-${id.slice(0, 8)}.pdf"`,
        'Cache-Control': 'private, no-store',
      },
    }) as never;
  });

  route(app, deps, api.portal, async (c) => {
    const customer = await customerRefOf(deps.db, c.get('user').id);
    const back = new URL(pagePath('/update-profile'), siteUrl).href;
    const url = customer && !sandbox ? await billing.portalUrl(customer, back) : null;
    if (!url)
      throw conflict(
        'There is nothing to manage at Stripe yet: your cards and invoices appear there after your first renewing program.',
      );
    return c.json({ url }, 200);
  });
}

/** The sandbox's test clock and card: mounted only while the sandbox takes the payments (never in production). */
function sandboxRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps, sandbox: SandboxBilling, view: View) {
  route(app, deps, api.sandboxClock, async (c) => {
    const userId = c.get('user').id;
    const now = await sandbox.clockOf(userId);
    await sandbox.advanceClock(userId, new Date(now.getTime() + c.req.valid('json').days * DAY_MS));
    return c.json(await view(userId), 200);
  });

  route(app, deps, api.sandboxCard, async (c) => {
    const userId = c.get('user').id;
    await sandbox.setCardDeclines(userId, c.req.valid('json').declines);
    return c.json(await view(userId), 200);
  });
}
