import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiDeps, ApiEnv } from '../context';

/** Administrators only: podcast episodes (the admin console). Every route sits under /api/admin and uses requireAdmin. */
export function adminPodcastRoutes(_app: OpenAPIHono<ApiEnv>, _deps: ApiDeps) {}
