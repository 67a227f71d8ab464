import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { READING_LEVELS } from '~/platform/domain';
import type { Storage } from '~/platform/storage/storage';

/** Levels sort from the easiest up (sprout before sapling), not alphabetically; no level goes last. */
export function levelOrder(column: SQLWrapper): SQL {
  const levels = sql.raw(`array[${READING_LEVELS.map((l) => `'${l}'`).join(', ')}]::text[]`);
  return sql`coalesce(array_position(${levels}, ${column}), ${READING_LEVELS.length + 1})`;
}

/**
 * Swaps the file a row points at. The new file is written first and the row changed in one
 * transaction (with its audit line); the old file is removed only once that has committed, so a
 * failure at any step leaves the row pointing at a file that exists. A failed clean-up is logged:
 * an orphan file costs disk space, never a broken page.
 */
export async function swapStoredFile<T>(
  storage: Storage,
  logger: Pick<Logger, 'warn'>,
  newKey: string | null,
  newBytes: Uint8Array | null,
  change: () => Promise<{ result: T; oldKey: string | null } | undefined>,
): Promise<T | undefined> {
  if (newKey && newBytes) await storage.put(newKey, newBytes);
  let changed: Awaited<ReturnType<typeof change>>;
  try {
    changed = await change();
  } catch (error) {
    if (newKey) await storage.delete(newKey).catch(() => {});
    throw error;
  }
  if (!changed) {
    if (newKey) await storage.delete(newKey).catch(() => {});
    return undefined;
  }
  await removeStoredFile(storage, logger, changed.oldKey);
  return changed.result;
}

/** Removes a file no row points at any more; a failure is logged, never shown to the admin. */
export async function removeStoredFile(storage: Storage, logger: Pick<Logger, 'warn'>, key: string | null) {
  if (!key) return;
  await storage
    .delete(key)
    .catch((error: unknown) => logger.warn({ key, error }, 'old media file not removed'));
}
