import * as z from 'zod';
import { ORDER_PURPOSES, ORDER_STATUSES, SUBSCRIPTION_STATUSES } from '~/platform/domain';
import { instant, uuidSchema } from '~/platform/http/common.schema';

/** A check-out nobody paid within a day is abandoned: it expires rather than waiting forever. */
export const PENDING_ORDER_HOURS = 24;

/**
 * What check-out sends: which plan, for which child. Nothing else is read, so a price or an
 * amount added by a browser is ignored: the order takes the plan's price from the database.
 */
export const checkoutInputSchema = z
  .object({
    planId: uuidSchema,
    childId: z.uuid({ error: 'Choose which child this program is for.' }),
    /**
     * The family saw that the child is already in a program and agrees this one starts after it
     * (check-out's preview says when). Without it such a check-out is refused (409 program_overlap).
     */
    startAfterCurrent: z.boolean({ error: 'Send true or false.' }).optional(),
  })
  .meta({ id: 'CheckoutInput' });

/** GET /api/checkout/preview: which program, for which child. */
export const checkoutPreviewQuerySchema = z.object({
  planId: uuidSchema,
  childId: z.uuid({ error: 'Choose which child this program is for.' }),
});

const childProgramSchema = z.object({ planName: z.string(), startsAt: instant, endsAt: instant });

/** When a program bought now would start and end, and why; what the child already has. */
export const checkoutPreviewSchema = z
  .object({
    startsAt: instant,
    endsAt: instant,
    /** now: at once; season: on the program's season date; after_current: when the child's current program ends. */
    reason: z.enum(['now', 'season', 'after_current']),
    /** The child's programs that have not ended, the running one first: non-empty means an overlap to confirm. */
    programs: z.array(childProgramSchema),
  })
  .meta({ id: 'CheckoutPreview' });
export type CheckoutPreview = z.infer<typeof checkoutPreviewSchema>;

export const checkoutSchema = z
  .object({
    orderId: z.string(),
    provider: z.enum(['stripe', 'sandbox']),
    /** For Stripe's Payment Element; absent in the sandbox. */
    clientSecret: z.string().optional(),
    publishableKey: z.string().optional(),
  })
  .meta({ id: 'Checkout' });
export type CheckoutDto = z.infer<typeof checkoutSchema>;

export const sandboxPayInputSchema = z
  .object({
    outcome: z.enum(['succeed', 'fail'], { error: 'Choose succeed or fail.' }),
  })
  .meta({ id: 'SandboxPayInput' });

export const orderSchema = z
  .object({
    id: z.string(),
    status: z.enum(ORDER_STATUSES),
    provider: z.string(),
    amountCents: z.int(),
    currency: z.string(),
    createdAt: instant,
    paidAt: instant.nullable(),
    plan: z.object({ id: z.string(), name: z.string(), durationMonths: z.number() }),
    child: z.object({ _id: z.string(), firstName: z.string() }).nullable(),
    subscription: z
      .object({ status: z.enum(SUBSCRIPTION_STATUSES), startsAt: instant, endsAt: instant })
      .nullable(),
    /** A check-out's purchase, or a renewal of a renewing program. */
    purpose: z.enum(ORDER_PURPOSES),
    /** What came back, in cents (part of the amount for the unused part of a period). */
    refundedCents: z.int(),
    /** The period a renewing program's payment covers. */
    periodStart: instant.nullable(),
    periodEnd: instant.nullable(),
    closedAt: instant.nullable(),
  })
  .meta({ id: 'Order' });
export type OrderDto = z.infer<typeof orderSchema>;

export const orderListSchema = z.object({ items: z.array(orderSchema) }).meta({ id: 'OrderList' });
