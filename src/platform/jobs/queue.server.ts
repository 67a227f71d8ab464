import { fromPglite, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { QueueBackend } from '../db/client.server';
import { uniqueViolation } from '../db/violations';

/**
 * Background work (decision 26): pg-boss, a job queue kept in the database's own tables, on
 * PostgreSQL through its own small pool and on the embedded database through the process's PGlite
 * instance. Jobs are rows, so they survive a restart (a killed server's active job is retried once
 * its time runs out), `SKIP LOCKED` hands each job to one worker across every server copy, and a
 * failed job is retried with an exponential backoff.
 */

/** A kind of background work: its queue, retry rules and the code that does it. */
export interface JobKind<T extends object> {
  name: string;
  /** Retries after the first failure. */
  retryLimit?: number;
  /** Seconds before the first retry; each later one waits twice as long (at most an hour). */
  retryDelaySeconds?: number;
  /** An active job not finished in this time (its worker died) is failed and retried. */
  expireInSeconds?: number;
  /**
   * With true, a job sent with a `key` while another with that key is waiting or running is not
   * added (pg-boss's `exclusive` policy): a job is asked for at most once at a time.
   */
  oneAtATimePerKey?: boolean;
  /**
   * Jobs a worker takes at a time (default 1). Above 1, the worker fetches again at once while its
   * batches come back full, and each job still fails or succeeds on its own: for many short jobs
   * (a weekly plan each), where fetching and completing one job at a time would cost more than the
   * work.
   */
  batchSize?: number;
  /** Does the work; throwing fails this attempt. The same job may run again after a crash. */
  handle(data: T, attempt: { id: string; retryCount: number }): Promise<void>;
}

export interface SendOptions {
  /** Not before this moment. */
  startAfter?: Date;
  /** What the job is about, for a kind with `oneAtATimePerKey`. */
  key?: string;
}

/** One queue as the admin console shows it. */
export interface QueueOverview {
  name: string;
  /** Waiting to run, now or later (retries waiting for their turn included). */
  queued: number;
  active: number;
  completed: number;
  /** Out of retries: someone should look. */
  failed: number;
  /** Of the queued, those waiting for another attempt after a failure. */
  retrying: number;
  /** Jobs that failed at least once (whatever happened next). */
  retried: number;
}

/** A job whose last attempt failed: out of retries (`failed`) or waiting for its next go (`retry`). */
export interface JobFailure {
  id: string;
  name: string;
  state: 'failed' | 'retry';
  /** What the job is about (the `key` it was sent with), or null. */
  key: string | null;
  data: Record<string, unknown>;
  /** The last attempt's error message. */
  error: string;
  /** Retries used so far: the job has run this many times plus one. */
  retryCount: number;
  retryLimit: number;
  createdAt: Date;
  /** When its last attempt started. */
  startedAt: Date | null;
  /** When it ran out of retries (failed jobs). */
  failedAt: Date | null;
  /** When it runs again (retrying jobs). */
  nextAttemptAt: Date | null;
}

/** What an administrator's retry of a failed job came to. */
export type RetryOutcome =
  /** Sent back to its queue, with one more retry allowed. */
  | 'retried'
  /** No such job in that queue (or no such queue). */
  | 'not_found'
  /** The job exists but has not failed (it is waiting, running or done). */
  | 'not_failed'
  /** Another job with the same key is waiting or running (a one-at-a-time queue). */
  | 'taken';

/** What the admin console reads and does: the counts, the latest failures, and a retry. */
export type JobConsole = Pick<JobQueue, 'overview' | 'recentFailures' | 'retry'>;

export interface JobQueue {
  /** Installs or updates the queue's tables and starts maintenance; idempotent per instance. */
  start(): Promise<void>;
  /** Stops taking work and waits (up to `timeoutMs`) for jobs in progress. */
  stop(options?: { timeoutMs?: number }): Promise<void>;
  /** Creates the queue for a kind of job and, unless `work` is false, works it in this process. */
  register<T extends object>(kind: JobKind<T>, options?: { work?: boolean }): Promise<void>;
  /** The job's id; null when a job with the same key is already waiting or running. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /**
   * The keys of this kind's jobs that ran out of retries (and are still kept): each waits for a
   * person, not a resend.
   */
  failedKeys(name: string): Promise<string[]>;
  /** Sends `data` to `name` on a cron schedule (UTC); one send per tick across every copy. */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  /** Each queue (pg-boss's own internal ones left out) with its jobs counted by state. */
  overview(): Promise<QueueOverview[]>;
  /** A queue's latest failed and retrying jobs, the latest first. */
  recentFailures(name: string, limit?: number): Promise<JobFailure[]>;
  /** Sends a failed job back to its queue, allowing it one more retry. */
  retry(name: string, id: string): Promise<RetryOutcome>;
}

export interface JobQueueOptions {
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  /** How often an idle worker looks for work. */
  pollSeconds?: number;
  /** How often expired jobs are looked for and retried (tests use 1). */
  superviseSeconds?: number;
  /** The schema pg-boss keeps its tables in. */
  schema?: string;
}

/** pg-boss's own queues (the scheduler's), which the console does not show. */
const isInternal = (name: string) => name.startsWith('__pgboss__');

/** A row's time as pg or PGlite answer it (a Date, or a string from a JSON path). */
const timeOf = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string | Date);

