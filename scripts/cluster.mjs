// Several copies of the production build (dist/server/main.mjs) on one PostgreSQL database and one
// S3-compatible store, as a platform would run them behind a load balancer (decision 36). Used by
// the two-copies end-to-end test (tests/e2e/copies.spec.ts) and `npm run bench:cluster`. Needs
// `astro build`, a PostgreSQL server (DATABASE_URL) and the Auth emulator (FIREBASE_AUTH_EMULATOR_HOST).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { freePort, freshPostgresDatabase, run } from './lib.mjs';

const BUCKET = 'quillreads-media';

/** An S3-compatible store on a free port, with the site's bucket; answers its settings and a stop. */
async function startObjectStore() {
  const directory = await mkdtemp(join(tmpdir(), 'quillreads-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  return {
    env: {
      STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Waits until `url`'s readiness route answers 200 (or the process has gone). */
async function ready(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the copy at ${url} stopped (exit ${child.exitCode})`);
    const res = await fetch(`${url}/api/health`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the copy at ${url} was not ready within ${timeoutMs / 1000} s`);
}

/** `count` free ports of this machine, one after another from 4401. */
async function freePorts(count) {
  const ports = [];
  for (let port = 4400; ports.length < count; ) {
    port = await freePort(port + 1);
    ports.push(port);
  }
  return ports;
}

/**
 * Starts `copies` copies at once (their migrations meet on one database: the migration lock keeps
 * that safe) on free ports; answers their addresses, the shared settings, and ways to stop one
 * copy, start it again, and stop everything.
 */
export async function startCluster({ copies = 2, databaseUrl, env = {}, output = 'ignore', seed = false }) {
  if (!databaseUrl) throw new Error('Several copies share one PostgreSQL database: set DATABASE_URL.');
  const database = await freshPostgresDatabase(databaseUrl, 'qr_cluster');
  const store = await startObjectStore();
  const shared = {
    ...process.env,
    APP_ENV: 'test',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID ?? 'demo-quillreads',
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099',
    DATABASE_URL: database.url,
    ...store.env,
    ...env,
  };
  const started = [];
  const startCopy = async (index, port) => {
    const child = spawn(process.execPath, ['dist/server/main.mjs'], {
      env: { ...shared, PORT: String(port), DATA_DIR: join(tmpdir(), `quillreads-copy-${port}`) },
      stdio: ['ignore', output, output],
    });
    const url = `http://127.0.0.1:${port}`;
    started[index] = { child, url, port };
    return ready(url, child).then(() => url);
  };
  const ports = await freePorts(copies);
  const urls = await Promise.all(ports.map((p, i) => startCopy(i, p)));
  // The demo content (its podcast audio goes to the shared store), once the copies have migrated.
  if (
    seed &&
    (await run('tsx', ['scripts/seed.ts'], {
      env: shared,
      stdio: output === 'inherit' ? 'inherit' : 'ignore',
    })) !== 0
  )
    throw new Error('could not seed the demo content');
  const stopCopy = async (index, signal = 'SIGTERM') => {
    const copy = started[index];
    if (!copy || copy.child.exitCode !== null) return;
    const exited = new Promise((r) => copy.child.once('exit', r));
    copy.child.kill(signal);
    await exited;
  };
  return {
    urls,
    /** The copies' process ids (to measure what they use). */
    pids: () => started.map((copy) => copy.child.pid),
    env: shared,
    databaseUrl: database.url,
    /** Stops one copy: SIGTERM lets it finish (readiness 503 first); SIGKILL does not. */
    stopCopy,
    /** Starts a stopped copy again on its port. */
    restartCopy: (index) => startCopy(index, ports[index]),
    stop: async () => {
      await Promise.all(started.map((_, i) => stopCopy(i)));
      await store.stop();
      await database.drop().catch(() => {});
    },
  };
}
