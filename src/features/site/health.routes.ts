import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { getStorage } from '~/platform/storage/index.server';
import { healthCheck } from './health.server';
import { siteApi as api } from './site.api';

export { HEALTH_CHECK_TTL_MS } from './health.server';

export function healthRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const checkHealth = healthCheck(deps.db, () => deps.storage ?? getStorage());
  route(app, deps, api.health, async (c) => {
    await checkHealth();
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' as const, database: deps.databaseKind }, 200);
  });
  // Alive: the process answers. Restart it only when this fails; readiness above decides traffic.
  route(app, deps, api.live, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' as const }, 200);
  });
}
