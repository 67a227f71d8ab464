import { desc, eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import { recordAudit } from '~/platform/admin/audit.server';
import { type Db, onlyRow } from '~/platform/db/client.server';
import { testPayments, users } from '~/platform/db/schema.server';
import { DomainError } from '~/platform/errors';
import { isSandbox, type PaymentProvider } from '~/platform/payments/provider.server';
import { sandboxEvent } from '~/platform/payments/sandbox.server';
import type { TestPaymentDto, TestPaymentStep } from './admin.schema';
import { providerMessage } from './admin.server';
import { TEST_PAYMENT_CENTS, TEST_PAYMENT_CURRENCY } from './payments.api';
import { receivePaymentEvent } from './webhook.server';

// The test payment at /admin/test-payment: one small payment through the real path, and what each
// step of it did, so the team can see an environment's payment setup works.

/** How long /admin/test-payment waits for the provider's webhook before calling it missing. */
export const WEBHOOK_WAIT_MS = 60_000;

type TestRow = typeof testPayments.$inferSelect;

/** What each step of a test payment did, in words the team can act on. */
export function testPaymentSteps(row: TestRow, webhookPath: string, now = new Date()): TestPaymentStep[] {
  const sandbox = row.provider === 'sandbox';
  const created = row.providerRef !== null;
  const confirmed = created && row.providerMessage === 'succeeded';
  const webhook = webhookStep(row, webhookPath, now, confirmed);
  return [
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
    webhook,
    recordedStep(row, webhook),
  ];
}

/** Whether the provider's signed event came back: arrived, still awaited, or missing after the wait. */
function webhookStep(row: TestRow, webhookPath: string, now: Date, confirmed: boolean): TestPaymentStep {
  const step = (state: TestPaymentStep['state'], detail: string): TestPaymentStep => ({
    key: 'webhook',
    label: 'Signed event received by the webhook',
    state,
    detail,
  });
  if (!confirmed) return step('skipped', 'Not expected: the payment did not go through.');
  if (row.webhookAt) {
    const seconds = Math.max(0, Math.round((row.webhookAt.getTime() - row.createdAt.getTime()) / 100) / 10);
    return step(
      'done',
      `${row.webhookEventType ?? 'An event'} arrived at ${webhookPath}, signature verified, ${seconds} s after the payment.`,
    );
  }
  if (now.getTime() - row.createdAt.getTime() < WEBHOOK_WAIT_MS) {
    return step(
      'waiting',
      `Waiting for ${row.provider === 'sandbox' ? 'the sandbox' : 'Stripe'} to send the event to ${webhookPath}…`,
    );
  }
  return step(
    'failed',
    `No event within ${WEBHOOK_WAIT_MS / 1000} s. In Stripe’s dashboard, check that an endpoint sends payment_intent.succeeded to this site’s ${webhookPath}, and that STRIPE_WEBHOOK_SECRET is that endpoint’s signing secret.`,
  );
}

/** Whether the event was applied: the test payment recorded as paid, as a family's order would be. */
function recordedStep(row: TestRow, webhook: TestPaymentStep): TestPaymentStep {
  const step = (state: TestPaymentStep['state'], detail: string): TestPaymentStep => ({
    key: 'recorded',
    label: 'Recorded as paid',
    state,
    detail,
  });
  if (row.status === 'succeeded') {
    return step(
      'done',
      'The event was applied once and the test payment is recorded as paid, as a family’s order would be.',
    );
  }
  if (row.webhookAt) return step('failed', 'The event said the payment failed.');
  if (webhook.state !== 'skipped') {
    return step(webhook.state === 'waiting' ? 'waiting' : 'skipped', 'Recorded when the event arrives.');
  }
  return step('skipped', 'Not expected: the payment did not go through.');
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

const LIVE_REFUSAL =
  'This environment uses live Stripe keys: a test payment would charge a real card. Run it where Stripe test keys or the sandbox are set.';

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
  if (provider.mode === 'live') throw new DomainError('live_keys', LIVE_REFUSAL);
  const { db } = deps;
  const row = onlyRow(
    await db
      .insert(testPayments)
      .values({
        actorId,
        provider: provider.kind,
        amountCents: TEST_PAYMENT_CENTS,
        currency: TEST_PAYMENT_CURRENCY,
      })
      .returning(),
  );
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
