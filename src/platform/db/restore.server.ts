import { existsSync } from 'node:fs';
import { cp, rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  asideName,
  BackupError,
  backupsDirFor,
  checkTarball,
  countRows,
  type ExtraDirs,
  listBackups,
  readBackup,
} from './backups.server';
import { lockDataDir } from './dataDirLock.server';
import type { BackupRef } from './openFailure';
import { openPglite } from './pglite.server';

export interface RestoreOutcome {
  backup: BackupRef;
  /** What each replaced folder was moved to (nothing is deleted). */
  keptAside: string[];
  /** Row counts of the restored database, as opened after the restore. */
  rows: Record<string, number>;
}

function chooseBackup(backupsDir: string, name: string | undefined): BackupRef {
  const backups = listBackups(backupsDir);
  if (backups.length === 0) throw new BackupError(`There is no backup in ${backupsDir}.`);
  if (!name) return backups[0] as BackupRef;
  const found = backups.find((b) => b.name === name);
  if (!found)
    throw new BackupError(
      `There is no backup named ${name} in ${backupsDir}. There are: ${backups.map((b) => b.name).join(', ')}.`,
    );
  return found;
}

/**
 * Puts a backup (the newest, or the one named) back in place of the embedded database and the
 * extra folders. Never while a process holds the database folder (its lock refuses, and is kept
 * for the whole restore, so no server starts half-way); the replaced folders are moved aside.
 */
export async function restoreBackup(options: {
  dataDir: string;
  extras?: ExtraDirs;
  backupsDir?: string;
  name?: string | undefined;
  now?: Date;
}): Promise<RestoreOutcome> {
  const dataDir = resolve(options.dataDir);
  const backupsDir = resolve(options.backupsDir ?? backupsDirFor(dataDir));
  const backup = chooseBackup(backupsDir, options.name);
  const { manifest, tarball } = await readBackup(backup);
  // A backup that does not open is found out before anything is moved.
  await checkTarball(tarball);

  const release = lockDataDir(dataDir);
  try {
    const now = options.now ?? new Date();
    const keptAside: string[] = [];
    const moveAside = async (dir: string) => {
      if (!existsSync(dir)) return;
      const aside = asideName(dir, now);
      await rename(dir, aside);
      keptAside.push(aside);
    };
    await moveAside(dataDir);
    // PGlite unpacks the tarball into the empty folder, then the restored database is opened.
    const restored = await openPglite(dataDir, { loadDataDir: tarball });
    let rows: Record<string, number>;
    try {
      rows = await countRows(restored.client);
    } finally {
      await restored.close();
    }
    for (const [key, dir] of Object.entries(options.extras ?? {})) {
      if (!dir || !manifest.extras.includes(key)) continue;
      await moveAside(resolve(dir));
      await cp(join(backup.path, key), resolve(dir), { recursive: true });
    }
    return { backup, keptAside, rows };
  } finally {
    release();
  }
}
