import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { adminBookRoutes } from './books.routes';
import { adminPassageRoutes } from './passages.routes';

/** Administrators only: books and read-aloud passages (the admin console). Every route sits under /api/admin and uses requireAdmin. */
export function adminCatalogueRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  adminBookRoutes(app, deps);
  adminPassageRoutes(app, deps);
}
