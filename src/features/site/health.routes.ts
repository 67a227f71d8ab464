import type { OpenAPIHono } from '@hono/zod-openapi';
import { databaseIsReady } from '~/platform/db/client.server';
import { DomainError } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { siteApi as api } from './site.api';

/** How long one look at the database answers health checks: probes every second stay cheap. */
export const HEALTH_CHECK_TTL_MS = 1000;

export function healthRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  // The last look at the database and when it was taken; callers at the same moment share one look.
  let last: { at: number; ready: Promise<boolean> } | undefined;
  const databaseReady = () => {
    const now = performance.now();
    if (!last || now - last.at > HEALTH_CHECK_TTL_MS) last = { at: now, ready: databaseIsReady(deps.db) };
    return last.ready;
  };

  route(app, deps, api.health, async (c) => {
    if (!(await databaseReady())) throw new DomainError('unavailable', 'The database is not ready yet.');
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' as const, database: deps.databaseKind }, 200);
  });
}
