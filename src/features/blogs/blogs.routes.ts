import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { DomainError, invalid, notFound } from '~/platform/errors';
import { uuidSchema } from '~/platform/http/common.schema';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { binaryContent, errorResponses, json } from '~/platform/http/contract';
import { requireAccount, requireAdmin } from '~/platform/http/middleware.server';
import { readUpload } from '~/platform/http/uploads';
import { getStorage } from '~/platform/storage/index.server';
import { prepareWebImage } from '~/platform/storage/media.server';
import { decodeCursor } from './blogs';
import {
  blogDraftInputSchema,
  blogImageSchema,
  blogListQuerySchema,
  blogPageSchema,
  blogPostSchema,
  blogReviewInputSchema,
  blogUpdateInputSchema,
  myBlogDetailSchema,
  myBlogSchema,
} from './blogs.schema';
import {
  createDraft,
  deleteMyPost,
  getMyPost,
  getPublishedPost,
  listMyPosts,
  listPublishedPosts,
  reviewPost,
  submitPost,
  updateMyPost,
} from './blogs.server';
import { BLOG_IMAGE_TYPES, MAX_BLOG_IMAGE_BYTES, sniffImageType } from './images';

const idParams = z.object({ id: uuidSchema });

export function blogsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const account = requireAccount(deps);
  const admin = requireAdmin(deps);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/blogs',
      summary: 'Published posts, newest first, a page at a time (public)',
      operationId: 'listBlogPosts',
      security: [],
      request: { query: blogListQuerySchema },
      responses: {
        200: { description: 'One page of posts', content: json(blogPageSchema) },
        ...errorResponses(400),
      },
    }),
    async (c) => {
      const { after, limit } = c.req.valid('query');
      const cursor = after === undefined ? undefined : decodeCursor(after);
      if (after !== undefined && !cursor) {
        throw invalid({
          after: 'Not a position in the list: use the nextCursor of a previous page.',
        });
      }
      const page = await listPublishedPosts(deps.db, { after: cursor, limit });
      c.header('Cache-Control', 'public, max-age=60');
      return c.json({ posts: page.posts, nextCursor: page.nextCursor }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/blogs/{id}',
      summary: 'One published post with its sanitized HTML (public)',
      operationId: 'getBlogPost',
      security: [],
      request: { params: idParams },
      responses: {
        200: { description: 'The post', content: json(blogPostSchema) },
        ...errorResponses(400, 404),
      },
    }),
    async (c) => {
      const post = await getPublishedPost(deps.db, c.req.valid('param').id);
      // Drafts, posts in review and rejected posts are not public: the same answer as no post.
      if (!post) throw notFound('That post');
      const { updatedAt: _updatedAt, ...body } = post;
      c.header('Cache-Control', 'public, max-age=60');
      return c.json(body, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/blogs',
      summary: "The signed-in family's posts, with their review status",
      operationId: 'listMyBlogPosts',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      responses: {
        200: { description: 'Posts, last changed first', content: json(z.array(myBlogSchema)) },
        ...errorResponses(401, 403),
      },
    }),
    async (c) => c.json(await listMyPosts(deps.db, c.get('user').id), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/blogs',
      summary: 'Starts a post as a draft (the HTML is sanitized)',
      operationId: 'createMyBlogPost',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { body: { content: json(blogDraftInputSchema), required: true } },
      responses: {
        201: { description: 'The draft', content: json(myBlogSchema) },
        ...errorResponses(400, 401, 403, 404, 413),
      },
    }),
    async (c) => {
      const user = c.get('user');
      return c.json(await createDraft(deps.db, user, c.req.valid('json')), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/blogs/{id}',
      summary: "One of the signed-in family's posts, with its text, for the editor",
      operationId: 'getMyBlogPost',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: idParams },
      responses: {
        200: { description: 'The post', content: json(myBlogDetailSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const post = await getMyPost(deps.db, c.get('user').id, c.req.valid('param').id);
      // Another family's post answers exactly as a post that does not exist.
      if (!post) throw notFound('That post');
      return c.json(post, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/me/blogs/{id}',
      summary:
        'Saves changes to a draft, a post in review (it goes back to draft) or a returned post; published posts are final',
      operationId: 'updateMyBlogPost',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: idParams, body: { content: json(blogUpdateInputSchema), required: true } },
      responses: {
        200: { description: 'The saved post', content: json(myBlogDetailSchema) },
        ...errorResponses(400, 401, 403, 404, 409, 413),
      },
    }),
    async (c) => {
      const post = await updateMyPost(
        deps.db,
        c.get('user').id,
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      return c.json(post, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/me/blogs/{id}',
      summary: 'Deletes a draft or a returned post',
      operationId: 'deleteMyBlogPost',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: idParams },
      responses: {
        204: { description: 'Deleted' },
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      await deleteMyPost(deps.db, c.get('user').id, c.req.valid('param').id);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/blog-images',
      summary:
        'Uploads a picture for a post (JPEG, PNG or WebP, at most 5 MB, as the raw body); it is stored as WebP, resized to fit 1600 px, without its metadata',
      operationId: 'uploadBlogImage',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: {
        body: {
          required: true,
          content: binaryContent(Object.keys(BLOG_IMAGE_TYPES)),
        },
      },
      responses: {
        201: {
          description: 'Where the picture is served: insert it in the post',
          content: json(blogImageSchema),
        },
        ...errorResponses(400, 401, 403, 413),
      },
    }),
    async (c) => {
      const upload = await readUpload(c, {
        types: Object.keys(BLOG_IMAGE_TYPES),
        maxBytes: MAX_BLOG_IMAGE_BYTES,
        what: 'picture',
      });
      // The declared type must be what the bytes are: no HTML or SVG dressed up as a photo.
      if (sniffImageType(upload.bytes) !== upload.type) {
        throw new DomainError('validation_failed', 'This file is not the picture it says it is.', {
          body: 'The file is not a JPEG, PNG or WebP picture.',
        });
      }
      // Resized for the web, as WebP, without the camera's metadata (place, time, device).
      const picture = await prepareWebImage(upload.bytes);
      const key = `blog/${crypto.randomUUID()}.webp`;
      await (deps.storage ?? getStorage()).put(key, picture.bytes);
      return c.json({ url: `/media/${key}` }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/me/blogs/{id}/submit',
      summary: 'Sends a draft (or a rejected post, changed) for review',
      operationId: 'submitMyBlogPost',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: idParams },
      responses: {
        200: { description: 'The post, now waiting for review', content: json(myBlogSchema) },
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      return c.json(await submitPost(deps.db, c.get('user').id, c.req.valid('param').id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/admin/blogs/{id}/review',
      summary: 'Approves (publishes) or rejects a submitted post (administrators)',
      operationId: 'adminReviewBlogPost',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { params: idParams, body: { content: json(blogReviewInputSchema), required: true } },
      responses: {
        200: { description: 'The reviewed post', content: json(myBlogSchema) },
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const post = await reviewPost(deps.db, c.get('user').id, c.req.valid('param').id, c.req.valid('json'));
      return c.json(post, 200);
    },
  );
}
