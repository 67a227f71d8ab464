import { asc, eq } from 'drizzle-orm';
import type { PlanDto } from '~/lib/schemas/plans';
import type { Db } from './db/client';
import { plans } from './db/schema';

/** The plans families can buy now, cheapest first. */
export async function listActivePlans(db: Db): Promise<PlanDto[]> {
  const rows = await db
    .select()
    .from(plans)
    .where(eq(plans.active, true))
    .orderBy(asc(plans.priceCents), asc(plans.name));
  return rows.map((p) => ({
    _id: p.id,
    name: p.name,
    durationMonths: p.durationMonths,
    priceCents: p.priceCents,
    currency: p.currency,
    description: p.description,
  }));
}
