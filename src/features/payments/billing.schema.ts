import * as z from 'zod';
import { MEMBERSHIP_END_REASONS, ORDER_PURPOSES, ORDER_STATUSES } from '~/platform/domain';
import { instant, multiline } from '~/platform/http/common.schema';
import { PAUSE_MAX_WEEKS, PAUSE_MIN_WEEKS } from './billingTerms';

/** What cancelling with a refund would give back now, and until when it can be asked for. */
const refundOfferSchema = z.object({ amountCents: z.int(), until: instant }).nullable();

/** A renewing program as the family's billing section shows it. */
export const membershipSchema = z
  .object({
    id: z.string(),
    plan: z.object({ id: z.string(), name: z.string() }),
    child: z.object({ _id: z.string(), firstName: z.string() }).nullable(),
    /** paused: between a pause's start and its end (the program resumes by itself). */
    status: z.enum(['active', 'past_due', 'paused', 'ended']),
    amountCents: z.int(),
    currency: z.string(),
    intervalMonths: z.int(),
    currentPeriodEnd: instant.nullable(),
    /** When it is charged next; null once cancelled or ended. */
    renewsAt: instant.nullable(),
    cancelAtPeriodEnd: z.boolean(),
    pausedUntil: instant.nullable(),
    /** When an unpaid renewal is tried again. */
    nextRetryAt: instant.nullable(),
    /** Stripe's page where the family confirms a payment their bank holds back. */
    actionUrl: z.string().nullable(),
    endedAt: instant.nullable(),
    endReason: z.enum(MEMBERSHIP_END_REASONS).nullable(),
    refund: refundOfferSchema,
  })
  .meta({ id: 'Membership' });
export type MembershipDto = z.infer<typeof membershipSchema>;

/** One payment (or a renewal that failed) with what it paid for, newest first. */
export const paymentSchema = z
  .object({
    id: z.string(),
    planName: z.string(),
    childFirstName: z.string().nullable(),
    purpose: z.enum(ORDER_PURPOSES),
    status: z.enum(ORDER_STATUSES),
    amountCents: z.int(),
    refundedCents: z.int(),
    currency: z.string(),
    paidAt: instant.nullable(),
    createdAt: instant,
    periodStart: instant.nullable(),
    periodEnd: instant.nullable(),
    /** A program paid once that may still be refunded for its unused part. */
    refund: refundOfferSchema,
  })
  .meta({ id: 'Payment' });
export type PaymentDto = z.infer<typeof paymentSchema>;

export const billingSchema = z
  .object({
    memberships: z.array(membershipSchema),
    payments: z.array(paymentSchema),
    /** Stripe's Customer Portal can be opened (the family has a customer there). */
    portal: z.boolean(),
    /** The sandbox's test clock and card (never with Stripe). */
    sandbox: z.object({ clockAt: instant, cardDeclines: z.boolean() }).nullable(),
  })
  .meta({ id: 'Billing' });
export type BillingDto = z.infer<typeof billingSchema>;

const reason = multiline('the reason', 500).optional();

export const cancelInputSchema = z
  .object({
    /** true: end now and refund the unused part (within 14 days of the payment); false: at the period's end. */
    refund: z.boolean({
      error: 'Say whether to refund the unused part (true) or end at the period’s end (false).',
    }),
    reason,
  })
  .strict()
  .meta({ id: 'CancelInput' });

export const pauseInputSchema = z
  .object({
    weeks: z
      .int({ error: `Choose a pause of ${PAUSE_MIN_WEEKS} to ${PAUSE_MAX_WEEKS} whole weeks.` })
      .min(PAUSE_MIN_WEEKS, `A pause lasts at least ${PAUSE_MIN_WEEKS} week.`)
      .max(PAUSE_MAX_WEEKS, `A pause lasts at most ${PAUSE_MAX_WEEKS} weeks.`),
  })
  .strict()
  .meta({ id: 'PauseInput' });

export const refundInputSchema = z.object({ reason }).strict().meta({ id: 'RefundInput' });

export const portalSchema = z.object({ url: z.string() }).meta({ id: 'PortalSession' });

/** The sandbox's controls: move the family's clock forward, make its test card decline or work. */
export const sandboxClockInputSchema = z
  .object({
    days: z
      .int({ error: 'Move the clock by a whole number of days.' })
      .min(1, 'Move the clock by at least 1 day.')
      .max(400, 'Move the clock by at most 400 days at a time.'),
  })
  .strict()
  .meta({ id: 'SandboxClockInput' });

export const sandboxCardInputSchema = z
  .object({ declines: z.boolean({ error: 'Say whether the test card declines (true) or works (false).' }) })
  .strict()
  .meta({ id: 'SandboxCardInput' });
