import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFound } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { findInquiry, listInquiries, updateInquiry } from './admin.server';
import { inquiriesApi as api } from './inquiries.api';

/** Administrators only: inquiries (the admin console). Every route sits under /api/admin and uses requireAdmin. */
export function adminInquiriesRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.adminList, async (c) =>
    c.json(await listInquiries(deps.db, c.req.valid('query')), 200),
  );

  route(app, deps, api.adminGet, async (c) => {
    const inquiry = await findInquiry(deps.db, c.req.valid('param').id);
    if (!inquiry) throw notFound('That inquiry');
    return c.json(inquiry, 200);
  });

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
