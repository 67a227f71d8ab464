import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiDeps, ApiEnv } from '../context';

/**
 * The account list moved to adminUsers.ts with the rest of the accounts section. This empty
 * module stays only because app.ts still calls it: remove both together.
 */
export function adminRoutes(_app: OpenAPIHono<ApiEnv>, _deps: ApiDeps) {}
