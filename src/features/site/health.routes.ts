import type { OpenAPIHono } from '@hono/zod-openapi';
import { databaseIsReady } from '~/platform/db/client.server';
import { DomainError } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { siteApi as api } from './site.api';

export function healthRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.health, async (c) => {
    if (!(await databaseIsReady(deps.db)))
      throw new DomainError('unavailable', 'The database is not ready yet.');
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' as const, database: deps.databaseKind }, 200);
  });
}
