import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { enrolmentDetail } from './adminEnrolment.server';
import { adminEnrolmentsApi as api } from './adminEnrolments.api';
import { listEnrolments, TEAM_SCOPE } from './adminEnrolments.server';

/** Administrators only: the enrolled children and their weekly plans, read-only (the team sees every child). */
export function adminEnrolmentsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.list, async (c) =>
    c.json(await listEnrolments(deps.db, c.req.valid('query'), { scope: TEAM_SCOPE }), 200),
  );

  route(app, deps, api.detail, async (c) =>
    c.json(await enrolmentDetail(deps.db, c.req.valid('param').id, { scope: TEAM_SCOPE }), 200),
  );
}
