import type { OpenAPIHono } from '@hono/zod-openapi';
import { DomainError, notFound } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { provenEmailOf } from '~/platform/identity/accounts.server';
import { SignInTooOldError } from '~/platform/identity/identity.server';
import { getStorage } from '~/platform/storage/index.server';
import { familyApi as api } from './family.api';
import { RECENT_SIGN_IN_SECONDS } from './family.schema';
import { deleteFamily, exportFamily, updateParent, userDto } from './family.server';

const reauthenticate = () =>
  new DomainError(
    'reauthentication_required',
    'For your safety, enter your password again before deleting your family’s account.',
  );

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
    const { authTime } = c.get('identity');
    if (!authTime || Date.now() / 1000 - authTime > RECENT_SIGN_IN_SECONDS) throw reauthenticate();
    const token = (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '');
    try {
      await deleteFamily(deps.db, deps.storage ?? getStorage(), c.get('user'), {
        provenEmail: provenEmailOf(c.get('identity'), c.get('user')),
        deleteSignIn: () => deps.deleteSignInAccount(token),
        logger: deps.logger,
      });
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (error instanceof SignInTooOldError) throw reauthenticate();
      // The sign-in could not be removed (or the database failed): nothing was deleted, and the
      // parent is told so rather than told "deleted" with a sign-in left behind.
      deps.logger.error(
        { requestId: c.get('requestId'), errorName: (error as Error)?.name },
        'family not deleted',
      );
      throw new DomainError(
        'unavailable',
        'We could not delete your account just now, so nothing was deleted. Please try again.',
      );
    }
    return c.json({ deleted: true as const }, 200);
  });
}
