import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { notFound } from '~/platform/errors';
import { uuidSchema } from '~/platform/http/common.schema';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { errorResponses, json } from '~/platform/http/contract';
import { requireAccount } from '~/platform/http/middleware.server';
import { ownChildOr404 } from '~/platform/identity/accounts.server';
import {
  markReadSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  unreadCountSchema,
} from './notifications.schema';
import { listNotifications, markRead, notificationBelongsTo, unreadCount } from './notifications.server';

const childParams = z.object({ id: uuidSchema });

/** The family's notifications: kept per child, counted per family for the navbar. */
export function notificationsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const account = requireAccount(deps);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/notifications/unread',
      summary: "Unread notifications over the family's children (what the navbar counts; polled)",
      operationId: 'getUnreadNotificationCount',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      responses: {
        200: { description: 'The count', content: json(unreadCountSchema) },
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      const user = c.get('user');
      return c.json({ userId: user.id, ...(await unreadCount(deps.db, user.id)) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/children/{id}/notifications',
      summary: "One child's notifications, newest first, a page at a time",
      operationId: 'listChildNotifications',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: childParams, query: notificationListQuerySchema },
      responses: {
        200: { description: 'A page of notifications', content: json(notificationPageSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const child = await ownChildOr404(deps.db, c.get('user').id, c.req.valid('param').id);
      const { before, limit } = c.req.valid('query');
      return c.json(await listNotifications(deps.db, child.id, { before, limit }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/children/{id}/notifications/read',
      summary: 'Marks one notification of the child as read, or all of them without an id',
      operationId: 'markNotificationsRead',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: childParams, body: { content: json(markReadSchema), required: true } },
      responses: {
        200: { description: 'How many were marked', content: json(z.object({ marked: z.int() })) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const child = await ownChildOr404(deps.db, c.get('user').id, c.req.valid('param').id);
      const { notificationId } = c.req.valid('json');
      if (notificationId && !(await notificationBelongsTo(deps.db, child.id, notificationId))) {
        throw notFound('That notification');
      }
      return c.json({ marked: await markRead(deps.db, child.id, notificationId) }, 200);
    },
  );
}
