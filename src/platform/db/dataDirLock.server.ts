import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { resolve } from 'node:path';
import { DatabaseInUseError } from './openFailure';

/**
 * PGlite takes no lock on its folder: a second process opening it (a second server, a backup
 * while the server runs) would run its own Postgres on the same files and damage them. So every
 * process that opens the folder holds `<folder>.lock` (its pid), and one that finds a live other
 * pid there refuses. A lock left by a killed process names a dead pid and is taken over.
 */

interface Holder {
  pid: number;
  since: string;
  command: string;
}

/** The lock beside the folder, not inside it, so a backup of the folder never carries it. */
export const lockFileFor = (dataDir: string) => `${resolve(dataDir)}.lock`;

// Opens of the same folder in this process (the API's and the pages' bundles share one
// connection, but a test may open a folder again): the file goes when the last one closes.
const heldHere = new Map<string, number>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process its parent has not yet reaped still answers; on Linux its state says Z.
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

function readHolder(file: string): Holder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<Holder>;
    if (typeof parsed.pid !== 'number') return undefined;
    return { pid: parsed.pid, since: String(parsed.since ?? ''), command: String(parsed.command ?? '?') };
  } catch {
    return undefined;
  }
}

/** The live process, other than this one, that has the folder open; undefined when none. */
export function dataDirHolder(dataDir: string): Holder | undefined {
  const holder = readHolder(lockFileFor(dataDir));
  return holder && holder.pid !== process.pid && alive(holder.pid) ? holder : undefined;
}

/** Refuses (DatabaseInUseError) when another live process holds the folder. */
export function checkDataDirFree(dataDir: string): void {
  const holder = dataDirHolder(dataDir);
  if (holder) throw new DatabaseInUseError(resolve(dataDir), lockFileFor(dataDir), holder);
}

function writeLock(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  const holder: Holder = {
    pid: process.pid,
    since: new Date().toISOString(),
    command: process.argv.slice(1).join(' ').slice(0, 200),
  };
  writeSync(fd, `${JSON.stringify(holder)}\n`);
  closeSync(fd);
  return true;
}

/** Takes the folder's lock for this process; answers the function that gives it back. */
export function lockDataDir(dataDir: string): () => void {
  const file = lockFileFor(dataDir);
  const count = heldHere.get(file) ?? 0;
  if (count === 0) {
    // Exclusive create, so two processes starting together cannot both win; a stale file (its
    // process gone, or this very pid after a restart in a container) is removed and tried again.
    for (let attempt = 0; !writeLock(file); attempt++) {
      if (attempt >= 3) throw new Error(`Could not take the lock ${file}.`);
      checkDataDirFree(dataDir);
      rmSync(file, { force: true });
    }
  }
  heldHere.set(file, count + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = (heldHere.get(file) ?? 1) - 1;
    if (left > 0) {
      heldHere.set(file, left);
      return;
    }
    heldHere.delete(file);
    if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
  };
}
