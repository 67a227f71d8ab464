import { describe, expect, it } from 'vitest';
import {
  DatabaseInUseError,
  DatabaseOpenError,
  describeInUse,
  describeOpenFailure,
  postgresReason,
} from './openFailure';

const cwd = '/home/kim/quillreads';
const damaged = new DatabaseOpenError(
  `${cwd}/.data/db`,
  'PANIC: could not locate a valid checkpoint record at 0/1861450',
);
const hint = { backupsDir: `${cwd}/.data/backups`, restoreCommand: 'npm run restore', cwd };

describe('postgresReason', () => {
  it('keeps what Postgres said and why, without its log prefixes, repeats or hints', () => {
    const stderr = [
      'pglitec: shmctl: no such segment 1',
      '2026-11-27 17:54:48.082 UTC [42] LOG:  invalid checkpoint record',
      '2026-11-27 17:54:48.082 UTC [42] PANIC:  could not locate a valid checkpoint record at 0/1861450',
      '2026-11-27 17:54:48.083 UTC [42] PANIC:  could not locate a valid checkpoint record at 0/1861450',
      'Aborted()',
      '2026-11-27 17:54:55.674 UTC [42] FATAL:  database files are incompatible with server\n2026-11-27 17:54:55.674 UTC [42] DETAIL:  initialized with PG_CONTROL_VERSION 1\n2026-11-27 17:54:55.674 UTC [42] HINT:  It looks like you need to initdb.',
    ];
    expect(postgresReason(stderr)).toBe(
      [
        'PANIC: could not locate a valid checkpoint record at 0/1861450',
        'FATAL: database files are incompatible with server',
        'DETAIL: initialized with PG_CONTROL_VERSION 1',
      ].join('\n'),
    );
  });

  it('is empty when Postgres said nothing telling', () => {
    expect(postgresReason(['LOG: database system is ready', ''])).toBe('');
  });
});

describe('describeOpenFailure', () => {
  it('names the folder, what Postgres said, the likely cause and the newest backup to restore', () => {
    const message = describeOpenFailure(damaged, {
      ...hint,
      newest: {
        name: '2026-11-26T09-15-02Z',
        path: `${cwd}/.data/backups/2026-11-26T09-15-02Z`,
        takenAt: '2026-11-26T09:15:02.120Z',
      },
    });
    expect(message).toContain('The embedded database in .data/db could not be opened.');
    expect(message).toContain(
      'PostgreSQL said: PANIC: could not locate a valid checkpoint record at 0/1861450',
    );
    expect(message).toMatch(/crash/);
    expect(message).toMatch(/copy of \.data\/ taken while the server runs is not a backup/);
    expect(message).toContain('Restore the latest backup: npm run restore');
    expect(message).toContain('newest: .data/backups/2026-11-26T09-15-02Z, taken 2026-11-26 09:15 UTC');
    expect(message).toContain('mv .data/db .data/db-damaged');
    expect(message).not.toMatch(/Failed query/);
  });

  it('says so when there is no backup, and still offers a fresh start', () => {
    const message = describeOpenFailure(damaged, hint);
    expect(message).toContain('none was found in .data/backups');
    expect(message).not.toContain('npm run restore');
    expect(message).toContain('start afresh');
  });

  it('keeps paths outside the working folder absolute, and indents each line of the reason', () => {
    const elsewhere = new DatabaseOpenError('/var/lib/quill/db', 'FATAL: one\nDETAIL: two');
    const message = describeOpenFailure(elsewhere, { ...hint, backupsDir: '/var/lib/quill/backups' });
    expect(message).toContain('The embedded database in /var/lib/quill/db could not be opened.');
    expect(message).toContain('PostgreSQL said: FATAL: one\n                   DETAIL: two');
    expect(message).toContain('none was found in /var/lib/quill/backups');
  });
});

describe('describeInUse', () => {
  it('names the process holding the folder and what to do', () => {
    const error = new DatabaseInUseError(`${cwd}/.data/db`, `${cwd}/.data/db.lock`, {
      pid: 4242,
      since: '2026-11-27T08:00:00.000Z',
      command: 'dist/server/main.mjs',
    });
    const message = describeInUse(error, cwd);
    expect(message).toContain('The embedded database in .data/db is open in another process');
    expect(message).toContain('pid 4242, since 2026-11-27 08:00 UTC: dist/server/main.mjs');
    expect(message).toContain('delete .data/db.lock');
  });
});
