import pg from 'pg';
import { fromPglite, PgBoss } from 'pg-boss';
import type { Logger } from 'pino';
import type { QueueBackend } from '../db/client.server';
import {
  failedKeys,
  type JobFailure,
  type QueueOverview,
  queueOverview,
  type RetryOutcome,
  recentFailures,
  retryFailedJob,
} from './console.server';

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

const DEFAULTS = { retryLimit: 5, retryDelaySeconds: 30, expireInSeconds: 15 * 60 } as const;
const MAX_RETRY_DELAY_SECONDS = 60 * 60;

type Log = JobQueueOptions['logger'];

export function createJobQueue(backend: QueueBackend, options: JobQueueOptions): JobQueue {
  const schema = options.schema ?? 'pgboss';
  const boss = newBoss(backend, schema, options);
  const { start, stop } = lifecycle(boss, backend);
  const pollingIntervalSeconds = options.pollSeconds ?? 2;

  return {
    start,
    stop,

    async register<T extends object>(kind: JobKind<T>, { work = true } = {}) {
      await start();
      await setUpQueue(boss, kind, options.logger);
      if (work) await workQueue(boss, kind, pollingIntervalSeconds, options.logger);
    },

    async send(name, data, sendOptions = {}) {
      await start();
      const id = await boss.send(name, data, {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.key ? { singletonKey: sendOptions.key } : {}),
      });
      if (!id && !sendOptions.key) throw new Error(`The job queue refused a job for ${name}.`);
      return id;
    },

    async failedKeys(name) {
      await start();
      return failedKeys(boss, schema, name);
    },

    async schedule(name, cron, data) {
      await start();
      await boss.schedule(name, cron, data ?? {}, { tz: 'UTC', missed: 'once' });
    },

    async overview() {
      await start();
      return queueOverview(boss, schema);
    },

    async recentFailures(name, limit = 20) {
      await start();
      return recentFailures(boss, schema, name, limit);
    },

    async retry(name, id) {
      await start();
      return retryFailedJob(boss, name, id);
    },
  };
}

/** pg-boss on the database's own server or PGlite instance, its troubles logged, never thrown. */
function newBoss(backend: QueueBackend, schema: string, options: JobQueueOptions): PgBoss {
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
  return boss;
}

// Any number taken once for this app: copies starting together install pg-boss's schema one at a time.
const QUEUE_INSTALL_LOCK = 724_511_904;

/**
 * Starts pg-boss. On PostgreSQL under a session lock: copies of the server starting together on a
 * new database would otherwise both install pg-boss's schema, and one fails ("type job_state
 * already exists") and stops. PGlite is one process: nothing to share.
 */
async function startAlone(boss: PgBoss, backend: QueueBackend): Promise<void> {
  if (backend.kind !== 'postgres') {
    await boss.start();
    return;
  }
  const lock = new pg.Client({ connectionString: backend.url });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [QUEUE_INSTALL_LOCK]);
    await boss.start();
  } finally {
    await lock.end().catch(() => {});
  }
}

/** Starts the queue once (again after a failed start), and stops it for good. */
function lifecycle(boss: PgBoss, backend: QueueBackend): Pick<JobQueue, 'start' | 'stop'> {
  let started: Promise<void> | undefined;
  let stopped = false;
  return {
    start() {
      if (stopped) return Promise.reject(new Error('The job queue has stopped.'));
      if (!started) {
        const starting = startAlone(boss, backend);
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
  };
}

/** Creates the kind's queue with its retry rules, or brings an existing one's rules up to date. */
async function setUpQueue<T extends object>(boss: PgBoss, kind: JobKind<T>, logger: Log): Promise<void> {
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
      logger.warn({ job: kind.name, policy: existing.policy, wanted: policy }, 'job queue policy differs');
    await boss.updateQueue(kind.name, settings);
  }
}

/** Works the kind's queue in this process: each job succeeds or fails on its own, in a batch too. */
async function workQueue<T extends object>(
  boss: PgBoss,
  kind: JobKind<T>,
  pollingIntervalSeconds: number,
  logger: Log,
): Promise<void> {
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
        logger.warn(
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
}
