// Helpers for the tests of the embedded database's folder (opening a damaged one, backups): a
// folder with some data, ways to damage it, and the project's scripts run as `npm run` runs them.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../src/platform/db/client.server';

const root = resolve(import.meta.dirname, '../..');
export const MIGRATIONS = join(root, 'drizzle');
// By its address, so a script run in another folder (a temporary one) still finds it.
const TSX = pathToFileURL(join(root, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;

/** Makes a PGlite folder holding one family (a parent, a child, `entries` reading entries). */
export async function folderWithData(dataDir: string, entries = 3): Promise<void> {
  const database = await openDatabase({ dataDir, migrationsDir: MIGRATIONS });
  try {
    await database.db.execute(sql`
      with parent as (
        insert into users (firebase_uid, email, display_name, privacy_consent_at)
        values ('backup-parent', 'backup@example.com', 'Robin Backup', now()) returning id),
      child as (
        insert into children (user_id, first_name, age_band, reading_level)
        select id, 'Juniper', '8-10', 'branch' from parent returning id)
      insert into reading_logs (child_id, title, read_on, minutes)
      select child.id, 'Kept book ' || n, current_date, 10 from child, generate_series(1, ${entries}::int) n`);
  } finally {
    await database.close();
  }
}

/** The reading entries' titles in a folder, opened as the server opens it (migrations included). */
export async function titlesIn(dataDir: string): Promise<string[]> {
  const database = await openDatabase({ dataDir, migrationsDir: MIGRATIONS });
  try {
    const rows = await queryRows<{ title: string }>(
      database.db,
      sql`select title from reading_logs order by title`,
    );
    return rows.map((r) => r.title);
  } finally {
    await database.close();
  }
}

/** Overwrites every write-ahead log segment: Postgres then finds no checkpoint to start from. */
export function garbleWal(dataDir: string): void {
  const wal = join(dataDir, 'pg_wal');
  for (const name of readdirSync(wal)) {
    const path = join(wal, name);
    if (statSync(path).isFile()) writeFileSync(path, Buffer.alloc(statSync(path).size, 0x33));
  }
}

/** Overwrites the start of global/pg_control, the file Postgres reads first. */
export function garbleControlFile(dataDir: string): void {
  const path = join(dataDir, 'global', 'pg_control');
  const bytes = readFileSync(path);
  bytes.fill(0x5a, 0, 256);
  writeFileSync(path, bytes);
}

export interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs one of the project's TypeScript scripts on this Node with tsx, as `npm run` does. */
export function runScript(
  script: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> },
): Promise<ScriptRun> {
  // The project's tsconfig (its `~/` paths) whatever the folder the script runs in.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TSX_TSCONFIG_PATH: join(root, 'tsconfig.json'),
    ...options.env,
  };
  // Neither a PostgreSQL server nor the sign-in emulator belongs in these runs.
  delete env.DATABASE_URL;
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', TSX, join(root, script), ...args], {
      cwd: options.cwd ?? root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', fail);
    child.on('exit', (code) => done({ code, stdout, stderr }));
  });
}
