import type { Logger } from 'pino';
import type { Db } from '../db/client.server';
import type { JobQueue } from '../jobs/queue.server';
import { onNudge } from '../jobs/signals';
import { type OutboxDeps, sendDueEmails } from './outbox.server';

/** Every minute, and at once when a feature has queued a message: sends the outbox's due messages. */
export const EMAIL_OUTBOX_JOB = 'email-outbox';

/** Registers the job that sends the outbox, its schedule, and its answer to nudges. */
export async function registerEmailJobs(
  queue: JobQueue,
  db: Db,
  deps: OutboxDeps & { logger: Pick<Logger, 'info' | 'warn'> },
  options: { schedule?: boolean } = {},
) {
  await queue.register<Record<string, never>>({
    name: EMAIL_OUTBOX_JOB,
    // Each message keeps its own retries (outbox.server.ts); a failed run is the next minute's work.
    retryLimit: 0,
    expireInSeconds: 10 * 60,
    async handle() {
      for (;;) {
        const outcome = await sendDueEmails(db, deps);
        if (outcome.sent + outcome.failed > 0)
          deps.logger.info({ job: EMAIL_OUTBOX_JOB, ...outcome }, 'email');
        // A full batch: there may be more due now. Those retrying wait for their time.
        if (outcome.sent + outcome.retrying + outcome.failed < 50) return;
      }
    },
  });
  if (options.schedule === false) return;
  await queue.schedule(EMAIL_OUTBOX_JOB, '* * * * *');
  onNudge('email', () => {
    queue.send(EMAIL_OUTBOX_JOB, {}).catch(() => {});
  });
}
