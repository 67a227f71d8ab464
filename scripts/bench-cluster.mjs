// One copy of the server, then two behind a round-robin balancer (scripts/balancer.mjs), on one
// PostgreSQL database and one S3-compatible store, under a realistic mix driven by autocannon for a
// bounded time at 100 and 400 connections: public pages, a family's sign-in, reading-log writes and
// the navbar's conditional polls. Prints requests per second, p50/p99, errors, the ratio of two
// copies to one, and how much of the machine's CPU the balancer and the load generator took (they
// share its cores with the copies and PostgreSQL). Needs `astro build` and DATABASE_URL.
// `npm run bench:cluster [-- --seconds 15]`

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { startCluster } from './cluster.mjs';
import { createEmulatorAccount, startEmulator } from './emulator.mjs';
import { freePort } from './lib.mjs';

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1] || 15);
const CONNECTIONS = [100, 400];
const FAMILIES = 40;
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('bench:cluster runs the copies on PostgreSQL: set DATABASE_URL (postgres://…).');
  process.exit(1);
}

/** Families made through the API, each with a child and the validator of its unread count. */
async function families(base) {
  const made = [];
  for (let i = 0; i < FAMILIES; i++) {
    const email = `bench-${Date.now()}-${i}@example.com`;
    const { uid, idToken } = await createEmulatorAccount(email, 'a bench password');
    const headers = { authorization: `Bearer ${idToken}`, 'content-type': 'application/json' };
    const registration = { displayName: `Bench family ${i}`, acceptPrivacyPolicy: true };
    await fetch(`${base}/api/user/loginRegister`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ uid, email, registration }),
    });
    const child = await (
      await fetch(`${base}/api/children`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ firstName: `Reader${i}`, ageBand: '6-8', readingLevel: 'sapling' }),
      })
    ).json();
    const etag = (await fetch(`${base}/api/me/notifications/unread`, { headers })).headers.get('etag') ?? '';
    made.push({ uid, email, token: idToken, childId: child._id, etag });
  }
  return made;
}

/** Each connection is one family; its requests cycle through the mix. */
function mix(family) {
  const auth = { authorization: `Bearer ${family.token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const today = new Date().toISOString().slice(0, 10);
  return [
    { method: 'GET', path: '/' },
    { method: 'GET', path: '/programs' },
    { method: 'GET', path: '/blogs' },
    { method: 'GET', path: '/api/plans' },
    {
      method: 'POST',
      path: '/api/user/loginRegister',
      headers: json,
      body: JSON.stringify({ uid: family.uid, email: family.email }),
    },
    {
      method: 'GET',
      path: '/api/me/notifications/unread',
      headers: { ...auth, 'if-none-match': family.etag },
    },
    { method: 'GET', path: `/api/children/${family.childId}/reading?limit=20&today=${today}`, headers: auth },
    {
      method: 'POST',
      path: `/api/children/${family.childId}/reading`,
      headers: json,
      body: JSON.stringify({ title: 'The Bench Book', readOn: today, minutes: 15 }),
    },
    {
      method: 'GET',
      path: '/api/me/notifications/unread',
      headers: { ...auth, 'if-none-match': family.etag },
    },
  ];
}

/** CPU milliseconds a process has used (Linux /proc), or null where that is not readable. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

async function startBalancer(targets) {
  const port = await freePort(4600);
  const child = spawn(process.execPath, ['scripts/balancer.mjs', String(port), ...targets], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

async function drive(url, people, connections) {
  let client = 0;
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: mix(people[0]),
    setupClient: (c) => {
      const family = people[client++ % people.length];
      c.setRequests(mix(family));
    },
  });
  const own = process.cpuUsage(cpuBefore);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx - (result.statusCodeStats?.['304']?.count ?? 0),
    loadCpu: (own.user + own.system) / 1000 / (seconds * 1000),
  };
}

const stopEmulator = await startEmulator();
const cluster = await startCluster({
  copies: 2,
  databaseUrl,
  seed: true,
  env: { AUTH_RATE_LIMIT_PER_MINUTE: '10000000', APP_ENV: 'test' },
});
const results = [];
try {
  const people = await families(cluster.urls[0]);
  for (const copies of [1, 2]) {
    const balancer = await startBalancer(cluster.urls.slice(0, copies));
    await drive(balancer.url, people, 50).catch(() => {});
    for (const connections of CONNECTIONS) {
      const before = cpuMs(balancer.pid);
      const r = await drive(balancer.url, people, connections);
      const after = cpuMs(balancer.pid);
      const balancerCpu = before === null || after === null ? null : (after - before) / (seconds * 1000);
      results.push({ copies, connections, ...r, balancerCpu });
    }
    balancer.stop();
  }
} finally {
  await cluster.stop();
  await stopEmulator();
}

const cores = availableParallelism();
console.log(
  `\nCluster benchmark: ${seconds} s per run, PostgreSQL, ${cores} cores shared by the copies, PostgreSQL, the balancer and autocannon`,
);
console.log('copies  conns   req/s    p50 ms  p99 ms  errors  autocannon CPU  balancer CPU');
for (const r of results) {
  const share = (x) => (x === null ? '   n/a' : `${(x * 100).toFixed(0).padStart(4)}% of a core`);
  console.log(
    `${String(r.copies).padStart(6)} ${String(r.connections).padStart(6)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(7)}  ${share(r.loadCpu)}  ${share(r.balancerCpu)}`,
  );
}
for (const connections of CONNECTIONS) {
  const [one, two] = [1, 2].map((c) => results.find((r) => r.copies === c && r.connections === connections));
  if (one && two)
    console.log(
      `${connections} connections: two copies answer ${(two.rps / one.rps).toFixed(2)}× one copy's requests per second (goal: at least 1.6×, no errors)`,
    );
}
