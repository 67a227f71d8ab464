import { desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { AdminOrder, TestPaymentDto, TestPaymentStep } from '~/lib/schemas/adminPayments';
import { recordAudit } from './audit.server';
import type { Db } from './db/client';
import { children, orders, plans, testPayments, users } from './db/schema';
import { closeOrder } from './payments/orderClosing.server';
import {
  isSandbox,
  type PaymentProvider,
  PaymentStateConflict,
  TEST_PAYMENT_CENTS,
  TEST_PAYMENT_CURRENCY,
} from './payments/provider';
import { sandboxEvent } from './payments/sandbox';
import { receivePaymentEvent } from './payments/webhook.server';

const closer = alias(users, 'closer');

/** Orders as the team sees them, newest first. */
export async function adminOrders(db: Pick<Db, 'select'>, where: SQL, limit = 100): Promise<AdminOrder[]> {
  const rows = await db
    .select({
      order: orders,
      planName: plans.name,
      childName: children.firstName,
      closedByName: closer.displayName,
    })
    .from(orders)
    .innerJoin(plans, eq(plans.id, orders.planId))
    .leftJoin(children, eq(children.id, orders.childId))
    .leftJoin(closer, eq(closer.id, orders.closedBy))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  return rows.map(({ order, planName, childName, closedByName }) => ({
    id: order.id,
    planName,
    childName,
    amountCents: order.amountCents,
    currency: order.currency,
    status: order.status,
    provider: order.provider,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    closedAt: order.closedAt?.toISOString() ?? null,
    closedByName: closedByName ?? null,
    closeReason: order.closeReason,
    refundRef: order.refundRef,
  }));
}

export type ClosingRefusal =
  | { reason: 'not_found' }
  /** The order's state does not allow it (already refunded, nothing paid...): said in words. */
  | { reason: 'state'; message: string }
  /** The provider could not be reached or refused for another reason. */
  | { reason: 'provider'; message: string };

type ClosingResult = { ok: true; order: AdminOrder } | ({ ok: false } & ClosingRefusal);

const dateOf = (d: Date | null) =>
  d ? new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(d) : '';

function stateRefusal(order: typeof orders.$inferSelect, action: 'refund' | 'cancel'): string | undefined {
  if (order.status === 'refunded') return `This order was already refunded on ${dateOf(order.closedAt)}.`;
  if (order.status === 'cancelled') return `This order was already cancelled on ${dateOf(order.closedAt)}.`;
  if (action === 'refund' && order.status !== 'paid') {
    return 'Nothing was paid on this order, so there is nothing to refund: cancel it instead.';
  }
  return undefined;
}

/** The order, if it exists and its state allows the action; else why not. */
async function closableOrder(db: Db, orderId: string, action: 'refund' | 'cancel') {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { ok: false as const, reason: 'not_found' as const };
  const refused = stateRefusal(order, action);
  if (refused) return { ok: false as const, reason: 'state' as const, message: refused };
  return { ok: true as const, order };
}

const providerMessage = (error: unknown) =>
  error instanceof Error && error.message
    ? `The payment provider answered: ${error.message}`
    : 'The payment provider could not be reached. Please try again in a few minutes.';

/**
 * Refunds a paid order in full: the provider first (one refund per order, even when asked
 * twice), then, in one transaction with the order locked, the record, the program's end, the
 * child's notification and the audit line. Of two admins refunding at once, the second is told.
 */
export async function refundOrder(
  db: Db,
  provider: PaymentProvider,
  input: { orderId: string; actorId: string; reason: string },
): Promise<ClosingResult> {
  const found = await closableOrder(db, input.orderId, 'refund');
  if (!found.ok) return found;
  const { order } = found;
  if (order.provider !== 'sandbox' && order.provider !== provider.kind) {
    return {
      ok: false,
      reason: 'provider',
      message:
        'This order was paid through Stripe, which this environment is not set up for: refund it in Stripe’s dashboard.',
    };
  }
  let refundRef: string;
  try {
    ({ refundRef } =
      order.provider === 'sandbox' && !isSandbox(provider)
        ? { refundRef: 're_sandbox_no_money_moved' }
        : await provider.refundPayment({ orderId: order.id, providerRef: order.providerRef ?? '' }));
  } catch (error) {
    return { ok: false, reason: 'provider', message: providerMessage(error) };
  }
  return closeLocked(db, order.id, 'refund', async (tx, locked) => {
    await closeOrder(tx, locked, {
      status: 'refunded',
      actorId: input.actorId,
      reason: input.reason,
      refundRef,
    });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'order.refund',
      entity: 'order',
      entityId: locked.id,
      details: {
        reason: input.reason,
        amountCents: locked.amountCents,
        currency: locked.currency,
        refundRef,
      },
    });
  });
}

