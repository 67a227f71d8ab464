import type { OpenAPIHono } from '@hono/zod-openapi';
import { countChildren } from '~/features/family/children.server';
import { notFound } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { getStorage } from '~/platform/storage/index.server';
import { createAccount, removeChildOf, sendPasswordLink } from './accounts.server';
import { adminApi as api } from './admin.api';
import { adminUserOf, changeUser, listUsers, userView } from './users.server';

/** Administrators only: accounts: list, create, manage, view (the admin console). */
export function adminUsersRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.users, async (c) => c.json(await listUsers(deps.db, c.req.valid('query')), 200));

  route(app, deps, api.createUser, async (c) =>
    c.json(await createAccount(deps, c.get('user').id, c.req.valid('json')), 201),
  );

  route(app, deps, api.user, async (c) => {
    const view = await userView(deps.db, c.req.valid('param').id, c.get('user').id);
    if (!view) throw notFound('That account');
    return c.json(view, 200);
  });

  route(app, deps, api.updateUser, async (c) => {
    const { id } = c.req.valid('param');
    const user = await changeUser(deps.db, c.get('user').id, id, c.req.valid('json'));
    return c.json(adminUserOf(user, await countChildren(deps.db, id)), 200);
  });

  route(app, deps, api.sendPasswordLink, async (c) => {
    await sendPasswordLink(deps, c.get('user').id, c.req.valid('param').id);
    return c.json({ sent: true as const }, 200);
  });

  route(app, deps, api.deleteChild, async (c) =>
    c.json(
      await removeChildOf(
        { db: deps.db, storage: deps.storage ?? getStorage(), endRenewals: deps.endRenewals },
        c.get('user').id,
        c.req.valid('param'),
      ),
      200,
    ),
  );
}
