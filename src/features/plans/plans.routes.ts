import type { OpenAPIHono } from '@hono/zod-openapi';
import { adminRecordRoutes } from '~/platform/http/adminRecords.server';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { createPlan, deletePlan, findAdminPlan, listAdminPlans, updatePlan } from './admin.server';
import { plansApi as api } from './plans.api';
import { listActivePlans } from './plans.server';

/**
 * The plans families can buy, and the admin console's plans. Prices travel as whole cents. A plan
 * that families have bought is never deleted (their orders point at it), only retired: it leaves
 * the public pages and stays in the console.
 */
export function plansRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.list, async (c) => {
    // Public and the same for everyone: a shared cache may keep it briefly.
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(await listActivePlans(deps.db), 200);
  });

  adminRecordRoutes(app, deps, 'That plan', {
    list: [api.adminList, listAdminPlans],
    create: [api.adminCreate, createPlan],
    get: [api.adminGet, findAdminPlan],
    update: [api.adminUpdate, updatePlan],
  });

  route(app, deps, api.adminDelete, async (c) => {
    const { id } = c.req.valid('param');
    await deletePlan(deps.db, c.get('user').id, id);
    return c.json({ deleted: true as const, id }, 200);
  });
}
