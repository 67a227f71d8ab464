import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { desc, sql } from 'drizzle-orm';
import * as z from 'zod';
import { ROLES } from '~/lib/access';
import { users } from '../../db/schema';
import type { ApiDeps, ApiEnv } from '../context';
import { requireAdmin } from '../middleware';
import { errorResponses } from '../openapiHelpers';

const adminUserSchema = z
  .object({
    _id: z.string(),
    email: z.string(),
    displayName: z.string(),
    role: z.enum(ROLES),
    disabled: z.boolean(),
    childCount: z.int(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminUser' });

const listQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  /** Keyset cursor: the id of the last user of the previous page (exact, even when times tie). */
  before: z.uuid({ error: 'Must be the `next` value of a previous page.' }).optional(),
});

export function adminRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/users',
      summary: 'Accounts, newest first (administrators only)',
      security: [{ bearer: [] }],
      middleware: [requireAdmin(deps)] as const,
      request: { query: listQuery },
      responses: {
        200: {
          description: 'A page of accounts',
          content: {
            'application/json': {
              schema: z.object({ users: z.array(adminUserSchema), next: z.string().nullable() }),
            },
          },
        },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const { limit, before } = c.req.valid('query');
      const rows = await deps.db
        .select({
          id: users.id,
          email: users.email,
          displayName: users.displayName,
          role: users.role,
          disabled: users.disabled,
          createdAt: users.createdAt,
          childCount: sql<number>`(select count(*)::int from children where children.user_id = ${users.id})`,
        })
        .from(users)
        .where(
          before
            ? sql`(${users.createdAt}, ${users.id}) < (select created_at, id from users where id = ${before})`
            : undefined,
        )
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return c.json(
        {
          users: page.map((u) => ({
            _id: u.id,
            email: u.email,
            displayName: u.displayName,
            role: u.role,
            disabled: u.disabled,
            childCount: Number(u.childCount),
            createdAt: u.createdAt.toISOString(),
          })),
          next: rows.length > limit && last ? last.id : null,
        },
        200,
      );
    },
  );
}
