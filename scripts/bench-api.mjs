// `npm run bench:api`: load from this process (autocannon) against the built server, running in
// its own process, on the login/register call and a public list endpoint, beside a bare Hono
// "hello" route measured in the same run. The ratio to the baseline is the figure to watch:
// these machines are noisy, absolute numbers are not. PGlite by default; Postgres with DATABASE_URL.
// Then scripts/bench-blogs.ts: the blog list at 10, 1,000 and 100,000 posts.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { createEmulatorAccount, startEmulator } from './emulator.mjs';
import { freePort, freshPostgresDatabase, run, step } from './lib.mjs';

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

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
  const helloPort = await freePort(appPort + 1);
  children.push(
    spawn(process.execPath, ['dist/server/entry.mjs'], {
      env: { ...env, PORT: String(appPort), HOST: '127.0.0.1' },
      stdio: 'ignore',
    }),
  );
  children.push(
    spawn(process.execPath, ['scripts/bench-hello.mjs'], {
      env: { ...env, PORT: String(helloPort) },
      stdio: 'ignore',
    }),
  );
  await waitFor(`http://127.0.0.1:${appPort}/api/health`);
  await waitFor(`http://127.0.0.1:${helloPort}/hello`);

  const account = await createEmulatorAccount(`bench-${Date.now()}@example.com`, 'benchmark password');
  const registration = await fetch(`http://127.0.0.1:${appPort}/api/user/loginRegister`, {
    method: 'POST',
    headers: { authorization: `Bearer ${account.idToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ registration: { displayName: 'Bench Parent', acceptPrivacyPolicy: true } }),
  });
  if (registration.status !== 201) throw new Error(`registration answered ${registration.status}`);

  const targets = [
    { name: 'bare Hono hello (baseline)', url: `http://127.0.0.1:${helloPort}/hello` },
    { name: 'GET /api/plans (public list)', url: `http://127.0.0.1:${appPort}/api/plans` },
    {
      name: 'POST /api/user/loginRegister',
      url: `http://127.0.0.1:${appPort}/api/user/loginRegister`,
      method: 'POST',
      headers: { authorization: `Bearer ${account.idToken}`, 'content-type': 'application/json' },
      body: '{}',
    },
  ];

  step(
    `Load: ${CONNECTIONS} connections for ${DURATION_S} s per route, database ${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`,
  );
  const results = [];
  for (const target of targets) {
    const result = await autocannon({ ...target, connections: CONNECTIONS, duration: DURATION_S });
    const errors = result.errors + result.non2xx;
    results.push({
      name: target.name,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors,
    });
  }
  const baseline = results[0].rps;
  console.log(
    `\n${'route'.padEnd(32)} ${'req/s'.padStart(9)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'vs hello'.padStart(9)} ${'errors'.padStart(7)}`,
  );
  for (const r of results) {
    console.log(
      `${r.name.padEnd(32)} ${r.rps.toFixed(0).padStart(9)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${(r.rps / baseline).toFixed(3).padStart(9)} ${String(r.errors).padStart(7)}`,
    );
  }
  console.log('\n"vs hello" is each route\'s throughput as a share of the bare Hono route in the same run.');
} finally {
  await cleanup();
}

step('The blog list as the table grows (10, 1,000 and 100,000 posts)');
if ((await run('tsx', ['scripts/bench-blogs.ts'])) !== 0) process.exit(1);
process.exit(0);
