import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { DomainError, notFound } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { errorResponses, json } from '~/platform/http/contract';
import { requireAccount } from '~/platform/http/middleware.server';
import { getStorage } from '~/platform/storage/index.server';
import { deleteFamilySchema, parentUpdateSchema, RECENT_SIGN_IN_SECONDS } from './family.schema';
import { deleteFamily, exportFamily, updateParent, userDto } from './family.server';
import { userSchema } from './user.schema';

/** The signed-in family's own things: notifications, details, children, export and deletion. */
export function familyRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const account = requireAccount(deps);

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/me',
      summary: "Changes the parent's details",
      operationId: 'updateMyAccount',
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
      method: 'get',
      path: '/me/export',
      summary: 'Everything kept about the family, as a JSON file (download)',
      operationId: 'exportMyData',
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
      operationId: 'deleteMyAccount',
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
        throw new DomainError(
          'reauthentication_required',
          'For your safety, enter your password again before deleting your family’s account.',
        );
      }
      await deleteFamily(deps.db, deps.storage ?? getStorage(), c.get('user'));
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
