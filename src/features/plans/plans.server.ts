import { asc, eq } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { plans } from '~/platform/db/schema.server';
import type { PlanDto } from './plans.schema';

/** The plans families can buy now, cheapest first. */
export async function listActivePlans(db: Db): Promise<PlanDto[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(eq(plans.active, true))
    .orderBy(asc(plans.priceCents), asc(plans.name));
  return rows.map(planDto);
}

/** A plan as families see it; the admin console's plan starts with the same fields. */
export const planDto = (p: typeof plans.$inferSelect): PlanDto => ({
  id: p.id,
  name: p.name,
  durationMonths: p.durationMonths,
  priceCents: p.priceCents,
  currency: p.currency,
  description: p.description,
  startsOn: p.startsOn,
  billing: p.billing,
});
