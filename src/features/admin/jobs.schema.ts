import * as z from 'zod';
import { instant, uuidSchema } from '~/platform/http/common.schema';

/** The background jobs (decision 26) as the admin console shows them: each queue, and what failed. */

/** The latest failed and retrying jobs each queue lists; the counts say how many there are in all. */
export const RECENT_FAILURES = 20;

/** A queue's name: the kind of job it holds ('weekly-plan'). */
export const jobQueueNameSchema = z
  .string()
  .max(63, 'A queue name has 63 characters or fewer.')
  .regex(/^[a-z][a-z0-9-]*$/, 'A queue name is lower-case letters, digits and hyphens, like weekly-plan.');

/** A job whose last attempt failed: out of retries (`failed`), or waiting for its next go (`retry`). */
export const jobFailureSchema = z
  .object({
    id: z.string(),
    state: z.enum(['failed', 'retry']),
    /** What the job is about (the key it was sent with, such as a program and week), or null. */
    key: z.string().nullable(),
    /** The job's own data, as it was sent. */
    data: z.record(z.string(), z.unknown()),
    /** The last attempt's error message (at most 500 characters). */
    error: z.string(),
    /** Retries used: the job has run this many times plus one. */
    retryCount: z.int(),
    retryLimit: z.int(),
    createdAt: instant,
    /** When its last attempt started. */
    startedAt: instant.nullable(),
    /** When it ran out of retries; null while retrying. */
    failedAt: instant.nullable(),
    /** When it runs again; null once failed. */
    nextAttemptAt: instant.nullable(),
  })
  .meta({ id: 'JobFailure' });
export type JobFailureDto = z.infer<typeof jobFailureSchema>;

const count = z.int().min(0);

export const jobQueueSchema = z
  .object({
    name: z.string(),
    /** Waiting to run, now or later: new jobs and those waiting for a retry. */
    queued: count,
    /** Running now. */
    active: count,
    /** Of the queued, those waiting for another attempt after a failure. */
    retrying: count,
    /** Done, among those still kept (pg-boss removes finished jobs after a week or so). */
    completed: count,
    /** Out of retries: someone should look. */
    failed: count,
    /** The latest failed and retrying jobs, the latest first (at most RECENT_FAILURES). */
    recentFailures: z.array(jobFailureSchema),
  })
  .meta({ id: 'JobQueueOverview' });
export type JobQueueDto = z.infer<typeof jobQueueSchema>;

export const jobsOverviewSchema = z
  .object({
    /** False where no jobs run (a development server): `queues` is then empty. */
    running: z.boolean(),
    /** When the counts were read. */
    checkedAt: instant,
    queues: z.array(jobQueueSchema),
  })
  .meta({ id: 'JobsOverview' });
export type JobsOverview = z.infer<typeof jobsOverviewSchema>;

export const jobRetryParamsSchema = z.object({ name: jobQueueNameSchema, id: uuidSchema });
