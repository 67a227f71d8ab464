import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { notFound } from '~/platform/errors';
import { uuidSchema } from '~/platform/http/common.schema';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { errorResponses, json } from '~/platform/http/contract';
import { requireAdmin } from '~/platform/http/middleware.server';
import { getStorage } from '~/platform/storage/index.server';
import {
  adminBlogCreateSchema,
  adminBlogDetailSchema,
  adminBlogPageSchema,
  adminBlogQuerySchema,
  adminBlogUpdateSchema,
} from './admin.schema';
import { createTeamPost, editPost, getAdminPost, listAdminPosts } from './admin.server';

const idParams = z.object({ id: uuidSchema });
/** Administrators only: blog review and writing (the admin console). Every route sits under /api/admin and uses requireAdmin. */
export function adminBlogsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const admin = requireAdmin(deps);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/blogs',
      summary:
        'Posts by status (submitted by default, oldest submitted first), searched by title or author (administrators only)',
      operationId: 'adminListBlogPosts',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { query: adminBlogQuerySchema },
      responses: {
        200: { description: 'A page of posts', content: json(adminBlogPageSchema) },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => {
      c.header('Cache-Control', 'private, no-store');
      return c.json(await listAdminPosts(deps.db, c.req.valid('query')), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/blogs/{id}',
      summary: 'One post of any status, with its sanitized HTML and review details (administrators only)',
      operationId: 'adminGetBlogPost',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { params: idParams },
      responses: {
        200: { description: 'The post', content: json(adminBlogDetailSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const post = await getAdminPost(deps.db, c.req.valid('param').id);
      if (!post) throw notFound('That post');
      c.header('Cache-Control', 'private, no-store');
      return c.json(post, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/admin/blogs',
      summary:
        'Writes a post by the team: published at once (publish: true) or kept as a team draft (administrators only)',
      operationId: 'adminCreateBlogPost',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { body: { content: json(adminBlogCreateSchema), required: true } },
      responses: {
        201: { description: 'The new post', content: json(adminBlogDetailSchema) },
        ...errorResponses(400, 401, 403, 413),
      },
    }),
    async (c) => {
      const id = await createTeamPost(deps.db, c.get('user'), c.req.valid('json'));
      const post = await getAdminPost(deps.db, id);
      if (!post) throw notFound('That post');
      return c.json(post, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/admin/blogs/{id}',
      summary:
        'Corrects a post waiting for review, or saves (publish: true publishes) a team draft; published, returned and families’ drafts are refused with 409 (administrators only)',
      operationId: 'adminUpdateBlogPost',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { params: idParams, body: { content: json(adminBlogUpdateSchema), required: true } },
      responses: {
        200: { description: 'The saved post', content: json(adminBlogDetailSchema) },
        ...errorResponses(400, 401, 403, 404, 409, 413),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const result = await editPost(deps.db, c.get('user').id, id, input);
      const post = await getAdminPost(deps.db, id);
      if (!post) throw notFound('That post');
      // A replaced cover was uploaded for this post alone: removed, unless the text shows it too.
      const old = result.oldCoverPath;
      if (old?.startsWith('blog/') && old !== result.coverPath && !post.contentHtml.includes(old)) {
        await (deps.storage ?? getStorage()).delete(old).catch(() => {});
      }
      return c.json(post, 200);
    },
  );
}
