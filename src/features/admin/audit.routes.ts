import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, count, eq, type SQL } from 'drizzle-orm';
import { containsSearch, countRows, orderOf, pageOf, pageWindow } from '~/platform/admin/list.server';
import { auditLog, blogs, inquiries, users } from '~/platform/db/schema.server';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { adminApi as api } from './admin.api';

/** Administrators only: the audit log, and the counts of what waits for the team. */
export function adminAuditRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.auditLog, async (c) => {
    const { q, sort, dir, page, limit, entity, entityId } = c.req.valid('query');
    const filters: (SQL | undefined)[] = [
      containsSearch(q, [auditLog.action, auditLog.entity, auditLog.entityId, auditLog.details]),
      entity ? eq(auditLog.entity, entity) : undefined,
      entityId ? eq(auditLog.entityId, entityId) : undefined,
    ];
    const where = and(...filters);
    const column = { createdAt: auditLog.createdAt, action: auditLog.action, entity: auditLog.entity }[sort];
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
  });

  route(app, deps, api.counts, async (c) => {
    const [[waiting], [fresh]] = await Promise.all([
      deps.db.select({ n: count() }).from(blogs).where(eq(blogs.status, 'submitted')),
      deps.db.select({ n: count() }).from(inquiries).where(eq(inquiries.status, 'new')),
    ]);
    return c.json({ blogsWaiting: Number(waiting?.n ?? 0), inquiriesNew: Number(fresh?.n ?? 0) }, 200);
  });
}
