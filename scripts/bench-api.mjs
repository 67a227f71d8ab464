// `npm run bench:api`: load from this process (autocannon) against the production server
// (dist/server/main.mjs) in its own process, beside baselines measured in the same run: a bare Hono
// app on Node's HTTP server (scripts/bench-baseline.ts) answering a constant, and the same bare app
// running exactly each route's database work on the same data. These machines are noisy, so the
// ratio to the baseline is the figure to watch, not the absolute numbers. Each pair runs at 10
// connections, then at 100 (tail latency). PGlite by default; Postgres with DATABASE_URL.
// Then scripts/bench-blogs.ts: the blog list at 10, 1,000 and 100,000 posts.
// Goals (issue 14): /api/health at least half of the constant baseline; the others at least half of
// their query baseline; p99 under 50 ms at 100 connections.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createEmulatorAccount, startEmulator } from './emulator.mjs';
import { freePort, freshPostgresDatabase, run, step } from './lib.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTION_LEVELS = (process.env.BENCH_CONNECTIONS ?? '10,100').split(',').map(Number);
const WARM_UP_S = 1;

if (!process.argv.includes('--no-build')) {
  step('Building the site');
  if ((await run('astro', ['build'])) !== 0) process.exit(1);
}

const env = {
  ...process.env,
  APP_ENV: 'test',
  FIREBASE_PROJECT_ID: 'demo-quillreads',
  FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'quillreads-bench-')),
};
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const fresh = await freshPostgresDatabase(process.env.DATABASE_URL, 'qr_bench');
  env.DATABASE_URL = fresh.url;
  dropDatabase = fresh.drop;
}

const children = [];
const stopEmulator = await startEmulator();
async function cleanup() {
  for (const child of children) child.kill('SIGTERM');
  await stopEmulator();
  await dropDatabase().catch(() => {});
}

async function waitFor(url) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

try {
  if ((await run('tsx', ['scripts/seed.ts'], { env, stdio: 'ignore' })) !== 0)
    throw new Error('seeding failed');
  const appPort = await freePort(4600);
  const basePort = await freePort(appPort + 1);
  const account = await createEmulatorAccount(`bench-${Date.now()}@example.com`, 'benchmark password');
  children.push(
    spawn(process.execPath, ['dist/server/main.mjs'], {
      env: { ...env, PORT: String(appPort), HOST: '127.0.0.1' },
      stdio: 'ignore',
    }),
  );
  await waitFor(`http://127.0.0.1:${appPort}/api/health`);
  const registration = await fetch(`http://127.0.0.1:${appPort}/api/user/loginRegister`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ registration: { displayName: 'Bench Parent', acceptPrivacyPolicy: true } }),
  });
  if (registration.status !== 201) throw new Error(`registration answered ${registration.status}`);

  // The baseline reads the same data: the same Postgres database, or a copy of the PGlite folder
  // (one PGlite folder cannot be open in two processes), taken after the registration above.
  const baselineEnv = { ...env, PORT: String(basePort), BENCH_UID: account.uid };
  if (!env.DATABASE_URL) {
    baselineEnv.DATA_DIR = mkdtempSync(join(tmpdir(), 'quillreads-bench-copy-'));
    cpSync(env.DATA_DIR, baselineEnv.DATA_DIR, { recursive: true });
    // The copy was taken from an open database: PGlite recovers it like after a crash.
    await rm(join(baselineEnv.DATA_DIR, 'postmaster.pid'), { force: true });
  }
  children.push(
    spawn(process.execPath, ['--import', 'tsx', 'scripts/bench-baseline.ts'], {
      env: baselineEnv,
      stdio: 'ignore',
    }),
  );
  await waitFor(`http://127.0.0.1:${basePort}/hello`);

  const app = (path, extra = {}) => ({ url: `http://127.0.0.1:${appPort}${path}`, ...extra });
  const base = (path, extra = {}) => ({ url: `http://127.0.0.1:${basePort}${path}`, ...extra });
  const login = {
    method: 'POST',
    headers: { authorization: `Bearer ${account.idToken}`, 'content-type': 'application/json' },
    body: '{}',
  };
  const pairs = [
    { name: 'GET /api/health', route: app('/api/health'), baseline: base('/hello'), against: 'constant' },
    { name: 'GET /api/plans', route: app('/api/plans'), baseline: base('/plans'), against: 'same query' },
    { name: 'GET /api/blogs', route: app('/api/blogs'), baseline: base('/blogs'), against: 'same query' },
    {
      name: 'POST /api/user/loginRegister',
      route: app('/api/user/loginRegister', login),
      baseline: base('/login', { ...login, headers: {} }),
      against: 'same query',
    },
  ];

  async function load(target, connections) {
    await autocannon({ ...target, connections, duration: WARM_UP_S });
    const result = await autocannon({ ...target, connections, duration: DURATION_S });
    return {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.non2xx,
    };
  }

  const rows = [];
  for (const connections of CONNECTION_LEVELS) {
    step(
      `Load: ${connections} connections, ${DURATION_S} s per route after ${WARM_UP_S} s of warm-up, database ${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
    );
    for (const pair of pairs) {
      const baseline = await load(pair.baseline, connections);
      const route = await load(pair.route, connections);
      rows.push({ ...pair, connections, baseline, measured: route, ratio: route.rps / baseline.rps });
    }
  }

  const pad = (v, n) => String(v).padStart(n);
  console.log(
    `\n${'route'.padEnd(30)} ${pad('conns', 5)} ${pad('req/s', 8)} ${pad('p50', 5)} ${pad('p99', 5)} ${pad('baseline', 9)} ${pad('b.p99', 6)} ${pad('against', 10)} ${pad('ratio', 6)} ${pad('errors', 6)}`,
  );
  let failed = 0;
  for (const r of rows) {
    const ratioOk = r.connections !== 10 || r.ratio >= 0.5;
    const tailOk = r.connections < 100 || r.measured.p99 < 50;
    if (!ratioOk || !tailOk || r.measured.errors > 0) failed += 1;
    console.log(
      `${r.name.padEnd(30)} ${pad(r.connections, 5)} ${pad(r.measured.rps.toFixed(0), 8)} ${pad(r.measured.p50, 5)} ${pad(r.measured.p99, 5)}${tailOk ? ' ' : '!'} ${pad(r.baseline.rps.toFixed(0), 8)} ${pad(r.baseline.p99, 6)} ${pad(r.against, 10)} ${pad(r.ratio.toFixed(2), 6)}${ratioOk ? ' ' : '!'} ${pad(r.measured.errors, 6)}`,
    );
  }
  console.log(
    '\n"ratio" is the route\'s throughput over its baseline in the same run (goal at 10 connections: 0.5 or more);',
  );
  console.log('p99 in ms (goal at 100 connections: under 50). "!" marks a missed goal.');
  if (failed) console.log(`${failed} figure(s) missed their goal.`);
} finally {
  await cleanup();
}

step('The blog list as the table grows (10, 1,000 and 100,000 posts)');
if ((await run('tsx', ['scripts/bench-blogs.ts'])) !== 0) process.exit(1);
process.exit(0);
