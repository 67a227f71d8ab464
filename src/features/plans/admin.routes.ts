import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { adminPageSchema } from '~/platform/admin/list.schema';
import { DomainError, notFound } from '~/platform/errors';
import { uuidSchema } from '~/platform/http/common.schema';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { requireAdmin } from '~/platform/http/middleware.server';
import { errorResponses, json } from '~/platform/http/openapi';
import { adminPlanSchema, adminPlansQuerySchema, planInputSchema, planPatchSchema } from './admin.schema';
import { createPlan, deletePlan, findAdminPlan, listAdminPlans, updatePlan } from './admin.server';

const planParams = z.object({ id: uuidSchema });
const deletedSchema = z.object({ deleted: z.literal(true), _id: z.string() }).meta({ id: 'PlanDeleted' });

/**
 * Administrators only: plans. Prices travel as whole cents. A plan that families have bought is
 * never deleted (their orders point at it), only retired: it leaves the public pages and stays here.
 */
export function adminPlansRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const admin = requireAdmin(deps);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/plans',
      summary: 'Every plan, active and retired, with its number of orders (administrators only)',
      operationId: 'adminListPlans',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { query: adminPlansQuerySchema },
      responses: {
        200: {
          description: 'A page of plans',
          content: json(adminPageSchema(adminPlanSchema, 'AdminPlanPage')),
        },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => c.json(await listAdminPlans(deps.db, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/admin/plans',
      summary: 'Creates a plan (administrators only)',
      operationId: 'adminCreatePlan',
      description: '`priceCents` is a whole number of cents: 19999 is $199.99; 199.99 is refused.',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { body: { content: json(planInputSchema), required: true } },
      responses: {
        201: { description: 'The new plan', content: json(adminPlanSchema) },
        ...errorResponses(400, 401, 403, 413),
      },
    }),
    async (c) => c.json(await createPlan(deps.db, c.get('user').id, c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/plans/{id}',
      summary: 'One plan, active or retired (administrators only)',
      operationId: 'adminGetPlan',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { params: planParams },
      responses: {
        200: { description: 'The plan', content: json(adminPlanSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const plan = await findAdminPlan(deps.db, c.req.valid('param').id);
      if (!plan) throw notFound('That plan');
      return c.json(plan, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/admin/plans/{id}',
      summary: 'Changes a plan; `active: false` retires it (administrators only)',
      operationId: 'adminUpdatePlan',
      description: 'Orders keep the amount they were paid: a new price applies to new orders only.',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { params: planParams, body: { content: json(planPatchSchema), required: true } },
      responses: {
        200: { description: 'The plan as saved', content: json(adminPlanSchema) },
        ...errorResponses(400, 401, 403, 404, 413),
      },
    }),
    async (c) => {
      const plan = await updatePlan(deps.db, c.get('user').id, c.req.valid('param').id, c.req.valid('json'));
      if (!plan) throw notFound('That plan');
      return c.json(plan, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/admin/plans/{id}',
      summary: 'Deletes a plan no family has bought (administrators only)',
      operationId: 'adminDeletePlan',
      description: 'A plan with any order answers 409 `in_use`: retire it instead (PATCH `active: false`).',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { params: planParams },
      responses: {
        200: { description: 'The plan is deleted', content: json(deletedSchema) },
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const result = await deletePlan(deps.db, c.get('user').id, id);
      if (result === 'not_found') throw notFound('That plan');
      if (result === 'in_use')
        throw new DomainError(
          'in_use',
          'Families have bought this plan, so it cannot be deleted: their orders point to it. Retire it instead: it leaves the program pages and nobody new can buy it.',
        );
      return c.json({ deleted: true as const, _id: id }, 200);
    },
  );
}
