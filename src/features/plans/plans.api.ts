import * as z from 'zod';
import { adminPageSchema } from '~/platform/admin/list.schema';
import { contract } from '~/platform/http/contract';
import { recordContracts } from '~/platform/http/recordContracts';
import { adminPlanSchema, adminPlansQuerySchema, planInputSchema, planPatchSchema } from './admin.schema';
import { planSchema } from './plans.schema';

const adminPlans = recordContracts('/admin/plans', 'admin');

/** The plans families can buy, and the admin console's plans. */
export const plansApi = {
  list: contract('listPlans', 'GET /plans', {
    summary: 'The plans families can buy now, cheapest first (public)',
    access: 'public',
    status: 200,
    response: z.array(planSchema),
    returns: 'Active plans',
  }),
  adminList: adminPlans.list('adminListPlans', {
    summary: 'Every plan, active and retired, with its number of orders (administrators only)',
    query: adminPlansQuerySchema,
    response: adminPageSchema(adminPlanSchema, 'AdminPlanPage'),
    returns: 'A page of plans',
  }),
  adminCreate: adminPlans.create('adminCreatePlan', {
    summary: 'Creates a plan (administrators only)',
    description: '`priceCents` is a whole number of cents: 19999 is $199.99; 199.99 is refused.',
    body: planInputSchema,
    response: adminPlanSchema,
    returns: 'The new plan',
  }),
  adminGet: adminPlans.get('adminGetPlan', {
    summary: 'One plan, active or retired (administrators only)',
    response: adminPlanSchema,
    returns: 'The plan',
  }),
  adminUpdate: adminPlans.update('adminUpdatePlan', {
    summary: 'Changes a plan; `active: false` retires it (administrators only)',
    description: 'Orders keep the amount they were paid: a new price applies to new orders only.',
    body: planPatchSchema,
    response: adminPlanSchema,
    returns: 'The plan as saved',
  }),
  adminDelete: adminPlans.delete('adminDeletePlan', {
    summary: 'Deletes a plan no family has bought (administrators only)',
    description: 'A plan with any order answers 409 `in_use`: retire it instead (PATCH `active: false`).',
    status: 200,
    response: z.object({ deleted: z.literal(true), id: z.string() }).meta({ id: 'PlanDeleted' }),
    returns: 'The plan is deleted',
    errors: [409],
  }),
};
