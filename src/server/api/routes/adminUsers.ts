import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiDeps, ApiEnv } from '../context';

/** Administrators only: accounts: create, manage, view (the admin console). Every route sits under /api/admin and uses requireAdmin. */
export function adminUsersRoutes(_app: OpenAPIHono<ApiEnv>, _deps: ApiDeps) {}
