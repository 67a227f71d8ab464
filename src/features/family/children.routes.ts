import type { OpenAPIHono } from '@hono/zod-openapi';
import type * as z from 'zod';
import { notFound } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { findOwnChild } from '~/platform/identity/accounts.server';
import { getStorage } from '~/platform/storage/index.server';
import { type childSchema, MAX_CHILDREN_PER_FAMILY } from './children.schema';
import {
  childrenDtos,
  createChildWithinLimit,
  deleteChild,
  listChildren,
  updateChild,
} from './children.server';
import { familyApi as api } from './family.api';
import { userDto } from './family.server';

export function childrenRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.children, async (c) =>
    c.json(await childrenDtos(deps.db, await listChildren(deps.db, c.get('user').id)), 200),
  );

  route(app, deps, api.createChild, async (c) => {
    const user = c.get('user');
    const child = await createChildWithinLimit(
      deps.db,
      user.id,
      c.req.valid('json'),
      MAX_CHILDREN_PER_FAMILY,
    );
    const [dto] = await childrenDtos(deps.db, [child]);
    return c.json(dto as z.infer<typeof childSchema>, 201);
  });

  route(app, deps, api.child, async (c) => {
    const child = await findOwnChild(deps.db, c.get('user').id, c.req.valid('param').id);
    if (!child) throw notFound('That child');
    const [dto] = await childrenDtos(deps.db, [child]);
    return c.json(dto as z.infer<typeof childSchema>, 200);
  });

  route(app, deps, api.updateChild, async (c) => {
    const user = c.get('user');
    const updated = await updateChild(deps.db, user.id, c.req.valid('param').id, c.req.valid('json'));
    if (!updated) throw notFound('That child');
    const [dto] = await childrenDtos(deps.db, [updated]);
    return c.json(dto as z.infer<typeof childSchema>, 200);
  });

  route(app, deps, api.deleteChild, async (c) => {
    const user = c.get('user');
    // A renewing program of the child ends at the provider first: nobody pays for a child removed.
    await deps.endRenewals?.({ userId: user.id, childId: c.req.valid('param').id });
    if (!(await deleteChild(deps.db, deps.storage ?? getStorage(), user.id, c.req.valid('param').id))) {
      throw notFound('That child');
    }
    return c.json(await userDto(deps.db, user), 200);
  });
}
