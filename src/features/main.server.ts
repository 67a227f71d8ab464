// The production server's entry: `node dist/server/main.mjs` (the build bundles this file there,
// beside Astro's entry.mjs; see scripts/build-server.mjs). It opens the database, builds the API,
// loads the built files and listens on HOST:PORT. docs/decisions/0025-compression-and-caching.md.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { orExitOnDatabaseFailure } from '~/platform/db/startupFailure.server';
import { registerEmailJobs } from '~/platform/email/emailJobs.server';
import { loadSettings } from '~/platform/env.server';
import { setPageModuleGraph } from '~/platform/http/modulePreloads';
import { inlineScriptHashes, pagePolicy, securitySettings } from '~/platform/http/securityHeaders.server';
import { onNudge } from '~/platform/jobs/signals';
import { publicConfig } from '~/platform/publicConfig';
import { closeServerLive, getDatabase, getJobQueue, serverLogger } from '~/platform/runtime.server';
import { markStopping } from '~/platform/server/lifecycle.server';
import { builtModuleGraph } from '~/platform/server/moduleGraph.server';
import { checkEmulatorExposure } from '~/platform/server/network.server';
import { createSiteServer, type PageHandler } from '~/platform/server/server.server';
import { loadStaticFiles } from '~/platform/server/staticFiles.server';
import { registerFileDeletionJob } from '~/platform/storage/fileDeletions.server';
import { getStorage } from '~/platform/storage/index.server';
import { getApi } from './api.server';
import { registerBlogJobs } from './blogs/blogJobs.server';
import { EMAIL_TEMPLATES, serverMailer } from './emails.server';
import { registerProgramJobs, WEEKLY_PLAN_SCAN_JOB } from './program/planJobs.server';
import { REPORT_SCAN_JOB, registerReportJobs } from './reports/reportJobs.server';

const here = dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? 'localhost';

// Before anything opens: the emulator's unsigned sign-ins are served on this machine only, unless
// ALLOW_EMULATOR_ON_NETWORK says otherwise.
try {
  if (checkEmulatorExposure(host)) {
    console.warn(
      `⚠ Emulator sign-ins are accepted on ${host}: anyone who reaches it can sign in as anyone (ALLOW_EMULATOR_ON_NETWORK=true).`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// A database that cannot be opened (a damaged embedded folder, or one another process holds)
// stops the server here with what happened and what to do (src/platform/db/openFailure.ts).
await orExitOnDatabaseFailure(getDatabase);
// This server runs the jobs, so its API shows them in the admin console.
const api = await getApi({ jobs: true });
// The pages' policy (decision 28), from the public settings they were built with
// (scripts/build-server.mjs gives this bundle the build's PUBLIC_ values), APP_ENV, and the inline
// scripts of the built pages.
// The settings were checked when the API was built: read once here for what the server needs.
const settings = loadSettings();
const security = securitySettings(publicConfig, process.env.APP_ENV, settings.MEDIA_PUBLIC_URL);
let pagesPolicy = pagePolicy(security, []);
const files = loadStaticFiles(join(here, '..', 'client'), {
  pageHeaders: (pages) => {
    pagesPolicy = pagePolicy(security, inlineScriptHashes(...pages));
    return { 'Content-Security-Policy': pagesPolicy };
  },
});
// The pages rendered on request preload their islands' scripts from this graph (decision 35).
setPageModuleGraph(builtModuleGraph(join(here, '..', 'client')));
// Astro's Node adapter in middleware mode: a handler for everything rendered on request.
const astroEntry = pathToFileURL(join(here, 'entry.mjs')).href;
const { handler } = (await import(astroEntry)) as { handler: PageHandler };

const server = createSiteServer({
  api,
  files,
  pages: handler,
  security: { ...security, pagePolicy: pagesPolicy },
});
server.keepAliveTimeout = 65_000;
server.listen(port, host, () => {
  console.log(`Quill Reads is listening on http://${host}:${port} (${files.size} built files in memory)`);
});

// Background work (decision 26): the queue lives in the same database. On a first start it installs
// its tables (seconds on PGlite); the site answers meanwhile, and the jobs wait in the database.
const logger = serverLogger();
const database = await getDatabase();
const jobs = await getJobQueue();
const mailer = serverMailer(settings);
function startJobs(attempt = 0) {
  registerProgramJobs(jobs, database.db, logger)
    .then(() => registerBlogJobs(jobs, database.db, logger))
    .then(() => registerFileDeletionJob(jobs, database.db, getStorage(), logger))
    .then(() => registerReportJobs(jobs, database.db, logger))
    .then(() => registerEmailJobs(jobs, database.db, { mailer, templates: EMAIL_TEMPLATES, logger }))
    .then(() => {
      // A program just paid for gets its first plan now, not at the next minute's scan.
      onNudge('programs', () => {
        jobs.send(WEEKLY_PLAN_SCAN_JOB, {}).catch(() => {});
      });
      // Reports due while the server was stopped are made at start, not at the next hour.
      jobs.send(REPORT_SCAN_JOB, {}).catch(() => {});
    })
    .catch((error: Error) => {
      if (stopping) return;
      // The database may be out of reach for a moment: try again, less and less often.
      const delayMs = Math.min(5 * 60_000, 5_000 * 2 ** attempt);
      logger.error(
        { errorName: error?.name, message: error?.message, retryInMs: delayMs },
        'the job queue did not start',
      );
      setTimeout(() => startJobs(attempt + 1), delayMs).unref();
    });
}

let stopping = false;
startJobs();

function stop() {
  if (stopping) return;
  stopping = true;
  // Readiness answers 503 from now on: load balancers move new requests to the other copies.
  markStopping();
  // The pages' event streams end now (each page opens a new one on another copy) and the database
  // listener stops: an open stream would otherwise hold the server open to the end.
  const liveClosed = closeServerLive().catch(() => {});
  // At once: no new jobs taken, and those under way get 3 s to finish (one cut short runs again
  // later). Meanwhile the requests under way finish (at most 5 s). Then the database closes (PGlite
  // writes its last pages, the Postgres pool ends its connections) and the process leaves.
  const jobsStopped = jobs.stop({ timeoutMs: 3000 }).catch(() => {});
  let closing = false;
  const closeAndLeave = () => {
    if (closing) return;
    closing = true;
    void Promise.all([jobsStopped, liveClosed])
      .then(() => mailer.close())
      .then(() => database.close())
      .catch(() => {})
      .finally(() => process.exit(0));
  };
  server.close(closeAndLeave);
  server.closeIdleConnections();
  setTimeout(closeAndLeave, 5000).unref();
  setTimeout(() => process.exit(0), 8000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
