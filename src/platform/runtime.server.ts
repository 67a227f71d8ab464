import { type Database, openDatabase } from './db/client.server';
import { loadSettings } from './env.server';
import type { ApiDeps } from './http/context.server';
import { memoryRateLimiter, postgresRateLimiter } from './http/rateLimit.server';
import { createSignInAccountDeleter, createTokenVerifier } from './identity/identity.server';
import { createSignInAccounts } from './identity/signInAccounts.server';
import { createJobQueue, type JobQueue } from './jobs/queue.server';
import { type Live, liveOnDatabase } from './live/live.server';
import { createLogger } from './logger.server';
import { choosePaymentProvider } from './payments/provider.server';
import { loadNetworkSettings } from './server/network.server';

type OpenDatabase = ReturnType<typeof openDatabase>;

/**
 * The process's one database, kept on globalThis: the production server's API bundle and Astro's
 * page bundle each carry a copy of this module, and both must share one connection (PGlite holds
 * its folder exclusively).
 */
const DATABASE = Symbol.for('quillreads.database');
const shared = globalThis as typeof globalThis & { [DATABASE]?: OpenDatabase };

/**
 * What the API needs from the outside world, from this server's settings: the database (opened and
 * migrated), the identity service, rate limits, the logger and the payment provider; with `jobs`
 * (the production server, which works them), the job queue for the admin console.
 */
export async function serverDeps(options: { jobs?: boolean } = {}): Promise<ApiDeps> {
  const settings = loadSettings();
  const network = loadNetworkSettings();
  const logger = serverLogger();
  const database = await getDatabase();
  const { db, kind } = database;
  logger.info({ database: kind }, 'database ready');
  // The emulator takes any key; a real project needs its web API key.
  const identityService = {
    apiKey: settings.PUBLIC_FIREBASE_API_KEY ?? 'emulator-key',
    emulatorHost: settings.FIREBASE_AUTH_EMULATOR_HOST,
  };
  return {
    db,
    databaseKind: kind,
    verifyToken: createTokenVerifier({
      projectId: settings.FIREBASE_PROJECT_ID,
      emulatorHost: settings.FIREBASE_AUTH_EMULATOR_HOST,
    }),
    deleteSignInAccount: createSignInAccountDeleter(identityService),
    signInAccounts: createSignInAccounts(identityService),
    rateLimiter: kind === 'postgres' ? postgresRateLimiter(db) : memoryRateLimiter(),
    live: serverLive(database),
    trustedProxies: network.TRUST_PROXY,
    logger,
    settings,
    interviewSchedule: {
      windows: settings.INTERVIEW_SLOTS,
      timeZone: settings.INTERVIEW_TIME_ZONE,
      minutes: settings.INTERVIEW_MINUTES,
      callUrl: settings.INTERVIEW_CALL_URL,
      phone: settings.INTERVIEW_PHONE,
    },
    payments: choosePaymentProvider(settings),
    ...(options.jobs ? { jobs: await getJobQueue() } : {}),
  };
}

const LOGGER = Symbol.for('quillreads.logger');
const sharedLogger = globalThis as typeof globalThis & { [LOGGER]?: ReturnType<typeof createLogger> };

/** The server's one logger: the API's and the background jobs' lines come from the same one. */
export function serverLogger() {
  sharedLogger[LOGGER] ??= createLogger(loadSettings().LOG_LEVEL);
  return sharedLogger[LOGGER];
}

/** The server's one database connection, shared by the API and the pages rendered on demand. */
export function getDatabase() {
  shared[DATABASE] ??= (async () => {
    const settings = loadSettings();
    return openDatabase({
      url: settings.DATABASE_URL,
      dataDir: settings.DATA_DIR,
      migrationsDir: settings.MIGRATIONS_DIR,
    });
  })();
  return shared[DATABASE];
}

const JOBS = Symbol.for('quillreads.jobs');
const sharedJobs = globalThis as typeof globalThis & { [JOBS]?: Promise<JobQueue> };

/**
 * The server's one job queue, on its database (decision 26): made here, not started. The production
 * server starts it and works the jobs; the API reads it for the admin console.
 */
export function getJobQueue(): Promise<JobQueue> {
  sharedJobs[JOBS] ??= getDatabase().then((database) =>
    createJobQueue(database.queue, { logger: serverLogger() }),
  );
  return sharedJobs[JOBS];
}

const LIVE = Symbol.for('quillreads.live');
const sharedLive = globalThis as typeof globalThis & { [LIVE]?: Live };

/**
 * The server's live event streams and their database listener (decision 36): one per process, so
 * the stop at SIGTERM (main.server.ts) ends every stream the pages hold.
 */
export function serverLive(database: Database): Live {
  sharedLive[LIVE] ??= liveOnDatabase(database.queue, serverLogger());
  return sharedLive[LIVE];
}

/** Ends this process's event streams and stops listening, if it had any. */
export async function closeServerLive(): Promise<void> {
  await sharedLive[LIVE]?.close();
}
