import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiDeps, ApiEnv } from '../context';

/** Administrators only: blog review and writing (the admin console). Every route sits under /api/admin and uses requireAdmin. */
export function adminBlogsRoutes(_app: OpenAPIHono<ApiEnv>, _deps: ApiDeps) {}