/**
 * Cancels an order. Unpaid: its payment is cancelled at the provider so it can no longer be
 * paid. Paid: the program ends now and the money is kept (a refund is the other button).
 */
export async function cancelOrder(
  db: Db,
  provider: PaymentProvider,
  input: { orderId: string; actorId: string; reason: string },
): Promise<ClosingResult> {
  const found = await closableOrder(db, input.orderId, 'cancel');
  if (!found.ok) return found;
  const { order } = found;
  const unpaid = order.status !== 'paid';
  if (unpaid && order.providerRef && order.provider === provider.kind) {
    try {
      await provider.cancelPayment(order.providerRef);
    } catch (error) {
      if (error instanceof PaymentStateConflict) {
        return {
          ok: false,
          reason: 'state',
          message: `${error.message} Refresh the page: refund it if needed.`,
        };
      }
      return { ok: false, reason: 'provider', message: providerMessage(error) };
    }
  }
  return closeLocked(db, order.id, 'cancel', async (tx, locked) => {
    if (unpaid && locked.status === 'paid') {
      throw new ClosingRace('The payment went through just now. Refresh the page: refund it if needed.');
    }
    await closeOrder(tx, locked, { status: 'cancelled', actorId: input.actorId, reason: input.reason });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'order.cancel',
      entity: 'order',
      entityId: locked.id,
      details: { reason: input.reason, wasPaid: locked.status === 'paid' },
    });
  });
}

class ClosingRace extends Error {}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function closeLocked(
  db: Db,
  orderId: string,
  action: 'refund' | 'cancel',
  apply: (tx: Tx, order: typeof orders.$inferSelect) => Promise<void>,
): Promise<ClosingResult> {
  try {
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
      if (!locked) throw new ClosingRace('This order no longer exists.');
      const refused = stateRefusal(locked, action);
      if (refused) throw new ClosingRace(refused);
      await apply(tx, locked);
    });
  } catch (error) {
    if (error instanceof ClosingRace) return { ok: false, reason: 'state', message: error.message };
    throw error;
  }
  const [view] = await adminOrders(db, eq(orders.id, orderId), 1);
  if (!view) return { ok: false, reason: 'not_found' };
  return { ok: true, order: view };
}

/** How long /admin/test-payment waits for the provider's webhook before calling it missing. */
export const WEBHOOK_WAIT_MS = 60_000;

type TestRow = typeof testPayments.$inferSelect;

/** What each step of a test payment did, in words the team can act on. */
export function testPaymentSteps(row: TestRow, webhookPath: string, now = new Date()): TestPaymentStep[] {
  const sandbox = row.provider === 'sandbox';
  const created = row.providerRef !== null;
  const confirmed = created && row.providerMessage === 'succeeded';
  const waited = now.getTime() - row.createdAt.getTime();
  const webhookSeconds = row.webhookAt
    ? Math.max(0, Math.round((row.webhookAt.getTime() - row.createdAt.getTime()) / 100) / 10)
    : 0;
  const steps: TestPaymentStep[] = [
    {
      key: 'settings',
      label: 'Payment settings',
      state: 'done',
      detail: sandbox
        ? 'Sandbox: no Stripe keys are set here, so no card is charged and no money moves.'
        : 'Stripe in test mode: the secret key and the webhook signing secret are set.',
    },
    {
      key: 'created',
      label: 'Payment created',
      state: created ? 'done' : 'failed',
      detail: created
        ? `${sandbox ? 'The sandbox' : 'Stripe'} created payment ${row.providerRef}.`
        : (row.providerMessage ?? 'The payment provider did not answer.'),
    },
    {
      key: 'confirmed',
      label: 'Paid with the test card',
      state: !created ? 'skipped' : confirmed ? 'done' : 'failed',
      detail: !created
        ? 'Not tried: the payment was not created.'
        : confirmed
          ? sandbox
            ? 'The sandbox accepted the test payment.'
            : 'Stripe charged its test card (pm_card_visa) and answered succeeded.'
          : `The payment was not completed: ${row.providerMessage ?? 'no answer'}.`,
    },
  ];
  const webhook: TestPaymentStep = {
    key: 'webhook',
    label: 'Signed event received by the webhook',
    state: 'skipped',
    detail: '',
  };
  if (!confirmed) webhook.detail = 'Not expected: the payment did not go through.';
  else if (row.webhookAt) {
    webhook.state = 'done';
    webhook.detail = `${row.webhookEventType ?? 'An event'} arrived at ${webhookPath}, signature verified, ${webhookSeconds} s after the payment.`;
  } else if (waited < WEBHOOK_WAIT_MS) {
    webhook.state = 'waiting';
    webhook.detail = `Waiting for ${sandbox ? 'the sandbox' : 'Stripe'} to send the event to ${webhookPath}…`;
  } else {
    webhook.state = 'failed';
    webhook.detail = `No event within ${WEBHOOK_WAIT_MS / 1000} s. In Stripe’s dashboard, check that an endpoint sends payment_intent.succeeded to this site’s ${webhookPath}, and that STRIPE_WEBHOOK_SECRET is that endpoint’s signing secret.`;
  }
  steps.push(webhook);
  const recorded: TestPaymentStep = {
    key: 'recorded',
    label: 'Recorded as paid',
    state: 'skipped',
    detail: 'Not expected: the payment did not go through.',
  };
  if (row.status === 'succeeded') {
    recorded.state = 'done';
    recorded.detail =
      'The event was applied once and the test payment is recorded as paid, as a family’s order would be.';
  } else if (row.webhookAt) {
    recorded.state = 'failed';
    recorded.detail = 'The event said the payment failed.';
  } else if (webhook.state !== 'skipped') {
    recorded.state = webhook.state === 'waiting' ? 'waiting' : 'skipped';
    recorded.detail = 'Recorded when the event arrives.';
  }
  steps.push(recorded);
  return steps;
}

