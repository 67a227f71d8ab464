import type { OpenAPIHono } from '@hono/zod-openapi';
import { invalid, notFound } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { readUpload } from '~/platform/http/uploads';
import { getStorage } from '~/platform/storage/index.server';
import { uploadQuotas } from '~/platform/storage/quotas.server';
import { reviewPost } from './adminReview.server';
import { storeBlogImage } from './blogImages.server';
import { decodeCursor } from './blogs';
import { blogsApi as api } from './blogs.api';
import { getPublishedPost, listPublishedPosts } from './blogs.server';
import { BLOG_IMAGE_TYPES, MAX_BLOG_IMAGE_BYTES } from './images';
import {
  createDraft,
  deleteMyPost,
  getMyPost,
  listMyPosts,
  submitPost,
  updateMyPost,
} from './myBlogs.server';

export function blogsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  // Read now, as the API is built: a bad quota setting stops the server at start.
  uploadQuotas();
  readerRoutes(app, deps);
  authorRoutes(app, deps);
  reviewRoutes(app, deps);
}

/** The public blog: a page of published posts, and one post. */
function readerRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.list, async (c) => {
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
  });

  route(app, deps, api.get, async (c) => {
    const post = await getPublishedPost(deps.db, c.req.valid('param').id);
    // Drafts, posts in review and rejected posts are not public: the same answer as no post.
    if (!post) throw notFound('That post');
    const { updatedAt: _updatedAt, ...body } = post;
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(body, 200);
  });
}

/** A family's own posts: the list, drafts, changes, pictures, deletion and sending for review. */
function authorRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.myList, async (c) => c.json(await listMyPosts(deps.db, c.get('user').id), 200));

  route(app, deps, api.myCreate, async (c) => {
    const user = c.get('user');
    return c.json(await createDraft(deps.db, user, c.req.valid('json')), 201);
  });

  route(app, deps, api.myGet, async (c) => {
    const post = await getMyPost(deps.db, c.get('user').id, c.req.valid('param').id);
    // Another family's post answers exactly as a post that does not exist.
    if (!post) throw notFound('That post');
    return c.json(post, 200);
  });

  route(app, deps, api.myUpdate, async (c) => {
    const post = await updateMyPost(deps.db, c.get('user').id, c.req.valid('param').id, c.req.valid('json'));
    return c.json(post, 200);
  });

  route(app, deps, api.myDelete, async (c) => {
    await deleteMyPost(deps.db, c.get('user').id, c.req.valid('param').id);
    return c.body(null, 204);
  });

  route(app, deps, api.uploadImage, async (c) => {
    const upload = await readUpload(c, {
      types: Object.keys(BLOG_IMAGE_TYPES),
      maxBytes: MAX_BLOG_IMAGE_BYTES,
      what: 'picture',
    });
    const stored = await storeBlogImage(deps.db, deps.storage ?? getStorage(), c.get('user'), upload);
    return c.json(stored, 201);
  });

  route(app, deps, api.mySubmit, async (c) => {
    return c.json(await submitPost(deps.db, c.get('user').id, c.req.valid('param').id), 200);
  });
}

/** The team's decision on a post sent for review. */
function reviewRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.adminReview, async (c) => {
    const post = await reviewPost(deps.db, c.get('user').id, c.req.valid('param').id, c.req.valid('json'));
    return c.json(post, 200);
  });
}
