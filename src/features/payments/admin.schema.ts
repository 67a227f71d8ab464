import * as z from 'zod';
import { TEST_PAYMENT_STATUSES } from '~/platform/domain';
import { instant } from '~/platform/http/common.schema';
import { orderSchema } from './payments.schema';

export const CLOSE_REASON_MAX = 500;

/** A refund or cancellation by the team always says why, for the record, the audit log and the family's data export. */
export const orderClosingSchema = z
  .object({
    reason: z
      .string({ error: 'Say why, in a few words, for the record.' })
      .trim()
      .min(3, 'Say why, in a few words, for the record.')
      .max(CLOSE_REASON_MAX, `Keep the reason to ${CLOSE_REASON_MAX} characters or fewer.`),
  })
  .strict()
  .meta({ id: 'OrderClosing' });

/** One order as the team sees it: the family's order fields, what was bought, for whom, and any refund or cancellation. */
export const adminOrderSchema = orderSchema
  .pick({
    id: true,
    status: true,
    provider: true,
    amountCents: true,
    currency: true,
    createdAt: true,
    paidAt: true,
  })
  .extend({
    planName: z.string(),
    childName: z.string().nullable(),
    closedAt: instant.nullable(),
    /** The administrator's name; null for a refund Stripe reported (made in its dashboard). */
    closedByName: z.string().nullable(),
    closeReason: z.string().nullable(),
    refundRef: z.string().nullable(),
    /** What the site recorded about it (an abandoned check-out that expired, a provider that failed). */
    note: z.string().nullable(),
  })
  .meta({ id: 'AdminOrder' });
export type AdminOrder = z.infer<typeof adminOrderSchema>;

const PAYMENT_MODES = ['sandbox', 'test', 'live'] as const;
const TEST_STEP_KEYS = ['settings', 'created', 'confirmed', 'webhook', 'recorded'] as const;
const TEST_STEP_STATES = ['done', 'failed', 'waiting', 'skipped'] as const;

/** One step of a test payment, with what happened in words the team can act on. */
const testPaymentStepSchema = z.object({
  key: z.enum(TEST_STEP_KEYS),
  label: z.string(),
  state: z.enum(TEST_STEP_STATES),
  detail: z.string(),
});
export type TestPaymentStep = z.infer<typeof testPaymentStepSchema>;

/** A test payment is recorded like an order (the provider, the amount), with the provider's own reference. */
export const testPaymentSchema = orderSchema
  .pick({ id: true, provider: true, amountCents: true, currency: true })
  .extend({
    status: z.enum(TEST_PAYMENT_STATUSES),
    providerRef: z.string().nullable(),
    createdAt: instant,
    /** The administrator who ran it; null when that account was removed. */
    actorName: z.string().nullable(),
    /** Still waiting for the provider's webhook event: ask again in a moment. */
    pending: z.boolean(),
    steps: z.array(testPaymentStepSchema),
  })
  .meta({ id: 'TestPayment' });
export type TestPaymentDto = z.infer<typeof testPaymentSchema>;

/** The environment's payment setup, as /admin/test-payment shows it before anything is run. */
export const testPaymentSetupSchema = z
  .object({
    provider: z.enum(['stripe', 'sandbox']),
    mode: z.enum(PAYMENT_MODES),
    /** False with live keys: a test payment would charge a real card. */
    canRun: z.boolean(),
    webhookPath: z.string(),
    amountCents: z.int(),
    currency: z.string(),
    /** The newest runs, newest first. */
    runs: z.array(testPaymentSchema),
  })
  .meta({ id: 'TestPaymentSetup' });
export type TestPaymentSetup = z.infer<typeof testPaymentSetupSchema>;