async function testPaymentDtos(db: Db, rows: TestRow[], webhookPath: string): Promise<TestPaymentDto[]> {
  const actorIds = [...new Set(rows.flatMap((r) => (r.actorId ? [r.actorId] : [])))];
  const actors = actorIds.length
    ? await db
        .select({ id: users.id, name: users.displayName })
        .from(users)
        .where(inArray(users.id, actorIds))
    : [];
  const now = new Date();
  return rows.map((row) => {
    const steps = testPaymentSteps(row, webhookPath, now);
    return {
      id: row.id,
      provider: row.provider,
      amountCents: row.amountCents,
      currency: row.currency,
      status: row.status,
      providerRef: row.providerRef,
      createdAt: row.createdAt.toISOString(),
      actorName: actors.find((a) => a.id === row.actorId)?.name ?? null,
      pending: steps.some((s) => s.state === 'waiting'),
      steps,
    };
  });
}

export async function recentTestPayments(db: Db, webhookPath: string, limit = 10) {
  const rows = await db.select().from(testPayments).orderBy(desc(testPayments.createdAt)).limit(limit);
  return testPaymentDtos(db, rows, webhookPath);
}

export async function testPaymentView(db: Db, id: string, webhookPath: string) {
  const [row] = await db.select().from(testPayments).where(eq(testPayments.id, id));
  return row ? (await testPaymentDtos(db, [row], webhookPath))[0] : undefined;
}

/**
 * Runs one test payment through the real path: the provider creates and confirms it with its test
 * card; its signed event comes back through the webhook (Stripe sends it over the network; the
 * sandbox hands it to the same verification and handler). Never with live keys.
 */
export async function runTestPayment(
  deps: { db: Db; logger: Logger },
  provider: PaymentProvider,
  actorId: string,
): Promise<string> {
  if (provider.mode === 'live') throw new PaymentStateConflict('Live keys never run test payments.', 'live');
  const { db } = deps;
  const [row] = await db
    .insert(testPayments)
    .values({
      actorId,
      provider: provider.kind,
      amountCents: TEST_PAYMENT_CENTS,
      currency: TEST_PAYMENT_CURRENCY,
    })
    .returning();
  if (!row) throw new Error('the test payment was not recorded');
  await recordAudit(db, {
    actorId,
    action: 'test_payment.run',
    entity: 'test_payment',
    entityId: row.id,
    details: { provider: provider.kind, mode: provider.mode },
  });
  let created: { providerRef: string; status: string };
  try {
    created = await provider.createTestPayment({
      testPaymentId: row.id,
      amountCents: row.amountCents,
      currency: row.currency,
    });
  } catch (error) {
    deps.logger.warn(
      { testPaymentId: row.id, errorName: (error as Error)?.name },
      'test payment refused by the provider',
    );
    await db
      .update(testPayments)
      .set({ status: 'failed', providerMessage: providerMessage(error) })
      .where(eq(testPayments.id, row.id));
    return row.id;
  }
  await db
    .update(testPayments)
    .set({
      providerRef: created.providerRef,
      providerMessage: created.status,
      ...(created.status === 'succeeded' ? {} : { status: 'failed' }),
    })
    .where(eq(testPayments.id, row.id));
  if (isSandbox(provider) && created.status === 'succeeded') {
    const rawBody = JSON.stringify(
      sandboxEvent(
        {
          providerRef: created.providerRef,
          amountCents: row.amountCents,
          currency: row.currency,
          metadata: { testPaymentId: row.id },
        },
        'succeed',
      ),
    );
    await receivePaymentEvent(deps, provider, rawBody, provider.sign(rawBody));
  }
  return row.id;
}
