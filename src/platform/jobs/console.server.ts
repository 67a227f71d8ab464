import type { PgBoss } from 'pg-boss';
import { uniqueViolation } from '../db/violations';

// What the admin console reads of the job queue and does to it: the counts by queue, the latest
// failures, a failed job's retry. Straight from pg-boss's job table where pg-boss has no call for it.

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

/** pg-boss's own queues (the scheduler's), which the console does not show. */
const isInternal = (name: string) => name.startsWith('__pgboss__');

/** A row's time as pg or PGlite answer it (a Date, or a string from a JSON path). */
const timeOf = (value: unknown): Date | null =>
  value === null || value === undefined ? null : new Date(value as string | Date);

/** The keys of a kind's jobs that ran out of retries and are still kept. */
export async function failedKeys(boss: PgBoss, schema: string, name: string): Promise<string[]> {
  const { rows } = await boss.getDb().executeSql(
    `select distinct singleton_key as key from ${schema}.job
        where name = $1 and state = 'failed' and singleton_key is not null`,
    [name],
  );
  return rows.map((row) => String(row.key));
}

/** Each queue (pg-boss's own internal ones left out) with its jobs counted by state. */
export async function queueOverview(boss: PgBoss, schema: string): Promise<QueueOverview[]> {
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
}

/** A queue's latest failed and retrying jobs, the latest first. */
export async function recentFailures(
  boss: PgBoss,
  schema: string,
  name: string,
  limit: number,
): Promise<JobFailure[]> {
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
  return rows.map(failureOf);
}

/** One row of pg-boss's job table as a failure the console shows. */
function failureOf(row: Record<string, unknown>): JobFailure {
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
  };
}

/** Sends a failed job back to its queue, allowing it one more retry. */
export async function retryFailedJob(boss: PgBoss, name: string, id: string): Promise<RetryOutcome> {
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
}
