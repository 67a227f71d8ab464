import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { planSchema } from './plans.schema';
import { listActivePlans } from './plans.server';

export function plansRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/plans',
      summary: 'The plans families can buy now, cheapest first (public)',
      operationId: 'listPlans',
      security: [],
      responses: {
        200: {
          description: 'Active plans',
          content: { 'application/json': { schema: z.array(planSchema) } },
        },
      },
    }),
    async (c) => {
      // Public and the same for everyone: a shared cache may keep it briefly.
      c.header('Cache-Control', 'public, max-age=60');
      return c.json(await listActivePlans(deps.db), 200);
    },
  );
}
