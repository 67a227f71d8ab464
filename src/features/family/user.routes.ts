import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { signInRateLimit } from '~/platform/http/middleware.server';
import { route } from '~/platform/http/route.server';
import { familyApi as api } from './family.api';
import { userDto } from './family.server';
import { signInOrRegister } from './signIn.server';

export function userRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(
    app,
    deps,
    api.loginRegister,
    async (c) => {
      const { user, created } = await signInOrRegister(deps, c.get('identity'), c.req.valid('json') ?? {});
      const data = user ? await userDto(deps.db, user) : null;
      return c.json({ success: true as const, data }, created ? 201 : 200);
    },
    // Failed attempts count per address, sign-ins per account: junk never locks out a real sign-in.
    { before: [signInRateLimit(deps, deps.settings.AUTH_RATE_LIMIT_PER_MINUTE)] },
  );

  route(app, deps, api.me, async (c) => c.json(await userDto(deps.db, c.get('user')), 200));
}
