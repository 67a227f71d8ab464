import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFound } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { provenEmailOf } from '~/platform/identity/accounts.server';
import { getStorage } from '~/platform/storage/index.server';
import { deleteOwnFamily } from './deletion.server';
import { familyApi as api } from './family.api';
import { updateParent, userDto } from './family.server';
import { exportFamily } from './familyExport.server';

/** The signed-in family's own things: notifications, details, children, export and deletion. */
export function familyRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.updateMe, async (c) => {
    const updated = await updateParent(deps.db, c.get('user').id, c.req.valid('json'));
    if (!updated) throw notFound('Your account');
    return c.json(await userDto(deps.db, updated), 200);
  });

  route(app, deps, api.exportMine, async (c) => {
    const data = await exportFamily(deps.db, c.get('user'), {
      provenEmail: provenEmailOf(c.get('identity'), c.get('user')),
    });
    c.header(
      'Content-Disposition',
      `attachment; filename="quillreads-family-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    return c.json(data as Record<string, unknown>, 200);
  });

  route(app, deps, api.deleteMe, async (c) => {
    const token = (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '');
    await deleteOwnFamily(
      {
        db: deps.db,
        storage: deps.storage ?? getStorage(),
        logger: deps.logger,
        endRenewals: deps.endRenewals,
      },
      {
        user: c.get('user'),
        identity: c.get('identity'),
        deleteSignIn: () => deps.deleteSignInAccount(token),
        requestId: c.get('requestId'),
      },
    );
    return c.json({ deleted: true as const }, 200);
  });
}
