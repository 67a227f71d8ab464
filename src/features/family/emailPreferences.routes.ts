import type { OpenAPIHono } from '@hono/zod-openapi';
import { readBody } from '~/platform/http/body';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { emailPreferencesApi as api } from './emailPreferences.api';
import { emailPreferencesOf, setEmailPreferences, unsubscribeByToken } from './emailPreferences.server';

/** The parent's email choices, and the one-click unsubscribe their messages link to. */
export function emailPreferencesRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.get, async (c) => c.json(await emailPreferencesOf(deps.db, c.get('user').id), 200));

  route(app, deps, api.set, async (c) =>
    c.json(await setEmailPreferences(deps.db, c.get('user').id, c.req.valid('json')), 200),
  );

  route(app, deps, api.unsubscribe, async (c) => {
    // RFC 8058's body ("List-Unsubscribe=One-Click") says nothing more than the address: read, not used.
    await readBody(c.req.raw, 1024, 'This is not an unsubscribe request.');
    const { token, list } = c.req.valid('query');
    await unsubscribeByToken(deps.db, token, list);
    return c.json({ unsubscribed: true as const }, 200);
  });
}
