import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { adminApi as api } from './admin.api';
import { emailOutbox, retryOutboxEmail } from './emails.server';
import { jobsOverview, retryJob } from './jobs.server';

/** Administrators only: the background jobs and the outbox of email, and a retry for what failed. */
export function adminJobsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.jobs, async (c) => c.json(await jobsOverview(deps.jobs, deps.logger), 200));

  route(app, deps, api.retryJob, async (c) =>
    c.json(await retryJob({ ...deps, jobs: deps.jobs }, c.get('user').id, c.req.valid('param')), 200),
  );

  route(app, deps, api.emails, async (c) => c.json(await emailOutbox(deps.db), 200));

  route(app, deps, api.retryEmail, async (c) =>
    c.json(await retryOutboxEmail(deps.db, c.get('user').id, c.req.valid('param').id), 200),
  );
}
