import { openDatabase } from './db/client.server';
import { loadSettings } from './env.server';
import { type Api, createApi } from './http/app.server';
import { memoryRateLimiter, postgresRateLimiter } from './http/rateLimit.server';
import { createSignInAccountDeleter, createTokenVerifier } from './identity/identity.server';
import { createSignInAccounts } from './identity/signInAccounts.server';
import { createLogger } from './logger.server';
import { choosePaymentProvider } from './payments/provider.server';

let api: Promise<Api> | undefined;
let database: ReturnType<typeof openDatabase> | undefined;

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
  const { db, kind } = await getDatabase();
  logger.info({ database: kind }, 'database ready');
  // The emulator takes any key; a real project needs its web API key.
  const identityService = {
    apiKey: settings.PUBLIC_FIREBASE_API_KEY ?? 'emulator-key',
    emulatorHost: settings.FIREBASE_AUTH_EMULATOR_HOST,
  };
  return createApi({
    db,
    databaseKind: kind,
    verifyToken: createTokenVerifier({
      projectId: settings.FIREBASE_PROJECT_ID,
      emulatorHost: settings.FIREBASE_AUTH_EMULATOR_HOST,
    }),
    deleteSignInAccount: createSignInAccountDeleter(identityService),
    signInAccounts: createSignInAccounts(identityService),
    rateLimiter: kind === 'postgres' ? postgresRateLimiter(db) : memoryRateLimiter(),
    logger,
    settings,
    interviewSchedule: {
      windows: settings.INTERVIEW_SLOTS,
      timeZone: settings.INTERVIEW_TIME_ZONE,
      minutes: settings.INTERVIEW_MINUTES,
    },
    payments: choosePaymentProvider(settings),
  });
}

/** The server's one database connection, shared by the API and the pages rendered on demand. */
export function getDatabase() {
  database ??= (async () => {
    const settings = loadSettings();
    return openDatabase({
      url: settings.DATABASE_URL,
      dataDir: settings.DATA_DIR,
      migrationsDir: settings.MIGRATIONS_DIR,
    });
  })();
  return database;
}
