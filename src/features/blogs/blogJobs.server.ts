import type { Logger } from 'pino';
import type { Db } from '~/platform/db/client.server';
import type { JobQueue } from '~/platform/jobs/queue.server';
import { getStorage } from '~/platform/storage/index.server';
import { pruneUploadLog } from '~/platform/storage/quotas.server';
import type { Storage } from '~/platform/storage/storage';
import { deleteOrphanedBlogImages } from './blogImages.server';

/**
 * Every hour: removes blog pictures no post has shown for a day after their upload, and forgets
 * uploads too old to count towards any quota.
 */
export const BLOG_IMAGE_CLEANUP_JOB = 'blog-image-cleanup';

/** Registers the blog's jobs, works them in this process and schedules the clean-up. */
export async function registerBlogJobs(
  queue: JobQueue,
  db: Db,
  logger: Pick<Logger, 'info' | 'warn' | 'error'>,
  options: { storage?: Storage; schedule?: boolean } = {},
) {
  const storage = options.storage ?? getStorage();
  await queue.register<Record<string, never>>({
    name: BLOG_IMAGE_CLEANUP_JOB,
    // A failed run is not retried: the next one, an hour later, does its work.
    retryLimit: 0,
    expireInSeconds: 10 * 60,
    async handle() {
      const pictures = await deleteOrphanedBlogImages(db, storage, { logger });
      const uploads = await pruneUploadLog(db);
      if (pictures > 0 || uploads > 0) {
        logger.info({ job: BLOG_IMAGE_CLEANUP_JOB, pictures, uploads }, 'unused blog pictures removed');
      }
    },
  });
  if (options.schedule !== false) await queue.schedule(BLOG_IMAGE_CLEANUP_JOB, '17 * * * *');
}
