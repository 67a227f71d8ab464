import { desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import { recordAudit } from '~/platform/admin/audit.server';
import type { Db, Tx } from '~/platform/db/client.server';
import { children, orders, plans, testPayments, users } from '~/platform/db/schema.server';
import { conflict, DomainError, notFound } from '~/platform/errors';
import { isSandbox, type PaymentProvider, PaymentStateConflict } from '~/platform/payments/provider.server';
import { sandboxEvent } from '~/platform/payments/sandbox.server';
import { formatTime, SERVER_VIEWER } from '~/platform/time';
import type { AdminOrder, TestPaymentDto, TestPaymentStep } from './admin.schema';
import { closeOrder } from './orderClosing.server';
import { TEST_PAYMENT_CENTS, TEST_PAYMENT_CURRENCY } from './payments.api';
import { receivePaymentEvent } from './webhook.server';

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
    note: order.note,
  }));
}

type OrderRow = typeof orders.$inferSelect;

/** Thrown inside the locked transaction, so whatever it wrote rolls back. */
const refuse = (message: string) => conflict(message);

const dateOf = (d: Date | null) => (d ? formatTime(d, 'date', SERVER_VIEWER) : '');

/** Why the order's state does not allow the action, or undefined when it does. */
function stateRefusal(order: OrderRow, action: 'refund' | 'cancel'): string | undefined {
  if (order.status === 'refunded') return `This order was already refunded on ${dateOf(order.closedAt)}.`;
  // A program ended without a refund may still be refunded later (the family asked after all).
  if (action === 'refund' && order.status === 'cancelled' && order.paidAt) return undefined;
  if (order.status === 'cancelled') return `This order was already cancelled on ${dateOf(order.closedAt)}.`;
  if (action === 'refund' && order.status !== 'paid') {
    return 'Nothing was paid on this order, so there is nothing to refund: cancel it instead.';
  }
  return undefined;
}

/** What the provider said, for the team (Stripe's messages name no secret). */
const providerMessage = (error: unknown) =>
  error instanceof Error && error.message
    ? `The payment provider answered: ${error.message}`
    : 'The payment provider could not be reached. Please try again in a few minutes.';

/**
 * The provider's answer as a refusal: Stripe's invalid-request errors are about the payment's
 * state (already refunded, disputed...) and will not change by trying again (409); anything
 * else is an outage (503).
 */
function providerRefusal(error: unknown): DomainError {
  const message = providerMessage(error);
  if ((error as { type?: string } | null)?.type === 'StripeInvalidRequestError') return refuse(message);
  return new DomainError('unavailable', message);
}

/**
 * Locks the order, checks its state, and runs the change. The provider is asked inside, with
 * the row locked: a second admin, and Stripe's own event about the same refund, wait for this
 * one to finish and then find the order settled, so money moves once and the record says who.
 */
async function withLockedOrder(
  db: Db,
  orderId: string,
  action: 'refund' | 'cancel',
  apply: (tx: Tx, order: OrderRow) => Promise<void>,
): Promise<AdminOrder> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!locked) throw notFound('That order');
    const refused = stateRefusal(locked, action);
    if (refused) throw refuse(refused);
    await apply(tx, locked);
  });
  const [view] = await adminOrders(db, eq(orders.id, orderId), 1);
  if (!view) throw notFound('That order');
  return view;
}

/**
 * Refunds a paid order in full: the provider first (its idempotency key is the order, so even a
 * retried request makes one refund), then the record, the program's end, the child's
 * notification and the audit line, all while the order is locked.
 */
export async function refundOrder(
  db: Db,
  provider: PaymentProvider,
  input: { orderId: string; actorId: string; reason: string },
): Promise<AdminOrder> {
  return withLockedOrder(db, input.orderId, 'refund', async (tx, order) => {
    if (order.provider === 'sandbox' && !isSandbox(provider)) {
      throw refuse(
        'This order was paid in the sandbox, so no money was taken and there is nothing to refund: end the program instead.',
      );
    }
    if (order.provider !== provider.kind || !order.providerRef) {
      throw refuse(
        'This order was paid through Stripe, which this environment is not set up for: refund it in Stripe’s dashboard.',
      );
    }
    let refundRef: string;
    try {
      ({ refundRef } = await provider.refundPayment({ orderId: order.id, providerRef: order.providerRef }));
    } catch (error) {
      throw providerRefusal(error);
    }
    await closeOrder(tx, order, {
      status: 'refunded',
      actorId: input.actorId,
      reason: input.reason,
      refundRef,
    });
    await recordAudit(tx, input.actorId, 'order.refund', order.id, {
      reason: input.reason,
      amountCents: order.amountCents,
      currency: order.currency,
      refundRef,
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
): Promise<AdminOrder> {
  return withLockedOrder(db, input.orderId, 'cancel', async (tx, order) => {
    const unpaid = order.status !== 'paid';
    if (unpaid && order.providerRef) {
      if (order.provider !== provider.kind) {
        throw refuse(
          'This order’s payment was started through Stripe, which this environment is not set up for: cancel it in Stripe’s dashboard.',
        );
      }
      try {
        await provider.cancelPayment(order.providerRef);
      } catch (error) {
        if (error instanceof PaymentStateConflict) {
          throw refuse(`${error.message} Refresh the page in a moment: refund it if needed.`);
        }
        throw providerRefusal(error);
      }
    }
    await closeOrder(tx, order, { status: 'cancelled', actorId: input.actorId, reason: input.reason });
    await recordAudit(tx, input.actorId, 'order.cancel', order.id, {
      reason: input.reason,
      wasPaid: !unpaid,
    });
  });
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
const LIVE_REFUSAL =
  'This environment uses live Stripe keys: a test payment would charge a real card. Run it where Stripe test keys or the sandbox are set.';

export async function runTestPayment(
  deps: { db: Db; logger: Logger },
  provider: PaymentProvider,
  actorId: string,
): Promise<string> {
  if (provider.mode === 'live') throw new DomainError('live_keys', LIVE_REFUSAL);
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
  await recordAudit(db, actorId, 'test_payment.run', row.id, {
    provider: provider.kind,
    mode: provider.mode,
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
