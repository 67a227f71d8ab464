import * as z from 'zod';
import { PLAN_BILLINGS } from '~/platform/domain';

/** A plan as the API lists it: price in whole cents, duration in months (1.25 is five weeks). */
export const planSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    durationMonths: z.number(),
    priceCents: z.int(),
    currency: z.string(),
    description: z.string(),
    /** A seasonal program's first day (YYYY-MM-DD): bought before it, the program starts then. */
    startsOn: z.iso.date().nullable(),
    /** once: paid once for its duration; recurring: renewed every `durationMonths` until cancelled. */
    billing: z.enum(PLAN_BILLINGS),
  })
  .meta({ id: 'Plan' });
export type PlanDto = z.infer<typeof planSchema>;
