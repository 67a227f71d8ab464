import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { openPglite } from './pglite.server';
import * as schema from './schema.server';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/**
 * The handle inside `db.transaction(async (tx) => …)`. It is a `Db` too (Drizzle's transaction
 * extends its database), so a function taking `db: Db` works inside a transaction when handed `tx`:
 * no cast. Take `tx: Tx` where the function must run inside one.
 */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** What the job queue connects through (src/platform/jobs). */
  queue: QueueBackend;
  close(): Promise<void>;
}

/** PostgreSQL: the queue's own small pool to the same database. PGlite: this very instance. */
export type QueueBackend = { kind: 'postgres'; url: string } | { kind: 'pglite'; client: PGlite };

interface DatabaseOptions {
  /** postgres:// URL; without it, PGlite. */
  url?: string | undefined;
  /** PGlite's folder on disk; 'memory://' keeps it in memory (tests). */
  dataDir: string;
  migrationsDir: string;
}

// Any number taken once for this app: the lock that serialises migrations across processes.
const MIGRATION_LOCK = 724_511_903;

/** Opens the database and brings its schema up to date with the committed migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const migrationsFolder = resolve(options.migrationsDir);
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection the server closes (a restart, a failover) must not crash the process:
    // the pool drops it and opens a new one for the next query.
    pool.on('error', (error) => {
      console.warn(
        '[db] an idle database connection closed:',
        (error as { code?: string }).code ?? error.name,
      );
    });
    const db = drizzlePg(pool, { schema });
    const lock = await pool.connect();
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migratePg(db, { migrationsFolder });
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      lock.release();
    }
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      queue: { kind: 'postgres', url: options.url },
      close: () => pool.end(),
    };
  }

  // A folder that cannot be opened throws a DatabaseOpenError (openFailure.ts), one another
  // process holds a DatabaseInUseError; the server and scripts print what to do about either.
  const pglite = await openPglite(options.dataDir);
  const db = drizzlePglite(pglite.client, { schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    throw await pglite.failure(error);
  }
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    queue: { kind: 'pglite', client: pglite.client },
    close: pglite.close,
  };
}

/**
 * Runs raw SQL and answers its rows. Both drivers answer `{ rows }`, but the shared Db type cannot
 * say so (its result is either driver's), so the rows are typed here, once, by the caller's query.
 */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** True when the database answers. */
export async function databaseIsReady(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/**
 * The row a statement with `returning()` wrote: an insert always answers the row it made (or an
 * update the row it changed, once found), so none is a broken database, never the family's doing.
 */
export function onlyRow<T>(rows: readonly T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('the statement returned no row');
  return row;
}
