import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { backUp, listBackups } from '../../src/platform/db/backups.server';
import { openDatabase } from '../../src/platform/db/client.server';
import { DatabaseOpenError } from '../../src/platform/db/openFailure';
import { folderWithData, garbleWal, MIGRATIONS, runScript, titlesIn } from './embeddedDatabase';

// Issue 23: `npm run backup` and `npm run restore` in a folder laid out as `npm start` keeps its
// data (.data/db, .data/media, .data/auth): a backup survives the database being damaged, a
// restore brings it back whole and keeps what it replaced, and neither runs while a process holds
// the database.

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function projectFolder() {
  const cwd = mkdtempSync(join(tmpdir(), 'quillreads-backup-'));
  roots.push(cwd);
  const data = join(cwd, '.data');
  mkdirSync(join(data, 'media', 'podcast'), { recursive: true });
  writeFileSync(join(data, 'media', 'podcast', 'episode.mp3'), 'audio bytes');
  mkdirSync(join(data, 'auth'), { recursive: true });
  writeFileSync(join(data, 'auth', 'firebase-export-metadata.json'), '{"accounts":1}');
  return { cwd, dataDir: join(data, 'db'), media: join(data, 'media'), backups: join(data, 'backups') };
}

describe('npm run backup, then npm run restore', () => {
  it('brings back the database, uploads and sign-in accounts after the database is damaged', async () => {
    const project = projectFolder();
    await folderWithData(project.dataDir);

    const backup = await runScript('scripts/backup.ts', [], { cwd: project.cwd });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(
      /✔ Backed up the embedded database \(accounts 1, children 1, reading entries 3/,
    );
    expect(backup.stdout).toContain('uploads and sign-in accounts');
    const [made] = listBackups(project.backups);
    expect(backup.stdout).toContain(`to .data/backups/${made?.name}`);

    // Written after the backup (lost by the restore, as the restore says), then the folder damaged.
    const database = await openDatabase({ dataDir: project.dataDir, migrationsDir: MIGRATIONS });
    await database.db.execute(sql`update reading_logs set title = 'Changed later'`);
    await database.close();
    writeFileSync(join(project.media, 'podcast', 'episode.mp3'), 'overwritten');
    garbleWal(project.dataDir);
    await expect(titlesIn(project.dataDir)).rejects.toBeInstanceOf(DatabaseOpenError);

    const restore = await runScript('scripts/restore.ts', [], { cwd: project.cwd });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`✔ Restored the backup ${made?.name}`);
    expect(restore.stdout).toMatch(/What it replaced is kept in \.data\/db\.before-restore-/);

    expect(await titlesIn(project.dataDir)).toEqual(['Kept book 1', 'Kept book 2', 'Kept book 3']);
    expect(readFileSync(join(project.media, 'podcast', 'episode.mp3'), 'utf8')).toBe('audio bytes');
    expect(existsSync(join(project.cwd, '.data', 'auth', 'firebase-export-metadata.json'))).toBe(true);
    // Nothing deleted: the damaged database and the replaced uploads are kept beside.
    const aside = readdirSync(join(project.cwd, '.data')).filter((n) => n.includes('.before-restore-'));
    expect(aside.map((n) => n.split('.before-restore-')[0]).sort()).toEqual(['auth', 'db', 'media']);
  }, 180_000);

  it('refuse while another process has the database open, changing nothing', async () => {
    const project = projectFolder();
    await folderWithData(project.dataDir);
    await backUp({ dataDir: project.dataDir });
    const holder = await openDatabase({ dataDir: project.dataDir, migrationsDir: MIGRATIONS });
    try {
      for (const script of ['scripts/backup.ts', 'scripts/restore.ts']) {
        const run = await runScript(script, [], { cwd: project.cwd });
        expect(run.code, script).toBe(1);
        expect(run.stderr).toContain('The embedded database in .data/db is open in another process');
        expect(run.stderr).toContain('Only one process at a time may open it');
      }
    } finally {
      await holder.close();
    }
    expect(listBackups(project.backups)).toHaveLength(1);
    expect(readdirSync(join(project.cwd, '.data')).some((n) => n.includes('before-restore'))).toBe(false);
  }, 180_000);

  it('keep the newest backups, restore one by name, and name the ones there are', async () => {
    const project = projectFolder();
    await folderWithData(project.dataDir, 1);
    const times = ['2026-11-20T10:00:00Z', '2026-11-21T10:00:00Z', '2026-11-22T10:00:00Z'];
    const removed: string[] = [];
    for (const time of times) {
      const made = await backUp({ dataDir: project.dataDir, keep: 2, now: new Date(time) });
      removed.push(...made.removed);
    }
    expect(removed).toEqual(['2026-11-20T10-00-00Z']);
    expect(listBackups(project.backups).map((b) => b.name)).toEqual([
      '2026-11-22T10-00-00Z',
      '2026-11-21T10-00-00Z',
    ]);

    const unknown = await runScript('scripts/restore.ts', ['2026-11-20T10-00-00Z'], { cwd: project.cwd });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There are: 2026-11-22T10-00-00Z, 2026-11-21T10-00-00Z.');

    const named = await runScript('scripts/restore.ts', ['2026-11-21T10-00-00Z'], { cwd: project.cwd });
    expect(named.code).toBe(0);
    expect(named.stdout).toContain('✔ Restored the backup 2026-11-21T10-00-00Z');
    expect(await titlesIn(project.dataDir)).toEqual(['Kept book 1']);
  }, 180_000);

  it('say what is wrong when there is nothing to back up or restore', async () => {
    const project = projectFolder();
    const backup = await runScript('scripts/backup.ts', [], { cwd: project.cwd });
    expect(backup.code).toBe(1);
    expect(backup.stderr).toMatch(/✖ There is no embedded database in .*\.data\/db to back up\./);
    const restore = await runScript('scripts/restore.ts', [], { cwd: project.cwd });
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(/✖ There is no backup in .*\.data\/backups\./);
    expect(existsSync(project.dataDir)).toBe(false);
  }, 180_000);
});
