import { isAbsolute, relative } from 'node:path';

/**
 * Why the embedded database (PGlite) did not open, and the words a person reads at start-up
 * (issue 23): a damaged folder must stop the server with what happened and what to do, never a
 * bare "Failed query". Pure: the caller finds the backups (backups.server.ts) and prints.
 */

/** PGlite's folder could not be opened: its files are damaged or are not a database at all. */
export class DatabaseOpenError extends Error {
  override readonly name = 'DatabaseOpenError';
  constructor(
    /** The folder, absolute. */
    readonly dataDir: string,
    /** What PostgreSQL said (its PANIC, FATAL or ERROR lines), or the error's own message. */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`The embedded database in ${dataDir} could not be opened: ${reason}`, options);
  }
}

/** Another live process has the folder open; PGlite has no lock of its own (dataDirLock.server.ts). */
export class DatabaseInUseError extends Error {
  override readonly name = 'DatabaseInUseError';
  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    readonly holder: { pid: number; since: string; command: string },
  ) {
    super(`The embedded database in ${dataDir} is open in another process (pid ${holder.pid}).`);
  }
}

/** A backup as the restore command names it. */
export interface BackupRef {
  name: string;
  path: string;
  /** ISO time it was taken. */
  takenAt: string;
}

export interface RecoveryHint {
  backupsDir: string;
  /** The newest backup in backupsDir, if there is one. */
  newest?: BackupRef | undefined;
  /** The command that restores a backup (npm start users: `npm run restore`). */
  restoreCommand: string;
  /** Paths are shown relative to this folder when inside it. */
  cwd: string;
}

// Postgres prefixes its log lines with a time and a process number the reader has no use for.
const LOG_PREFIX = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \w+ \[\d+\] /;
// Postgres's HINT ("you need to initdb") would contradict the advice printed after it.
const TELLING = /^(PANIC|FATAL|ERROR|DETAIL):/;

/** The lines of PostgreSQL's own log that say why it stopped, without their prefixes. */
export function postgresReason(stderr: readonly string[]): string {
  const lines = stderr
    .flatMap((chunk) => chunk.split('\n'))
    .map((line) => line.replace(LOG_PREFIX, '').replace(/\s+/g, ' ').trim())
    .filter((line) => TELLING.test(line));
  // Several attempts may repeat the same words; once each is enough.
  return [...new Set(lines)].join('\n');
}

/** A path as a person reads it: relative to `cwd` when inside it, absolute otherwise. */
export const shownPath = (path: string, cwd: string) => {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
};

const minute = (iso: string) => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** What the server and the seed script print when the embedded database does not open. */
export function describeOpenFailure(error: DatabaseOpenError, hint: RecoveryHint): string {
  const dir = shownPath(error.dataDir, hint.cwd);
  const backups = shownPath(hint.backupsDir, hint.cwd);
  const said = error.reason
    .split('\n')
    .map((line, i) => (i === 0 ? `  PostgreSQL said: ${line}` : `                   ${line}`));
  const restore = hint.newest
    ? [
        `  1. Restore the latest backup: ${hint.restoreCommand}`,
        `     (newest: ${shownPath(hint.newest.path, hint.cwd)}, taken ${minute(hint.newest.takenAt)};`,
        `     the damaged folder is kept aside, and anything written since the backup is lost).`,
      ]
    : [`  1. Restore a backup: none was found in ${backups}, so this is not possible here.`];
  return [
    `✖ The embedded database in ${dir} could not be opened.`,
    ...said,
    '  Its files are probably damaged: by a crash at a bad moment, or because they are a copy of a',
    '  running server’s folder (a copy of .data/ taken while the server runs is not a backup).',
    '  Nothing has been changed. What to do:',
    ...restore,
    `  2. Or start afresh: move the folder aside (mv ${dir} ${dir}-damaged) and start again;`,
    '     an empty database is made, with the demo content when started by `npm start`.',
  ].join('\n');
}

/** What is printed when another process already has the folder open. */
export function describeInUse(error: DatabaseInUseError, cwd: string): string {
  const { pid, since, command } = error.holder;
  return [
    `✖ The embedded database in ${shownPath(error.dataDir, cwd)} is open in another process`,
    `  (pid ${pid}, since ${minute(since)}: ${command}).`,
    '  Only one process at a time may open it; a second one would damage it.',
    '  Stop that process (the server started by `npm start`: Ctrl+C in its terminal), then try again.',
    `  If no such process is running, delete ${shownPath(error.lockFile, cwd)} and try again.`,
  ].join('\n');
}
