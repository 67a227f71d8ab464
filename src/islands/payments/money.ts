import { formatPrice } from '~/features/plans/plans';
import type { PlanDto } from '~/features/plans/plans.schema';

/** A plan's price as the family reads it: "$49.00". */
export const money = (plan: PlanDto) => formatPrice(plan.priceCents, undefined, plan.currency.toUpperCase());
