import * as z from 'zod';
import { ORDER_STATUSES, SUBSCRIPTION_STATUSES } from '~/platform/domain';
import { instant, uuidSchema } from '~/platform/http/common.schema';

/**
 * What check-out sends: which plan, for which child. Nothing else is read, so a price or an
 * amount added by a browser is ignored: the order takes the plan's price from the database.
 */
export const checkoutInputSchema = z
  .object({
    planId: uuidSchema,
    childId: z.uuid({ error: 'Choose which child this program is for.' }),
  })
  .meta({ id: 'CheckoutInput' });

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
  })
  .meta({ id: 'Order' });
export type OrderDto = z.infer<typeof orderSchema>;

export const orderListSchema = z.object({ items: z.array(orderSchema) }).meta({ id: 'OrderList' });
