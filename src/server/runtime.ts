import { type Api, createApi } from './api/app';
import { openDatabase } from './db/client';
import { loadSettings } from './env';
import { createTokenVerifier } from './identity';
import { createLogger } from './logger';
import { memoryRateLimiter, postgresRateLimiter } from './rateLimit';

let api: Promise<Api> | undefined;

/**
 * The server's one API instance, built on first use: settings parsed, database opened and
 * migrated. A bad setting stops the server with a message that names it.
 */
export function getApi(): Promise<Api> {
  api ??= build().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
  return api;
}

async function build(): Promise<Api> {
  const settings = loadSettings();
  const logger = createLogger(settings.LOG_LEVEL);
  const database = await openDatabase({
    url: settings.DATABASE_URL,
    dataDir: settings.DATA_DIR,
    migrationsDir: settings.MIGRATIONS_DIR,
  });
  logger.info({ database: database.kind }, 'database ready');
  return createApi({
    db: database.db,
    databaseKind: database.kind,
    verifyToken: createTokenVerifier({
      projectId: settings.FIREBASE_PROJECT_ID,
      emulatorHost: settings.FIREBASE_AUTH_EMULATOR_HOST,
    }),
    rateLimiter: database.kind === 'postgres' ? postgresRateLimiter(database.db) : memoryRateLimiter(),
    logger,
    settings,
  });
}
