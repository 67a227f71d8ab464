import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { notFound } from '~/platform/errors';
import { uuidSchema } from '~/platform/http/common.schema';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { errorResponses, json } from '~/platform/http/contract';
import { requireAdmin } from '~/platform/http/middleware.server';
import {
  adminInquiryPageSchema,
  adminInquiryQuerySchema,
  adminInquirySchema,
  adminInquiryUpdateSchema,
} from './admin.schema';
import { findInquiry, listInquiries, updateInquiry } from './admin.server';

const idParams = z.object({ id: uuidSchema });

/** Administrators only: inquiries (the admin console). Every route sits under /api/admin and uses requireAdmin. */
export function adminInquiriesRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/inquiries',
      summary: 'Messages from the contact form, newest first, by status (administrators only)',
      operationId: 'adminListInquiries',
      security: [{ bearer: [] }],
      middleware: [requireAdmin(deps)] as const,
      request: { query: adminInquiryQuerySchema },
      responses: {
        200: { description: 'A page of inquiries', content: json(adminInquiryPageSchema) },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => c.json(await listInquiries(deps.db, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/inquiries/{id}',
      summary: 'One inquiry with its internal note (administrators only); reading it changes nothing',
      operationId: 'adminGetInquiry',
      security: [{ bearer: [] }],
      middleware: [requireAdmin(deps)] as const,
      request: { params: idParams },
      responses: {
        200: { description: 'The inquiry', content: json(adminInquirySchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const inquiry = await findInquiry(deps.db, c.req.valid('param').id);
      if (!inquiry) throw notFound('That inquiry');
      return c.json(inquiry, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/admin/inquiries/{id}',
      summary: 'Changes the status and/or the internal note of an inquiry (administrators only)',
      operationId: 'adminUpdateInquiry',
      security: [{ bearer: [] }],
      middleware: [requireAdmin(deps)] as const,
      request: { params: idParams, body: { content: json(adminInquiryUpdateSchema), required: true } },
      responses: {
        200: { description: 'The inquiry, changed', content: json(adminInquirySchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const inquiry = await updateInquiry(
        deps.db,
        c.get('user').id,
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      if (!inquiry) throw notFound('That inquiry');
      return c.json(inquiry, 200);
    },
  );
}
