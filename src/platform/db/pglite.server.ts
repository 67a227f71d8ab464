import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { lockDataDir } from './dataDirLock.server';
import { DatabaseOpenError, postgresReason } from './openFailure';

/**
 * Opens PGlite on its folder so that a folder which cannot be opened says so. PGlite's own failure
 * is a bare "Aborted()" (its Postgres PANICs, and WebAssembly stops), which drizzle then reports as
 * "Failed query: CREATE SCHEMA IF NOT EXISTS". Postgres's reasons go to PGlite's stderr hook, so
 * they are kept here and given with a DatabaseOpenError instead.
 */
export interface OpenedPglite {
  client: PGlite;
  /**
   * The error to throw for a failure of the first queries (the migrations): a DatabaseOpenError
   * when it says the files are damaged, the error itself otherwise. Gives the lock back.
   */
  failure(error: unknown): Promise<unknown>;
  /** Closes the instance and gives the folder's lock back. */
  close(): Promise<void>;
}

const MEMORY = 'memory://';
const KEPT_LINES = 200;

/** Postgres's words for files it cannot trust: data_corrupted, index_corrupted, internal, I/O. */
const DAMAGE_CODE = /^(XX\d\d\d|58\d\d\d|58P\d\d)$/;

type ErrorLike = { name?: string; message?: string; code?: string; cause?: unknown } | undefined;

function chain(error: unknown): NonNullable<ErrorLike>[] {
  const found: NonNullable<ErrorLike>[] = [];
  for (let e = error as ErrorLike; e && found.length < 10; e = e.cause as ErrorLike) found.push(e);
  return found;
}

/** WebAssembly's abort after a PANIC: the instance is dead and cannot even close. */
const aborted = (error: unknown) =>
  chain(error).some((e) => e.name === 'RuntimeError' || e.message?.includes('Aborted()'));

function isDamage(error: unknown, stderr: readonly string[]): boolean {
  if (aborted(error)) return true;
  if (chain(error).some((e) => typeof e.code === 'string' && DAMAGE_CODE.test(e.code))) return true;
  return /^(PANIC|FATAL):/m.test(postgresReason(stderr));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function openPglite(
  dataDir: string,
  options: { loadDataDir?: Blob } = {},
): Promise<OpenedPglite> {
  const inMemory = dataDir === MEMORY;
  const folder = inMemory ? MEMORY : resolve(dataDir);
  if (!inMemory) mkdirSync(folder, { recursive: true });
  const release = inMemory ? () => {} : lockDataDir(folder);
  const stderr: string[] = [];
  const onStderr = (text: string) => {
    stderr.push(text);
    if (stderr.length > KEPT_LINES) stderr.shift();
    return false;
  };
  const client = new PGlite(inMemory ? undefined : folder, { onStderr, ...options });
  try {
    await client.waitReady;
  } catch (error) {
    release();
    throw new DatabaseOpenError(folder, postgresReason(stderr) || messageOf(error), { cause: error });
  }
  const close = async () => {
    try {
      if (!client.closed) await client.close();
    } finally {
      release();
    }
  };
  return {
    client,
    close,
    async failure(error) {
      // A live instance closes before the lock is given back; a dead one cannot.
      if (!aborted(error)) await close().catch(() => {});
      release();
      if (!isDamage(error, stderr)) return error;
      return new DatabaseOpenError(folder, postgresReason(stderr) || messageOf(error), { cause: error });
    },
  };
}
