import type { OpenAPIHono } from '@hono/zod-openapi';
import { recordAudit } from '~/platform/admin/audit.server';
import { DomainError } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import type { JobConsole, JobFailure } from '~/platform/jobs/queue.server';
import { adminApi as api } from './admin.api';
import { type JobFailureDto, type JobsOverview, RECENT_FAILURES } from './jobs.schema';

const iso = (time: Date | null) => time?.toISOString() ?? null;

const failureDto = (job: JobFailure): JobFailureDto => ({
  id: job.id,
  state: job.state,
  key: job.key,
  data: job.data,
  error: job.error,
  retryCount: job.retryCount,
  retryLimit: job.retryLimit,
  createdAt: job.createdAt.toISOString(),
  startedAt: iso(job.startedAt),
  failedAt: iso(job.failedAt),
  nextAttemptAt: iso(job.nextAttemptAt),
});

/** Each queue's counts and latest failures; `running: false` where this server runs no jobs. */
async function overviewOf(jobs: JobConsole | undefined): Promise<JobsOverview> {
  const checkedAt = new Date().toISOString();
  if (!jobs) return { running: false, checkedAt, queues: [] };
  const queues = await jobs.overview();
  return {
    running: true,
    checkedAt,
    queues: await Promise.all(
      queues.map(async ({ name, queued, active, retrying, completed, failed }) => ({
        name,
        queued,
        active,
        retrying,
        completed,
        failed,
        recentFailures: (await jobs.recentFailures(name, RECENT_FAILURES)).map(failureDto),
      })),
    ),
  };
}

const NOT_HERE =
  'Background jobs do not run on this server (a development server): there is nothing to retry.';

/** Administrators only: the background jobs, and a retry for one that failed. */
export function adminJobsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  /** The queue lives in the database: when that is out of reach, say so rather than a bare 500. */
  async function reaching<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof DomainError) throw error;
      deps.logger.error(
        { errorName: (error as Error)?.name, message: (error as Error)?.message },
        'admin jobs: the job queue did not answer',
      );
      throw new DomainError(
        'unavailable',
        'The job queue cannot be reached just now. Try again in a minute.',
      );
    }
  }

  route(app, deps, api.jobs, async (c) => c.json(await reaching(() => overviewOf(deps.jobs)), 200));

  route(app, deps, api.retryJob, async (c) => {
    const { name, id } = c.req.valid('param');
    const jobs = deps.jobs;
    if (!jobs) throw new DomainError('unavailable', NOT_HERE);
    const outcome = await reaching(() => jobs.retry(name, id));
    switch (outcome) {
      case 'not_found':
        throw new DomainError('not_found', 'That job does not exist (it may have been cleared away).');
      case 'not_failed':
        throw new DomainError('conflict', 'That job has not failed: it is waiting, running or done.');
      case 'taken':
        throw new DomainError(
          'conflict',
          'Another job for the same thing is already waiting or running: let it finish first.',
        );
      case 'retried':
        break;
    }
    await recordAudit(deps.db, c.get('user').id, 'job.retry', id, { queue: name });
    return c.json(await reaching(() => overviewOf(jobs)), 200);
  });
}
