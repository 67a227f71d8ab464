import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiDeps, ApiEnv } from '../context';

/** Administrators only: events: edit, cancel, registrations (the admin console). Every route sits under /api/admin and uses requireAdmin. */
export function adminEventsRoutes(_app: OpenAPIHono<ApiEnv>, _deps: ApiDeps) {}
