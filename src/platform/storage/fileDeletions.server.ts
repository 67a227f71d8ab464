import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client.server';
import { fileDeletions } from '../db/schema.server';
import type { JobQueue } from '../jobs/queue.server';
import type { Storage } from './storage';

/**
 * Files that must go once their rows have gone (a deleted family's recordings and pictures): the
 * deletion writes their keys in its own transaction (scheduleFileDeletions), removes the files once
 * it has committed (removeScheduledFiles), and a job retries every file the storage refused, waiting
 * longer each time, until it is gone. Nothing is forgotten when the storage is down for a while or
 * the server stops between the two steps.
 */

/** Every ten minutes: removes the files whose next attempt has come. */
export const FILE_DELETION_JOB = 'file-deletions';

/** The wait after the n-th failed attempt: a minute, doubling, at most a day. */
export const retryDelayMs = (attempts: number) =>
  Math.min(24 * 60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));

/** Records, in the caller's transaction, that these stored files must be removed. */
export async function scheduleFileDeletions(tx: Pick<Db, 'insert'>, keys: readonly string[]): Promise<void> {
  const unique = [...new Set(keys.filter((k) => k !== ''))];
  if (unique.length === 0) return;
  await tx
    .insert(fileDeletions)
    .values(unique.map((key) => ({ key })))
    .onConflictDoNothing();
}

/**
 * Removes scheduled files: the given keys (just after their deletion committed), or every one whose
 * next attempt has come (the job). A removed file's row goes; a refused one waits longer
 * (retryDelayMs) and keeps its error for the team. Answers the counts.
 */
export async function removeScheduledFiles(
  db: Db,
  storage: Pick<Storage, 'delete'>,
  options: { keys?: readonly string[]; now?: Date; limit?: number; logger?: Pick<Logger, 'warn'> } = {},
): Promise<{ removed: number; failed: number }> {
  const now = options.now ?? new Date();
  const due = await db
    .select()
    .from(fileDeletions)
    .where(
      options.keys
        ? inArray(fileDeletions.key, options.keys.length > 0 ? [...options.keys] : [''])
        : lte(fileDeletions.nextAttemptAt, now),
    )
    .orderBy(asc(fileDeletions.nextAttemptAt))
    .limit(options.limit ?? 500);
  let removed = 0;
  let failed = 0;
  for (const file of due) {
    try {
      await storage.delete(file.key);
      await db.delete(fileDeletions).where(eq(fileDeletions.key, file.key));
      removed += 1;
    } catch (error) {
      failed += 1;
      const attempts = file.attempts + 1;
      options.logger?.warn(
        { key: file.key, attempts, errorName: (error as Error)?.name },
        'stored file not removed; it will be tried again',
      );
      await db
        .update(fileDeletions)
        .set({
          attempts,
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
          lastError: String((error as Error)?.message ?? error).slice(0, 500),
        })
        .where(and(eq(fileDeletions.key, file.key), eq(fileDeletions.attempts, file.attempts)));
    }
  }
  return { removed, failed };
}

/**
 * Just after a deletion committed: removes its files now, if it can. Never throws: the deletion
 * has happened, and whatever is not removed now the job removes later.
 */
export async function removeFilesNow(
  db: Db,
  storage: Pick<Storage, 'delete'>,
  keys: readonly string[],
  logger?: Pick<Logger, 'warn'>,
): Promise<void> {
  if (keys.length === 0) return;
  try {
    await removeScheduledFiles(db, storage, { keys, ...(logger ? { logger } : {}) });
  } catch (error) {
    logger?.warn({ errorName: (error as Error)?.name }, 'stored files left for the removal job');
  }
}

/** How many files are still waiting to be removed, and the oldest wait (for the console and tests). */
export async function pendingFileDeletions(db: Db): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldest: sql<string | null>`min(${fileDeletions.createdAt})`,
    })
    .from(fileDeletions);
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
}

/** Registers and schedules the job that retries refused file removals. */
export async function registerFileDeletionJob(
  queue: JobQueue,
  db: Db,
  storage: Pick<Storage, 'delete'>,
  logger: Pick<Logger, 'info' | 'warn'>,
  options: { schedule?: boolean } = {},
) {
  await queue.register<Record<string, never>>({
    name: FILE_DELETION_JOB,
    // The next run, ten minutes later, does a failed run's work.
    retryLimit: 0,
    expireInSeconds: 10 * 60,
    async handle() {
      for (;;) {
        const { removed } = await removeScheduledFiles(db, storage, { logger });
        if (removed > 0) logger.info({ job: FILE_DELETION_JOB, removed }, 'stored files removed');
        // A full batch removed: there may be more due. Refused ones wait for their next time.
        if (removed < 500) return;
      }
    },
  });
  if (options.schedule !== false) await queue.schedule(FILE_DELETION_JOB, '*/10 * * * *');
}
