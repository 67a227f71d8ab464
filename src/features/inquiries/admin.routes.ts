import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFound } from '~/platform/errors';
import { adminRecordRoutes } from '~/platform/http/adminRecords.server';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { findInquiry, listInquiries, updateInquiry } from './admin.server';
import { inquiriesApi as api } from './inquiries.api';

/** Administrators only: inquiries (the admin console). Every route sits under /api/admin and uses requireAdmin. */
export function adminInquiriesRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  adminRecordRoutes(app, deps, 'That inquiry', [api.adminList, listInquiries], null, [
    api.adminGet,
    findInquiry,
  ]);

  route(app, deps, api.adminUpdate, async (c) => {
    const inquiry = await updateInquiry(
      deps.db,
      c.get('user').id,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    if (!inquiry) throw notFound('That inquiry');
    return c.json(inquiry, 200);
  });
}
