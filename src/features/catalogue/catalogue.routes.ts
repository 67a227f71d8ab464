import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { adminBookRoutes } from './adminBooks.routes';
import { adminPassageRoutes } from './adminPassages.routes';
import { searchBooks } from './books.server';
import { catalogueApi as api } from './catalogue.api';

/**
 * The book catalogue: the public search families use when they log a book, and the admin console's
 * books and read-aloud passages (every admin route sits under /api/admin and uses requireAdmin).
 */
export function catalogueRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.search, async (c) => {
    const { q, limit } = c.req.valid('query');
    // The same for everyone and rarely changed: shared caches may keep it for a few minutes.
    c.header('Cache-Control', 'public, max-age=300, stale-while-revalidate=3600');
    return c.json({ books: await searchBooks(deps.db, q, limit) }, 200);
  });
  adminBookRoutes(app, deps);
  adminPassageRoutes(app, deps);
}
