// `npm run backup`: a consistent copy of the embedded database (PGlite's own dump, checked by
// opening it), with the uploads and the sign-in emulator's accounts, into .data/backups/<time>/;
// the newest five are kept (`--keep N`). It refuses while a server has the database open: PGlite
// is one process's, and a file copy taken while it runs is not a backup (docs/reliability.md).
// `npm run restore` puts one back.
import { parseArgs } from 'node:util';
import { BackupError, backUp } from '../src/platform/db/backups.server';
import { shownPath } from '../src/platform/db/openFailure';
import { explainDatabaseFailure } from '../src/platform/db/startupFailure.server';
import { embeddedFolders, failWith, summarizeRows } from './backupFolders';

const { values } = parseArgs({ options: { keep: { type: 'string', default: '5' } } });
const keep = Number(values.keep);
if (!Number.isInteger(keep) || keep < 1)
  failWith(`--keep must be a whole number from 1 on, not ${values.keep}.`);
const folders = embeddedFolders();

try {
  const { backup, manifest, removed } = await backUp({ ...folders, keep });
  const extras = manifest.extras.map((e) => (e === 'media' ? 'uploads' : 'sign-in accounts'));
  console.log(
    [
      `✔ Backed up the embedded database (${summarizeRows(manifest.rows)})${extras.length ? `, ${extras.join(' and ')}` : ''}`,
      `  to ${shownPath(backup.path, process.cwd())}`,
      `  Restore it with: npm run restore ${backup.name}  (the newest backup: npm run restore)`,
      removed.length ? `  Kept the newest ${keep}; removed ${removed.join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  );
} catch (error) {
  if (error instanceof BackupError) failWith(error.message);
  const explained = explainDatabaseFailure(error);
  if (explained) failWith(explained.replace(/^✖ /, ''));
  throw error;
}
