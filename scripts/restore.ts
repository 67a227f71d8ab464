// `npm run restore [name]`: puts a backup made by `npm run backup` (the newest unless named; `--list`
// shows them) back in place of the embedded database, the uploads and the sign-in accounts. It
// refuses while a server has the database open, and moves the folders it replaces aside
// (`.data/db.before-restore-<time>`), never deleting them.
import { parseArgs } from 'node:util';
import { BackupError, listBackups } from '../src/platform/db/backups.server';
import { shownPath } from '../src/platform/db/openFailure';
import { restoreBackup } from '../src/platform/db/restore.server';
import { explainDatabaseFailure } from '../src/platform/db/startupFailure.server';
import { embeddedFolders, failWith, summarizeRows } from './backupFolders';

const { values, positionals } = parseArgs({
  options: { list: { type: 'boolean', default: false } },
  allowPositionals: true,
});
const folders = embeddedFolders();
const shown = (path: string) => shownPath(path, process.cwd());

if (values.list) {
  const backups = listBackups(folders.backupsDir);
  if (backups.length === 0) console.log(`No backups in ${shown(folders.backupsDir)}.`);
  for (const b of backups) console.log(`${b.name}  taken ${b.takenAt}`);
  process.exit(0);
}

try {
  const outcome = await restoreBackup({ ...folders, name: positionals[0] });
  console.log(
    [
      `✔ Restored the backup ${outcome.backup.name} (taken ${outcome.backup.takenAt}): ${summarizeRows(outcome.rows)}.`,
      ...outcome.keptAside.map(
        (aside) => `  What it replaced is kept in ${shown(aside)} (delete it when sure).`,
      ),
      '  Start the site again with: npm start',
    ].join('\n'),
  );
} catch (error) {
  if (error instanceof BackupError) failWith(error.message);
  const explained = explainDatabaseFailure(error);
  if (explained) failWith(explained.replace(/^✖ /, ''));
  throw error;
}
