import type { OpenAPIHono } from '@hono/zod-openapi';
import { countChildren, deleteChild } from '~/features/family/children.server';
import { emailInUse } from '~/features/family/family.server';
import { recordAudit } from '~/platform/admin/audit.server';
import { DomainError, notFound } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { IdentityUnavailableError } from '~/platform/identity/identity.server';
import { EmailExistsError, InvalidEmailError } from '~/platform/identity/signInAccounts.server';
import { getStorage } from '~/platform/storage/index.server';
import { adminApi as api } from './admin.api';
import {
  adminUserById,
  adminUserOf,
  changeUser,
  findUser,
  insertAccount,
  listUsers,
  userView,
} from './users.server';

const emailTaken = () =>
  new DomainError('email_in_use', 'An account with this email address already exists.', {
    email: 'Already used by another account: find it in the accounts list.',
  });
const identityDown = () =>
  new DomainError(
    'unavailable',
    'The sign-in service could not be reached. Nothing was created; please try again in a moment.',
    undefined,
    { 'Retry-After': '30' },
  );

/** Administrators only: accounts: list, create, manage, view (the admin console). */
export function adminUsersRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.users, async (c) => c.json(await listUsers(deps.db, c.req.valid('query')), 200));

  route(app, deps, api.createUser, async (c) => {
    const input = c.req.valid('json');
    const actor = c.get('user');
    if (await emailInUse(deps.db, input.email)) throw emailTaken();
    let signIn: { uid: string; idToken: string };
    try {
      signIn = await deps.signInAccounts.create(input);
    } catch (error) {
      if (error instanceof EmailExistsError) throw emailTaken();
      if (error instanceof InvalidEmailError) {
        throw new DomainError('validation_failed', 'The sign-in service refused this address.', {
          email: 'Enter a full email address, like name@example.com.',
        });
      }
      if (error instanceof IdentityUnavailableError) throw identityDown();
      throw error;
    }
    const user = await insertAccount(deps.db, actor.id, {
      firebaseUid: signIn.uid,
      email: input.email,
      displayName: input.displayName,
      role: input.role,
    });
    deps.logger.info(
      { userId: user.id, role: user.role, by: actor.id },
      'account created by an administrator',
    );
    // The account exists whatever happens now; a failed email is said, and can be sent again.
    const passwordLinkSent = await deps.signInAccounts.sendPasswordLink(user.email).then(
      () => true,
      (error: unknown) => {
        deps.logger.warn(
          { userId: user.id, errorName: (error as Error).name },
          'set-password email not sent',
        );
        return false;
      },
    );
    return c.json({ user: adminUserOf(user, 0), passwordLinkSent }, 201);
  });

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
    const user = await findUser(deps.db, c.req.valid('param').id);
    if (!user) throw notFound('That account');
    try {
      await deps.signInAccounts.sendPasswordLink(user.email);
    } catch (error) {
      deps.logger.warn({ userId: user.id, errorName: (error as Error).name }, 'set-password email not sent');
      throw new DomainError(
        'unavailable',
        'The email could not be sent just now. Please try again.',
        undefined,
        {
          'Retry-After': '30',
        },
      );
    }
    // Sent by the sign-in service, outside our database: recorded once it has gone.
    await recordAudit(deps.db, c.get('user').id, 'user.password_link', user.id, { email: user.email });
    return c.json({ sent: true as const }, 200);
  });

  route(app, deps, api.deleteChild, async (c) => {
    const { id, childId } = c.req.valid('param');
    const actor = c.get('user');
    if (!(await adminUserById(deps.db, id))) throw notFound('That account');
    const removed = await deleteChild(deps.db, deps.storage ?? getStorage(), id, childId, (tx) =>
      // The child's id only: a removed child's name is not kept, not even in the log.
      recordAudit(tx, actor.id, 'user.child.delete', id, { childId }),
    );
    if (!removed) throw notFound('That child');
    const view = await userView(deps.db, id, actor.id);
    if (!view) throw notFound('That account');
    return c.json(view, 200);
  });
}
