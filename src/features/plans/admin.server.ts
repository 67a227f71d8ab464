import { and, eq, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '~/platform/admin/audit.server';
import { containsSearch, countRows, orderOf, pageOf, pageWindow } from '~/platform/admin/list.server';
import type { Db } from '~/platform/db/client.server';
import { onlyRow } from '~/platform/db/client.server';
import { plans } from '~/platform/db/schema.server';
import { DomainError, invalid, notFound } from '~/platform/errors';
import type { AdminPlan, ParsedPlanInput, PlanPatch } from './admin.schema';
import { recurringPlanRefusals } from './plans';
import { planDto } from './plans.server';

type PlanRow = typeof plans.$inferSelect;

/** Orders of any status name the plan: paid, pending or refunded, each is a family's purchase record. */
// Written out in full: inside a subquery Drizzle would name the columns without their table.
const orderCount = sql<number>`(select count(*)::int from orders o where o.plan_id = "plans"."id")`;

function adminPlanDto(p: PlanRow, orders: number): AdminPlan {
  return {
    ...planDto(p),
    active: p.active,
    orderCount: Number(orders),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export async function listAdminPlans(
  db: Db,
  query: { q: string; sort: string; dir: 'asc' | 'desc'; page: number; limit: number; status: string },
) {
  const where = and(
    containsSearch(query.q, [plans.name, plans.description]),
    query.status === 'active' ? eq(plans.active, true) : undefined,
    query.status === 'retired' ? eq(plans.active, false) : undefined,
  );
  const column: Record<string, SQL | typeof plans.name> = {
    name: sql`lower(${plans.name})`,
    price: sql`${plans.priceCents}`,
    duration: sql`${plans.durationMonths}`,
    orders: orderCount,
    createdAt: sql`${plans.createdAt}`,
  };
  const window = pageWindow(query.page, query.limit);
  const rows = await db
    .select({ plan: plans, orders: orderCount })
    .from(plans)
    .where(where)
    .orderBy(...orderOf(column[query.sort] ?? plans.name, query.dir, plans.id))
    .limit(window.limit)
    .offset(window.offset);
  const total = await countRows(db, plans, where);
  return pageOf(
    rows.map((r) => adminPlanDto(r.plan, r.orders)),
    total,
    query.page,
    query.limit,
  );
}

export async function findAdminPlan(db: Db, id: string): Promise<AdminPlan | undefined> {
  const [row] = await db.select({ plan: plans, orders: orderCount }).from(plans).where(eq(plans.id, id));
  return row ? adminPlanDto(row.plan, row.orders) : undefined;
}

export async function createPlan(db: Db, actorId: string, input: ParsedPlanInput): Promise<AdminPlan> {
  refuseUnbillable(input);
  return db.transaction(async (tx) => {
    const row = onlyRow(await tx.insert(plans).values(input).returning());
    await recordAudit(tx, actorId, 'plan.create', row.id, {
      name: row.name,
      priceCents: row.priceCents,
      durationMonths: row.durationMonths,
      active: row.active,
    });
    return adminPlanDto(row, 0);
  });
}

const EDITABLE = [
  'name',
  'durationMonths',
  'priceCents',
  'description',
  'startsOn',
  'billing',
  'active',
] as const;

/**
 * Changes a plan and records what changed, from and to. Turning `active` off is a retirement
 * (its own audit action); a request that changes nothing writes nothing.
 */
export async function updatePlan(
  db: Db,
  actorId: string,
  id: string,
  patch: PlanPatch,
): Promise<AdminPlan | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
    if (!current) return undefined;
    refuseUnbillable({
      billing: patch.billing ?? current.billing,
      durationMonths: patch.durationMonths ?? current.durationMonths,
      startsOn: patch.startsOn === undefined ? current.startsOn : patch.startsOn,
    });
    if (patch.billing && patch.billing !== current.billing) {
      const [counted] = await tx.select({ n: orderCount }).from(plans).where(eq(plans.id, id));
      if ((counted?.n ?? 0) > 0) {
        throw invalid({
          billing:
            'Families have bought this plan as it is: make a new plan that renews (or not), and retire this one.',
        });
      }
    }
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of EDITABLE) {
      const to = patch[key];
      if (to !== undefined && to !== current[key]) changes[key] = { from: current[key], to };
    }
    let row = current;
    if (Object.keys(changes).length > 0) {
      const values = Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, v.to]));
      const updated = onlyRow(
        await tx
          .update(plans)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(plans.id, id))
          .returning(),
      );
      row = updated;
      const action =
        changes.active?.to === false
          ? 'plan.retire'
          : changes.active?.to === true
            ? 'plan.restore'
            : 'plan.edit';
      await recordAudit(tx, actorId, action, id, { name: row.name, changes });
    }
    const [counted] = await tx.select({ n: orderCount }).from(plans).where(eq(plans.id, id));
    return adminPlanDto(row, counted?.n ?? 0);
  });
}

/** A plan that would renew must be billable as it stands (whole months, no season). */
function refuseUnbillable(plan: Parameters<typeof recurringPlanRefusals>[0]) {
  const refusals = recurringPlanRefusals(plan);
  if (Object.keys(refusals).length > 0) throw invalid(refusals);
}

const inUse = () =>
  new DomainError(
    'in_use',
    'Families have bought this plan, so it cannot be deleted: their orders point to it. Retire it instead: it leaves the program pages and nobody new can buy it.',
  );

/**
 * The Postgres error of a row still referenced elsewhere, however deep it is wrapped: 23001
 * (ON DELETE RESTRICT, as orders and subscriptions → plans) or 23503 (a plain foreign key).
 */
function foreignKeyViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23001' || e.code === '23503') return true;
  }
  return false;
}

/**
 * Deletes a plan no family has bought. The count answers the usual case with a clear refusal; the
 * foreign key (orders → plans, ON DELETE RESTRICT) refuses an order that arrives meanwhile.
 */
export async function deletePlan(db: Db, actorId: string, id: string): Promise<void> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx.select({ plan: plans, orders: orderCount }).from(plans).where(eq(plans.id, id));
      if (!row) throw notFound('That plan');
      if (row.orders > 0) throw inUse();
      await tx.delete(plans).where(eq(plans.id, id));
      await recordAudit(tx, actorId, 'plan.delete', id, {
        name: row.plan.name,
        priceCents: row.plan.priceCents,
        durationMonths: row.plan.durationMonths,
      });
    });
  } catch (error) {
    if (foreignKeyViolation(error)) throw inUse();
    throw error;
  }
}
