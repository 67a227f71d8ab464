import * as z from 'zod';
import { adminPageSchema } from '~/platform/admin/list.schema';
import { idParamsSchema as params } from '~/platform/http/common.schema';
import { contract } from '~/platform/http/contract';
import { adminPlanSchema, adminPlansQuerySchema, planInputSchema, planPatchSchema } from './admin.schema';
import { planSchema } from './plans.schema';

/** The plans families can buy, and the admin console's plans. */
export const plansApi = {
  list: contract('listPlans', 'GET /plans', {
    summary: 'The plans families can buy now, cheapest first (public)',
    access: 'public',
    status: 200,
    response: z.array(planSchema),
    returns: 'Active plans',
  }),
  adminList: contract('adminListPlans', 'GET /admin/plans', {
    summary: 'Every plan, active and retired, with its number of orders (administrators only)',
    access: 'admin',
    query: adminPlansQuerySchema,
    status: 200,
    response: adminPageSchema(adminPlanSchema, 'AdminPlanPage'),
    returns: 'A page of plans',
  }),
  adminCreate: contract('adminCreatePlan', 'POST /admin/plans', {
    summary: 'Creates a plan (administrators only)',
    description: '`priceCents` is a whole number of cents: 19999 is $199.99; 199.99 is refused.',
    access: 'admin',
    body: planInputSchema,
    status: 201,
    response: adminPlanSchema,
    returns: 'The new plan',
  }),
  adminGet: contract('adminGetPlan', 'GET /admin/plans/{id}', {
    summary: 'One plan, active or retired (administrators only)',
    access: 'admin',
    params,
    status: 200,
    response: adminPlanSchema,
    returns: 'The plan',
  }),
  adminUpdate: contract('adminUpdatePlan', 'PATCH /admin/plans/{id}', {
    summary: 'Changes a plan; `active: false` retires it (administrators only)',
    description: 'Orders keep the amount they were paid: a new price applies to new orders only.',
    access: 'admin',
    params,
    body: planPatchSchema,
    status: 200,
    response: adminPlanSchema,
    returns: 'The plan as saved',
  }),
  adminDelete: contract('adminDeletePlan', 'DELETE /admin/plans/{id}', {
    summary: 'Deletes a plan no family has bought (administrators only)',
    description: 'A plan with any order answers 409 `in_use`: retire it instead (PATCH `active: false`).',
    access: 'admin',
    params,
    status: 200,
    response: z.object({ deleted: z.literal(true), id: z.string() }).meta({ id: 'PlanDeleted' }),
    returns: 'The plan is deleted',
    errors: [409],
  }),
};
