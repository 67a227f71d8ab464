import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import { and, count, eq, type SQL } from 'drizzle-orm';
import { adminPageSchema } from '~/platform/admin/list.schema';
import { containsSearch, countRows, orderOf, pageOf, pageWindow } from '~/platform/admin/list.server';
import { auditLog, blogs, inquiries, users } from '~/platform/db/schema.server';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { errorResponses, json } from '~/platform/http/contract';
import { requireAdmin } from '~/platform/http/middleware.server';
import { adminCountsSchema, auditEntrySchema, auditQuerySchema } from './admin.schema';

/** Administrators only: the audit log, and the counts of what waits for the team. */
export function adminAuditRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/audit',
      summary: 'The audit log: who changed what, and when (administrators only)',
      operationId: 'adminListAuditLog',
      security: [{ bearer: [] }],
      middleware: [requireAdmin(deps)] as const,
      request: { query: auditQuerySchema },
      responses: {
        200: {
          description: 'A page of the log',
          content: json(adminPageSchema(auditEntrySchema, 'AuditPage')),
        },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      const { q, sort, dir, page, limit, entity, entityId } = c.req.valid('query');
      const filters: (SQL | undefined)[] = [
        containsSearch(q, [auditLog.action, auditLog.entity, auditLog.entityId, auditLog.details]),
        entity ? eq(auditLog.entity, entity) : undefined,
        entityId ? eq(auditLog.entityId, entityId) : undefined,
      ];
      const where = and(...filters);
      const column = { createdAt: auditLog.createdAt, action: auditLog.action, entity: auditLog.entity }[
        sort
      ];
      const rows = await deps.db
        .select({ entry: auditLog, actorEmail: users.email })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        .orderBy(...orderOf(column, dir, auditLog.id))
        .limit(pageWindow(page, limit).limit)
        .offset(pageWindow(page, limit).offset);
      const total = await countRows(deps.db, auditLog, where);
      const items = rows.map(({ entry, actorEmail }) => ({
        id: entry.id,
        actorId: entry.actorId,
        actorEmail,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId,
        details: (entry.details ?? {}) as Record<string, unknown>,
        createdAt: entry.createdAt.toISOString(),
      }));
      return c.json(pageOf(items, total, page, limit), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/counts',
      summary: 'What waits for the team: submitted posts and new inquiries (administrators only)',
      operationId: 'adminGetCounts',
      security: [{ bearer: [] }],
      middleware: [requireAdmin(deps)] as const,
      responses: {
        200: { description: 'The counts', content: json(adminCountsSchema) },
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      const [[waiting], [fresh]] = await Promise.all([
        deps.db.select({ n: count() }).from(blogs).where(eq(blogs.status, 'submitted')),
        deps.db.select({ n: count() }).from(inquiries).where(eq(inquiries.status, 'new')),
      ]);
      return c.json({ blogsWaiting: Number(waiting?.n ?? 0), inquiriesNew: Number(fresh?.n ?? 0) }, 200);
    },
  );
}
