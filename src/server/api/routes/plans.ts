import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { asc, eq } from 'drizzle-orm';
import * as z from 'zod';
import { planSchema } from '~/lib/schemas/plans';
import { plans } from '../../db/schema';
import type { ApiDeps, ApiEnv } from '../context';

export function plansRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/plans',
      summary: 'The plans families can buy now, cheapest first (public)',
      responses: {
        200: {
          description: 'Active plans',
          content: { 'application/json': { schema: z.array(planSchema) } },
        },
      },
    }),
    async (c) => {
      const rows = await deps.db
        .select()
        .from(plans)
        .where(eq(plans.active, true))
        .orderBy(asc(plans.priceCents), asc(plans.name));
      // Public and the same for everyone: a shared cache may keep it briefly.
      c.header('Cache-Control', 'public, max-age=60');
      return c.json(
        rows.map((p) => ({
          _id: p.id,
          name: p.name,
          durationMonths: p.durationMonths,
          priceCents: p.priceCents,
          currency: p.currency,
          description: p.description,
        })),
        200,
      );
    },
  );
}
