import type { OpenAPIHono } from '@hono/zod-openapi';
import { DomainError } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { signInRateLimit } from '~/platform/http/middleware.server';
import { route } from '~/platform/http/route.server';
import { findUserByFirebaseUid } from '~/platform/identity/accounts.server';
import { familyApi as api } from './family.api';
import { createUser, emailInUse, userDto } from './family.server';

export function userRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(
    app,
    deps,
    api.loginRegister,
    async (c) => {
      const identity = c.get('identity');
      const body = c.req.valid('json') ?? {};
      if (body.uid !== undefined && body.uid !== identity.uid) {
        throw new DomainError('validation_failed', 'The user in the body is not the signed-in user.', {
          uid: 'Does not match the signed-in user.',
        });
      }

      const existing = await findUserByFirebaseUid(deps.db, identity.uid);
      if (existing) {
        if (existing.disabled)
          throw new DomainError('account_disabled', 'This account has been disabled. Contact us for help.');
        return c.json({ success: true as const, data: await userDto(deps.db, existing) }, 200);
      }
      if (!body.registration) return c.json({ success: true as const, data: null }, 200);

      if (!identity.email) {
        throw new DomainError(
          'validation_failed',
          'Your sign-in has no email address; use an email sign-in.',
          {
            email: 'Your sign-in has no email address.',
          },
        );
      }
      const emailConflict = () =>
        new DomainError(
          'conflict',
          'An account with this email address already exists. Sign in with it instead.',
          {
            email: 'Already used by another account.',
          },
        );
      if (await emailInUse(deps.db, identity.email)) {
        // A double click: the other request of this same sign-in may have just created the account.
        const mine = await findUserByFirebaseUid(deps.db, identity.uid);
        if (mine) return c.json({ success: true as const, data: await userDto(deps.db, mine) }, 200);
        throw emailConflict();
      }
      // The first administrators come from configuration, never from the request, and only for an
      // email the identity service has verified: anyone can type an address into a sign-up form.
      const role =
        identity.emailVerified && deps.settings.ADMIN_EMAILS.includes(identity.email) ? 'admin' : 'parent';
      const result = await createUser(deps.db, {
        firebaseUid: identity.uid,
        email: identity.email,
        displayName: body.registration.displayName,
        role,
      });
      if ('conflict' in result) throw emailConflict();
      if (result.created) deps.logger.info({ userId: result.user.id, role }, 'account created');
      return c.json(
        { success: true as const, data: await userDto(deps.db, result.user) },
        result.created ? 201 : 200,
      );
    },
    // Failed attempts count per address, sign-ins per account: junk never locks out a real sign-in.
    { before: [signInRateLimit(deps, deps.settings.AUTH_RATE_LIMIT_PER_MINUTE)] },
  );

  route(app, deps, api.me, async (c) => c.json(await userDto(deps.db, c.get('user')), 200));
}
