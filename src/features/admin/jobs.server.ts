import type { Logger } from 'pino';
import { recordAudit } from '~/platform/admin/audit.server';
import type { Db } from '~/platform/db/client.server';
import { DomainError } from '~/platform/errors';
import type { JobFailure } from '~/platform/jobs/console.server';
import type { JobConsole } from '~/platform/jobs/queue.server';
import { type JobFailureDto, type JobsOverview, RECENT_FAILURES } from './jobs.schema';

// The background jobs as the admin console shows them, and a retry of one that failed.

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

/** The queue lives in the database: when that is out of reach, say so rather than a bare 500. */
async function reaching<T>(logger: Pick<Logger, 'error'>, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw error;
    logger.error(
      { errorName: (error as Error)?.name, message: (error as Error)?.message },
      'admin jobs: the job queue did not answer',
    );
    throw new DomainError('unavailable', 'The job queue cannot be reached just now. Try again in a minute.');
  }
}

/** The queues' overview, or 503 when the queue cannot be reached. */
export const jobsOverview = (jobs: JobConsole | undefined, logger: Pick<Logger, 'error'>) =>
  reaching(logger, () => overviewOf(jobs));

const RETRY_REFUSALS = {
  not_found: () => new DomainError('not_found', 'That job does not exist (it may have been cleared away).'),
  not_failed: () => new DomainError('conflict', 'That job has not failed: it is waiting, running or done.'),
  taken: () =>
    new DomainError(
      'conflict',
      'Another job for the same thing is already waiting or running: let it finish first.',
    ),
} as const;

/**
 * Sends a failed job again (audited, as every change the team makes), and answers the overview. Only
 * a failed job can be retried, and not while another job for the same thing waits or runs.
 */
export async function retryJob(
  deps: { db: Db; jobs: JobConsole | undefined; logger: Pick<Logger, 'error'> },
  actorId: string,
  job: { name: string; id: string },
): Promise<JobsOverview> {
  const { jobs } = deps;
  if (!jobs) throw new DomainError('unavailable', NOT_HERE);
  const outcome = await reaching(deps.logger, () => jobs.retry(job.name, job.id));
  if (outcome !== 'retried') throw RETRY_REFUSALS[outcome]();
  await recordAudit(deps.db, actorId, 'job.retry', job.id, { queue: job.name });
  return reaching(deps.logger, () => overviewOf(jobs));
}
