import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { userSchema } from '~/features/account/user.schema';
import { uuidSchema } from '~/platform/http/common.schema';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { ApiError, notFound } from '~/platform/http/errors';
import { requireAccount } from '~/platform/http/middleware.server';
import { errorResponses, json } from '~/platform/http/openapi';
import { getStorage } from '~/platform/storage/index.server';
import { childInputSchema, childSchema } from './children.schema';
import {
  deleteFamilySchema,
  markReadSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  parentUpdateSchema,
  RECENT_SIGN_IN_SECONDS,
  unreadCountSchema,
} from './family.schema';
import { childrenDtos, ownChildOr404, userDto } from './family.server';
import {
  deleteChild,
  deleteFamily,
  exportFamily,
  listNotifications,
  markRead,
  notificationBelongsTo,
  unreadCount,
  updateChild,
  updateParent,
} from './familyData.server';

const childParams = z.object({ id: uuidSchema });

/** The signed-in family's own things: notifications, details, children, export and deletion. */
export function familyRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const account = requireAccount(deps);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/notifications/unread',
      summary: "Unread notifications over the family's children (what the navbar counts; polled)",
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

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/me',
      summary: "Changes the parent's details",
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { body: { content: json(parentUpdateSchema), required: true } },
      responses: {
        200: { description: 'The user, changed', content: json(userSchema) },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const updated = await updateParent(deps.db, c.get('user').id, c.req.valid('json'));
      if (!updated) throw notFound('Your account');
      return c.json(await userDto(deps.db, updated), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/children/{id}',
      summary: "Changes a child's profile",
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: childParams, body: { content: json(childInputSchema), required: true } },
      responses: {
        200: { description: 'The child, changed', content: json(childSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const user = c.get('user');
      const updated = await updateChild(deps.db, user.id, c.req.valid('param').id, c.req.valid('json'));
      if (!updated) throw notFound('That child');
      const [dto] = await childrenDtos(deps.db, [updated]);
      return c.json(dto as z.infer<typeof childSchema>, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/children/{id}',
      summary: 'Removes a child and everything about them (reading, recordings, notifications, seats)',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: childParams },
      responses: {
        200: { description: 'The family, without the child', content: json(userSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const user = c.get('user');
      if (!(await deleteChild(deps.db, deps.storage ?? getStorage(), user.id, c.req.valid('param').id))) {
        throw notFound('That child');
      }
      return c.json(await userDto(deps.db, user), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/export',
      summary: 'Everything kept about the family, as a JSON file (download)',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      responses: {
        200: { description: 'The family’s data', content: json(z.record(z.string(), z.unknown())) },
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      const data = await exportFamily(deps.db, c.get('user'));
      c.header(
        'Content-Disposition',
        `attachment; filename="quillreads-family-${new Date().toISOString().slice(0, 10)}.json"`,
      );
      return c.json(data as Record<string, unknown>, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/me',
      summary:
        'Deletes the account, the sign-in and everything about the family. Needs a sign-in from the last five minutes.',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { body: { content: json(deleteFamilySchema), required: true } },
      responses: {
        200: { description: 'Deleted', content: json(z.object({ deleted: z.literal(true) })) },
        ...errorResponses(400, 401, 403, 409),
      },
    }),
    async (c) => {
      const { authTime } = c.get('identity');
      if (!authTime || Date.now() / 1000 - authTime > RECENT_SIGN_IN_SECONDS) {
        throw new ApiError(
          401,
          'reauthentication_required',
          'For your safety, enter your password again before deleting your family’s account.',
        );
      }
      const result = await deleteFamily(deps.db, deps.storage ?? getStorage(), c.get('user'));
      if (!result.ok) {
        throw new ApiError(
          409,
          'conflict',
          'You are the last administrator: make someone else an administrator first.',
        );
      }
      const token = (c.req.header('authorization') ?? '').replace(/^Bearer\s+/i, '');
      try {
        await deps.deleteSignInAccount(token);
      } catch (error) {
        // The family's data is gone either way; the sign-in alone holds only the email address.
        deps.logger.error(
          { requestId: c.get('requestId'), err: (error as Error).name },
          'sign-in account not deleted',
        );
      }
      return c.json({ deleted: true as const }, 200);
    },
  );
}
