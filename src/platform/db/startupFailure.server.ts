import { backupsDirFor, newestBackup } from './backups.server';
import {
  DatabaseInUseError,
  DatabaseOpenError,
  describeInUse,
  describeOpenFailure,
  type RecoveryHint,
} from './openFailure';

/** The command `npm start` users restore a backup with (package.json, scripts/restore.ts). */
export const RESTORE_COMMAND = 'npm run restore';

/**
 * What to print when opening the database failed, for the errors a person can act on (a damaged
 * or busy embedded folder); undefined for any other error, which keeps its own report.
 */
export function explainDatabaseFailure(error: unknown, cwd = process.cwd()): string | undefined {
  if (error instanceof DatabaseInUseError) return describeInUse(error, cwd);
  if (!(error instanceof DatabaseOpenError)) return undefined;
  const backupsDir = backupsDirFor(error.dataDir);
  let newest: RecoveryHint['newest'];
  try {
    newest = newestBackup(backupsDir);
  } catch {
    // An unreadable backups folder must not hide the message itself.
  }
  return describeOpenFailure(error, { backupsDir, newest, restoreCommand: RESTORE_COMMAND, cwd });
}

/**
 * Runs the start of a process that opens the database; a database that cannot be opened stops it
 * with the explanation (exit code 1) instead of a stack trace of "Failed query".
 */
export async function orExitOnDatabaseFailure<T>(open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    const message = explainDatabaseFailure(error);
    if (!message) throw error;
    console.error(`\n${message}\n`);
    process.exit(1);
  }
}
