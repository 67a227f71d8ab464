import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { BackupRef } from './openFailure';
import { openPglite } from './pglite.server';

/**
 * Backups of the embedded database for `npm start` users (issue 23): `npm run backup` and
 * `npm run restore` (scripts/backup.ts, scripts/restore.ts). A copy of `.data/` taken with a file
 * copy while the server runs is not one: its files are read at different moments of Postgres's
 * work. A backup opens the folder itself (so never while a server holds it: the folder's lock
 * refuses), checkpoints, and has PGlite write its folder as one tarball (`dumpDataDir`), checked by
 * loading it again before it counts. Uploads and the sign-in emulator's accounts are copied with it.
 */

/** The folders a backup holds besides the database, by the name they have inside the backup. */
export type ExtraDirs = Partial<Record<'media' | 'auth', string>>;

export interface BackupManifest {
  takenAt: string;
  /** The database folder it was taken from. */
  dataDir: string;
  /** The tables' row count when taken (users, children, reading logs, weekly plans). */
  rows: Record<string, number>;
  extras: string[];
}

export const DATABASE_FILE = 'db.tar.gz';
const MANIFEST = 'backup.json';
const PARTIAL = '.partial';

/** Backups live beside the database folder: `.data/backups` for `.data/db`. */
export const backupsDirFor = (dataDir: string) => join(dirname(resolve(dataDir)), 'backups');

// A name that sorts by time and is a valid folder name everywhere (no colons).
const nameFor = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');

/** The complete backups in the folder, newest first. */
export function listBackups(backupsDir: string): BackupRef[] {
  if (!existsSync(backupsDir)) return [];
  const found: BackupRef[] = [];
  for (const name of readdirSync(backupsDir)) {
    const path = join(backupsDir, name);
    if (name.endsWith(PARTIAL) || !existsSync(join(path, DATABASE_FILE))) continue;
    try {
      const manifest = JSON.parse(readFileSync(join(path, MANIFEST), 'utf8')) as BackupManifest;
      found.push({ name, path, takenAt: manifest.takenAt });
    } catch {
      // Without its manifest it was not finished (or was edited by hand): not offered.
    }
  }
  return found.sort((a, b) => b.takenAt.localeCompare(a.takenAt) || b.name.localeCompare(a.name));
}

export const newestBackup = (backupsDir: string): BackupRef | undefined => listBackups(backupsDir)[0];

const COUNTED = ['users', 'children', 'reading_logs', 'weekly_plans'] as const;

/** Row counts of a few tables, to show in a backup's manifest and compare after a restore. */
export async function countRows(client: {
  query<T>(sql: string): Promise<{ rows: T[] }>;
}): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  for (const table of COUNTED) {
    const exists = await client.query<{ t: string | null }>(
      `select to_regclass('public.${table}')::text as t`,
    );
    if (!exists.rows[0]?.t) continue;
    const result = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    rows[table] = Number(result.rows[0]?.n ?? 0);
  }
  return rows;
}

/** Opens a tarball in memory: throws when it is not a database PGlite can open. */
export async function checkTarball(tarball: Blob): Promise<Record<string, number>> {
  const opened = await openPglite('memory://', { loadDataDir: tarball });
  try {
    return await countRows(opened.client);
  } finally {
    await opened.close();
  }
}

export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/** Writes a backup of the (not running) embedded database and the extra folders; keeps `keep`. */
export async function backUp(options: {
  dataDir: string;
  extras?: ExtraDirs;
  backupsDir?: string;
  keep?: number;
  now?: Date;
}): Promise<{ backup: BackupRef; manifest: BackupManifest; removed: string[] }> {
  const dataDir = resolve(options.dataDir);
  const backupsDir = resolve(options.backupsDir ?? backupsDirFor(dataDir));
  if (!existsSync(join(dataDir, 'PG_VERSION')))
    throw new BackupError(`There is no embedded database in ${dataDir} to back up.`);
  // Refuses (DatabaseInUseError) while a server holds the folder; throws DatabaseOpenError when
  // the folder is damaged: then there is nothing sound to back up.
  const opened = await openPglite(dataDir);
  let tarball: Blob;
  let rows: Record<string, number>;
  try {
    // Everything on disk first, so the tarball needs no crash recovery when it is opened.
    await opened.client.query('CHECKPOINT');
    rows = await countRows(opened.client);
    tarball = await opened.client.dumpDataDir('gzip');
  } finally {
    await opened.close();
  }
  await checkTarball(tarball);

  const takenAt = options.now ?? new Date();
  let name = nameFor(takenAt);
  // Two backups in the same second (a script, a test) each keep their own folder.
  for (let n = 2; existsSync(join(backupsDir, name)); n++) name = `${nameFor(takenAt)}-${n}`;
  const path = join(backupsDir, name);
  const partial = `${path}${PARTIAL}`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  await writeFile(join(partial, DATABASE_FILE), new Uint8Array(await tarball.arrayBuffer()));
  const extras: string[] = [];
  for (const [key, dir] of Object.entries(options.extras ?? {})) {
    if (!dir || !existsSync(dir)) continue;
    await cp(dir, join(partial, key), { recursive: true });
    extras.push(key);
  }
  const manifest: BackupManifest = { takenAt: takenAt.toISOString(), dataDir, rows, extras };
  await writeFile(join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  // Only a finished backup gets its name, so an interrupted one is never offered for a restore.
  await rename(partial, path);
  const removed = await prune(backupsDir, options.keep ?? 5);
  return { backup: { name, path, takenAt: manifest.takenAt }, manifest, removed };
}

/** Removes all but the newest `keep` backups, and any unfinished one; answers the removed names. */
async function prune(backupsDir: string, keep: number): Promise<string[]> {
  const removed: string[] = [];
  for (const old of listBackups(backupsDir).slice(Math.max(1, keep))) {
    await rm(old.path, { recursive: true, force: true });
    removed.push(old.name);
  }
  for (const name of readdirSync(backupsDir).filter((n) => n.endsWith(PARTIAL))) {
    await rm(join(backupsDir, name), { recursive: true, force: true });
  }
  return removed;
}

/** Reads a backup's manifest and database tarball. */
export async function readBackup(backup: BackupRef): Promise<{ manifest: BackupManifest; tarball: Blob }> {
  const manifest = JSON.parse(await readFile(join(backup.path, MANIFEST), 'utf8')) as BackupManifest;
  const bytes = await readFile(join(backup.path, DATABASE_FILE));
  return { manifest, tarball: new Blob([new Uint8Array(bytes)]) };
}

/** `<folder>.before-restore-<time>`: where a restore keeps what it replaces. */
export const asideName = (dir: string, at: Date) =>
  join(dirname(resolve(dir)), `${basename(resolve(dir))}.before-restore-${nameFor(at)}`);
