import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFound } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { getStorage } from '~/platform/storage/index.server';
import { createTeamPost, editPost, getAdminPost, listAdminPosts } from './admin.server';
import { blogsApi as api } from './blogs.api';

/** Administrators only: blog review and writing (the admin console). Every route sits under /api/admin and uses requireAdmin. */
export function adminBlogsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.adminList, async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listAdminPosts(deps.db, c.req.valid('query')), 200);
  });

  route(app, deps, api.adminGet, async (c) => {
    const post = await getAdminPost(deps.db, c.req.valid('param').id);
    if (!post) throw notFound('That post');
    c.header('Cache-Control', 'private, no-store');
    return c.json(post, 200);
  });

  route(app, deps, api.adminCreate, async (c) => {
    const id = await createTeamPost(deps.db, c.get('user'), c.req.valid('json'));
    const post = await getAdminPost(deps.db, id);
    if (!post) throw notFound('That post');
    return c.json(post, 201);
  });

  route(app, deps, api.adminUpdate, async (c) => {
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
  });
}
