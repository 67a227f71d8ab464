import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiDeps, ApiEnv } from '../context';

/** Administrators only: books and read-aloud passages (the admin console). Every route sits under /api/admin and uses requireAdmin. */
export function adminCatalogueRoutes(_app: OpenAPIHono<ApiEnv>, _deps: ApiDeps) {}
