import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { databaseIsReady } from '~/platform/db/client.server';
import { DomainError } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';

const healthSchema = z
  .object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })
  .meta({ id: 'Health' });

export function healthRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/health',
      summary: 'Answers when the server and its database are ready',
      operationId: 'getHealth',
      security: [],
      responses: {
        200: { description: 'Ready', content: { 'application/json': { schema: healthSchema } } },
        503: { description: 'The database does not answer' },
      },
    }),
    async (c) => {
      if (!(await databaseIsReady(deps.db)))
        throw new DomainError('unavailable', 'The database is not ready yet.');
      c.header('Cache-Control', 'no-store');
      return c.json({ status: 'ok' as const, database: deps.databaseKind }, 200);
    },
  );
}
