import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFound } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { ownChildOr404 } from '~/platform/identity/accounts.server';
import { liveUnreadCounts, unreadEtag } from './live.server';
import { notificationsApi as api } from './notifications.api';
import { listNotifications, markRead, notificationBelongsTo, unreadCount } from './notifications.server';

/** The family's notifications: kept per child, counted per family for the navbar. */
export function notificationsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const live = liveUnreadCounts(deps.db, deps.live);

  route(app, deps, api.unread, async (c) => {
    const user = c.get('user');
    const unread = { userId: user.id, ...(await unreadCount(deps.db, user.id)) };
    const etag = unreadEtag(unread);
    c.header('ETag', etag);
    // The page holds this count already: nothing to send (the 304 is the contract's, not typed there).
    if (c.req.header('if-none-match') === etag) return c.body(null, 304) as never;
    return c.json(unread, 200);
  });

  // The stream is a Response of its own (text/event-stream), as the contract's document says.
  route(app, deps, api.stream, async (c) => (await live.open(c.get('user').id)) as never);

  route(app, deps, api.list, async (c) => {
    const child = await ownChildOr404(deps.db, c.get('user').id, c.req.valid('param').id);
    const { before, limit } = c.req.valid('query');
    return c.json(await listNotifications(deps.db, child.id, { before, limit }), 200);
  });

  route(app, deps, api.markRead, async (c) => {
    const child = await ownChildOr404(deps.db, c.get('user').id, c.req.valid('param').id);
    const { notificationId } = c.req.valid('json');
    if (notificationId && !(await notificationBelongsTo(deps.db, child.id, notificationId))) {
      throw notFound('That notification');
    }
    return c.json({ marked: await markRead(deps.db, child.id, notificationId) }, 200);
  });
}
