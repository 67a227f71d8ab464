import type { OpenAPIHono } from '@hono/zod-openapi';
import { adminRecordRoutes } from '~/platform/http/adminRecords.server';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { findInquiry, listInquiries, updateInquiry } from './admin.server';
import { inquiriesApi as api } from './inquiries.api';
import { replyToInquiry } from './replies.server';

/** Administrators only: inquiries (the admin console). Every route sits under /api/admin and uses requireAdmin. */
export function adminInquiriesRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  adminRecordRoutes(app, deps, 'That inquiry', {
    list: [api.adminList, listInquiries],
    get: [api.adminGet, findInquiry],
    update: [api.adminUpdate, updateInquiry],
  });

  route(app, deps, api.adminReply, async (c) => {
    const { id } = c.req.valid('param');
    await replyToInquiry(deps.db, c.get('user').id, id, c.req.valid('json'));
    return c.json(await findInquiry(deps.db, id), 201);
  });
}
