import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { guideAdminApi as api } from './guideAdmin.api';
import { assignGuide, listGuides, setCapacity } from './guideAdmin.server';

/** Administrators only: the guides, their capacity, and the assignments. */
export function guideAdminRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.list, async (c) => c.json(await listGuides(deps.db), 200));

  route(app, deps, api.change, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await setCapacity(deps.db, c.get('user').id, id, c.req.valid('json').capacity), 200);
  });

  route(app, deps, api.assign, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await assignGuide(deps.db, c.get('user').id, id, c.req.valid('json').guideId), 200);
  });
}
