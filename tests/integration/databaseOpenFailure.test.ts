import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backUp } from '../../src/platform/db/backups.server';
import { openDatabase } from '../../src/platform/db/client.server';
import { lockFileFor } from '../../src/platform/db/dataDirLock.server';
import { DatabaseInUseError, DatabaseOpenError } from '../../src/platform/db/openFailure';
import { explainDatabaseFailure } from '../../src/platform/db/startupFailure.server';
import {
  folderWithData,
  garbleControlFile,
  garbleWal,
  MIGRATIONS,
  runScript,
  titlesIn,
} from './embeddedDatabase';

// Issue 23: an embedded database that cannot be opened stops the server and `npm start`'s seed
// step with what happened and what to do, never a bare "Failed query"; a folder another process
// holds is refused before PGlite touches it.

const root = mkdtempSync(join(tmpdir(), 'quillreads-open-failure-'));
const pristine = join(root, 'pristine', 'db');
afterAll(() => rmSync(root, { recursive: true, force: true }));

beforeAll(async () => {
  await folderWithData(pristine);
}, 120_000);

/** A copy of the pristine folder in a `.data`-like folder of its own: `<case>/.data/db`. */
function copyOf(name: string): string {
  const dataDir = join(root, name, '.data', 'db');
  cpSync(pristine, dataDir, { recursive: true });
  return dataDir;
}

async function openFailure(dataDir: string): Promise<unknown> {
  return openDatabase({ dataDir, migrationsDir: MIGRATIONS }).then(
    async (database) => {
      await database.close();
      throw new Error('the damaged folder opened');
    },
    (error: unknown) => error,
  );
}

describe('a damaged embedded database', () => {
  it('whose write-ahead log is garbled is refused with what Postgres said and what to do', async () => {
    const dataDir = copyOf('wal');
    garbleWal(dataDir);
    const error = await openFailure(dataDir);
    expect(error).toBeInstanceOf(DatabaseOpenError);
    expect((error as DatabaseOpenError).reason).toMatch(/PANIC: could not locate a valid checkpoint record/);
    const message = explainDatabaseFailure(error, join(root, 'wal')) ?? '';
    expect(message).toContain('The embedded database in .data/db could not be opened.');
    expect(message).toContain('PostgreSQL said: PANIC: could not locate a valid checkpoint record');
    expect(message).toContain('none was found in .data/backups');
    expect(message).toContain('mv .data/db .data/db-damaged');
    expect(message).not.toMatch(/Failed query/);
    // The folder's lock was given back: nothing holds it after the failure.
    expect(existsSync(lockFileFor(dataDir))).toBe(false);
  }, 120_000);

  it('whose control file is garbled names the newest backup to restore', async () => {
    const dataDir = copyOf('control');
    const { backup } = await backUp({ dataDir, now: new Date('2026-11-26T09:15:02Z') });
    garbleControlFile(dataDir);
    const error = await openFailure(dataDir);
    expect(error).toBeInstanceOf(DatabaseOpenError);
    expect((error as DatabaseOpenError).reason).toMatch(/^FATAL: database files are incompatible/);
    const message = explainDatabaseFailure(error, join(root, 'control')) ?? '';
    expect(message).toContain('Restore the latest backup: npm run restore');
    expect(message).toContain(`newest: .data/backups/${backup.name}, taken 2026-11-26 09:15 UTC`);
  }, 120_000);

  it('stops `npm start`’s seed step with the message and exit code 1', async () => {
    const dataDir = copyOf('seed');
    garbleWal(dataDir);
    const run = await runScript('scripts/seed.ts', [], { env: { DATA_DIR: dataDir } });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`✖ The embedded database in ${dataDir} could not be opened.`);
    expect(run.stderr).toContain('PANIC: could not locate a valid checkpoint record');
    expect(run.stderr).not.toMatch(/Failed query|at openDatabase/);
  }, 120_000);
});

describe('an embedded database another process holds', () => {
  it('is refused, naming that process, and opens once the process is gone', async () => {
    const dataDir = copyOf('held');
    const holder = await openDatabase({ dataDir, migrationsDir: MIGRATIONS });
    try {
      const run = await runScript('scripts/seed.ts', [], { env: { DATA_DIR: dataDir } });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`is open in another process\n  (pid ${process.pid}`);
      expect(run.stderr).toContain(`delete ${dataDir}.lock`);
    } finally {
      await holder.close();
    }
    expect(await titlesIn(dataDir)).toHaveLength(3);
  }, 120_000);

  it('left locked by a process that was killed is opened again', async () => {
    const dataDir = copyOf('stale');
    const gone = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(
      lockFileFor(dataDir),
      JSON.stringify({ pid: gone, since: new Date().toISOString(), command: 'killed' }),
    );
    expect(await titlesIn(dataDir)).toHaveLength(3);
    expect(existsSync(lockFileFor(dataDir))).toBe(false);
  }, 120_000);

  it('is a typed error the server explains', () => {
    const error = new DatabaseInUseError('/x/db', '/x/db.lock', { pid: 1, since: '', command: 'c' });
    expect(explainDatabaseFailure(error, '/x')).toContain('Only one process at a time may open it');
    expect(explainDatabaseFailure(new Error('other'))).toBeUndefined();
  });
});