const DEFAULTS = { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 15 * 60 } as const;
const MAX_RETRY_DELAY_SECONDS = 60 * 60;

export function createJobQueue(backend: QueueBackend, options: JobQueueOptions): JobQueue {
  const schema = options.schema ?? 'pgboss';
  const timing = {
    schema,
    superviseIntervalSeconds: options.superviseSeconds ?? 60,
    // One copy's maintenance is enough; pg-boss coordinates it through the database.
    monitorIntervalSeconds: Math.max(options.superviseSeconds ?? 60, 1),
  };
  const boss =
    backend.kind === 'postgres'
      ? new PgBoss({ connectionString: backend.url, max: 4, ...timing })
      : new PgBoss({ db: fromPglite(backend.client), backend: 'pglite', ...timing });
  // pg-boss reports trouble in its maintenance loops as events: log them, never crash on them.
  boss.on('error', (error) =>
    options.logger.error({ errorName: error.name, message: error.message }, 'job queue'),
  );
  boss.on('warning', (warning) => options.logger.warn({ warning: warning.message }, 'job queue'));

  let started: Promise<void> | undefined;
  let stopped = false;
  const pollingIntervalSeconds = options.pollSeconds ?? 2;

  return {
    start() {
      if (stopped) return Promise.reject(new Error('The job queue has stopped.'));
      if (!started) {
        const starting = boss.start().then(() => undefined);
        // A start that failed (the database out of reach) is not kept: the next call tries again.
        starting.catch(() => {
          if (started === starting) started = undefined;
        });
        started = starting;
      }
      return started;
    },

    async stop({ timeoutMs = 10_000 } = {}) {
      if (stopped) return;
      stopped = true;
      if (!started) return;
      // A first start installs the schema: wait for it, but not past the time given.
      const settled = await Promise.race([
        started.then(
          () => true,
          () => false,
        ),
        new Promise<false>((r) => setTimeout(() => r(false), timeoutMs).unref()),
      ]);
      if (!settled) return;
      await boss.stop({ graceful: true, timeout: timeoutMs, close: backend.kind === 'postgres' });
    },

    async register<T extends object>(kind: JobKind<T>, { work = true } = {}) {
      await this.start();
      const settings = {
        retryLimit: kind.retryLimit ?? DEFAULTS.retryLimit,
        retryDelay: kind.retryDelaySeconds ?? DEFAULTS.retryDelaySeconds,
        retryBackoff: true,
        retryDelayMax: MAX_RETRY_DELAY_SECONDS,
        expireInSeconds: kind.expireInSeconds ?? DEFAULTS.expireInSeconds,
      };
      // A queue's policy is fixed when it is made: a kind that changed it needs a new queue name.
      const policy = kind.oneAtATimePerKey ? 'exclusive' : 'standard';
      const existing = await boss.getQueue(kind.name);
      if (!existing) await boss.createQueue(kind.name, { ...settings, policy });
      else {
        if (existing.policy !== policy)
          options.logger.warn(
            { job: kind.name, policy: existing.policy, wanted: policy },
            'job queue policy differs',
          );
        await boss.updateQueue(kind.name, settings);
      }
      if (!work) return;
      const batchSize = Math.max(1, Math.floor(kind.batchSize ?? 1));
      const polling = {
        pollingIntervalSeconds,
        batchSize,
        ...(batchSize > 1 ? { burstWhenBatchFull: true } : {}),
      };
      await boss.work<T>(kind.name, polling, async (jobs) => {
        for (const job of jobs) {
          const retryCount = job.retryCount ?? 0;
          try {
            await kind.handle(job.data, { id: job.id, retryCount });
          } catch (error) {
            options.logger.warn(
              { job: kind.name, jobId: job.id, retryCount, errorName: (error as Error)?.name },
              'job failed; it will be retried while retries remain',
            );
            if (batchSize === 1) throw error;
            // In a batch, this job alone fails (and is retried with its backoff); the others go on.
            // pg-boss then completes only the jobs still active, so this one stays failed.
            await boss.fail(kind.name, job.id, {
              name: (error as Error)?.name ?? 'Error',
              message: (error as Error)?.message ?? String(error),
            });
          }
        }
      });
    },

    async send(name, data, sendOptions = {}) {
      await this.start();
      const id = await boss.send(name, data, {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.key ? { singletonKey: sendOptions.key } : {}),
      });
      if (!id && !sendOptions.key) throw new Error(`The job queue refused a job for ${name}.`);
      return id;
    },

    async failedKeys(name) {
      await this.start();
      const { rows } = await boss.getDb().executeSql(
        `select distinct singleton_key as key from ${schema}.job
            where name = $1 and state = 'failed' and singleton_key is not null`,
        [name],
      );
      return rows.map((row) => String(row.key));
    },

    async schedule(name, cron, data) {
      await this.start();
      await boss.schedule(name, cron, data ?? {}, { tz: 'UTC', missed: 'once' });
    },

    async overview() {
      await this.start();
      const rows = (await boss.getDb().executeSql(
        `select name,
                count(*) filter (where state in ('created', 'retry'))::int as queued,
                count(*) filter (where state = 'active')::int as active,
                count(*) filter (where state = 'completed')::int as completed,
                count(*) filter (where state = 'failed')::int as failed,
                count(*) filter (where state = 'retry')::int as retrying,
                count(*) filter (where retry_count > 0)::int as retried
           from ${schema}.job
          group by name
          order by name`,
      )) as { rows: QueueOverview[] };
      const queues = await boss.getQueues();
      const byName = new Map(rows.rows.map((row) => [row.name, row]));
      const none = { queued: 0, active: 0, completed: 0, failed: 0, retrying: 0, retried: 0 };
      return queues
        .filter((q) => !isInternal(q.name))
        .map((q) => byName.get(q.name) ?? { name: q.name, ...none })
        .sort((a, b) => a.name.localeCompare(b.name));
    },

    async recentFailures(name, limit = 20) {
      await this.start();
      // A thrown error is kept as its serialised self ({ message, stack }); a timed-out attempt as
      // { value: { message } }.
      const { rows } = (await boss.getDb().executeSql(
        `select id, name, state::text as state, singleton_key as key, data,
                left(coalesce(output->>'message', output->'value'->>'message', output->>'value', ''), 500) as error,
                retry_count as "retryCount", retry_limit as "retryLimit",
                created_on as "createdAt", started_on as "startedAt", completed_on as "completedAt",
                start_after as "startAfter"
           from ${schema}.job
          where name = $1 and state in ('failed', 'retry')
          order by coalesce(completed_on, started_on, created_on) desc, id
          limit $2`,
        [name, limit],
      )) as { rows: Record<string, unknown>[] };
      return rows.map((row) => {
        const failed = row.state === 'failed';
        const data = typeof row.data === 'string' ? JSON.parse(row.data) : row.data;
        return {
          id: String(row.id),
          name: String(row.name),
          state: failed ? 'failed' : 'retry',
          key: (row.key as string | null) ?? null,
          data: data && typeof data === 'object' && !Array.isArray(data) ? data : { value: data ?? null },
          error: String(row.error ?? ''),
          retryCount: Number(row.retryCount ?? 0),
          retryLimit: Number(row.retryLimit ?? 0),
          createdAt: timeOf(row.createdAt) ?? new Date(0),
          startedAt: timeOf(row.startedAt),
          failedAt: failed ? timeOf(row.completedAt) : null,
          nextAttemptAt: failed ? null : timeOf(row.startAfter),
        } satisfies JobFailure;
      });
    },

    async retry(name, id) {
      await this.start();
      if (isInternal(name) || !(await boss.getQueue(name))) return 'not_found';
      let affected = 0;
      try {
        // Only a failed job moves: pg-boss sets it to retry and allows one more attempt.
        ({ affected = 0 } = (await boss.retry(name, id)) as { affected?: number });
      } catch (error) {
        // A one-at-a-time queue allows one waiting or running job per key.
        if (uniqueViolation(error)) return 'taken';
        throw error;
      }
      if (affected > 0) return 'retried';
      const [job] = await boss.findJobs(name, { id, limit: 1 });
      return job ? 'not_failed' : 'not_found';
    },
  };
}
