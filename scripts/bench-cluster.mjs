// One copy of the server, then two behind a round-robin balancer (scripts/balancer.mjs), on one
// PostgreSQL database and one S3-compatible store, under a realistic mix driven by autocannon for a
// bounded time at 100 and 400 connections: public pages, a family's sign-in, reading-log writes and
// the navbar's conditional polls. Prints requests per second, p50/p99, errors, the ratio of two
// copies to one, and how much of the machine's CPU the balancer and the load generator took (they
// share its cores with the copies and PostgreSQL). Needs `astro build` and DATABASE_URL.
// `npm run bench:cluster [-- --seconds 15]`

import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import autocannon from 'autocannon';
import { startCluster } from './cluster.mjs';
import { createEmulatorAccount, startEmulator } from './emulator.mjs';
import { freePort } from './lib.mjs';

const seconds = Number(process.argv[process.argv.indexOf('--seconds') + 1] || 15);
const CONNECTIONS = [100, 400];
const FAMILIES = 40;
const NAMES = ['Maya', 'Theo', 'Ava', 'Kofi', 'Ida', 'Zoe', 'Nia', 'Ben'];
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
        body: JSON.stringify({ firstName: NAMES[i % NAMES.length], ageBand: '6-8', readingLevel: 'sapling' }),
      })
    ).json();
    const etag = (await fetch(`${base}/api/me/notifications/unread`, { headers })).headers.get('etag') ?? '';
    if (!child._id) throw new Error(`could not add a child: ${JSON.stringify(child)}`);
    made.push({ uid, email, token: idToken, childId: child._id, etag });
  }
  return made;
}

const pastDay = () =>
  new Date(Date.now() - (1 + Math.floor(Math.random() * 1800)) * 86_400_000).toISOString().slice(0, 10);

/** What a family asks for, in order: `as(build)` fills a request in from the connection's family. */
function familyRequests(as) {
  const today = new Date().toISOString().slice(0, 10);
  const unread = {
    method: 'GET',
    setupRequest: as((f, auth) => ({
      path: '/api/me/notifications/unread',
      headers: { ...auth, 'if-none-match': f.etag },
    })),
  };
  return [
    {
      method: 'POST',
      setupRequest: as((f, _, json) => ({
        path: '/api/user/loginRegister',
        headers: json,
        body: JSON.stringify({ uid: f.uid, email: f.email }),
      })),
    },
    unread,
    {
      method: 'GET',
      setupRequest: as((f, auth) => ({
        path: `/api/children/${f.childId}/reading?limit=20&today=${today}`,
        headers: auth,
      })),
    },
    // A day of the last five years: a family's day holds at most 24 hours of reading.
    {
      method: 'POST',
      setupRequest: as((f, _, json) => ({
        path: `/api/children/${f.childId}/reading`,
        headers: json,
        body: JSON.stringify({ title: 'The Bench Book', readOn: pastDay(), minutes: 5 }),
      })),
    },
    unread,
  ];
}

/**
 * The mix each connection cycles through: four public pages, then a family's own requests. A
 * connection is one family, chosen at its first request (autocannon's per-connection context).
 */
function mix(people) {
  let next = 0;
  const as = (build) => (request, context) => {
    context.family ??= people[next++ % people.length];
    const f = context.family;
    const auth = { authorization: `Bearer ${f.token}` };
    return { ...request, ...build(f, auth, { ...auth, 'content-type': 'application/json' }) };
  };
  const page = (path) => ({ method: 'GET', path, setupRequest: as(() => ({})) });
  return [page('/'), page('/programs'), page('/blogs'), page('/api/plans'), ...familyRequests(as)];
}

const sum = (values) => (values.some((v) => v === null) ? null : values.reduce((a, b) => a + b, 0));

/** CPU milliseconds every PostgreSQL server process on this machine has used (Linux /proc), or null. */
function postgresCpuMs() {
  try {
    let total = 0;
    for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.includes('(postgres)')) total += cpuMs(pid) ?? 0;
    }
    return total;
  } catch {
    return null;
  }
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
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    requests: mix(people),
  });
  const own = process.cpuUsage(cpuBefore);
  if (process.env.BENCH_VERBOSE) console.log(connections, result.statusCodeStats);
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
  output: process.env.BENCH_VERBOSE ? 'inherit' : 'ignore',
  env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000', APP_ENV: 'test' },
});
const results = [];
try {
  const people = await families(cluster.urls[0]);
  for (const copies of [1, 2]) {
    const balancer = await startBalancer(cluster.urls.slice(0, copies));
    await drive(balancer.url, people, 50).catch(() => {});
    for (const connections of CONNECTIONS) {
      const used = () => ({
        balancer: cpuMs(balancer.pid),
        copies: sum(cluster.pids().slice(0, copies).map(cpuMs)),
        postgres: postgresCpuMs(),
      });
      const before = used();
      const r = await drive(balancer.url, people, connections);
      const after = used();
      const share = (key) =>
        before[key] === null || after[key] === null ? null : (after[key] - before[key]) / (seconds * 1000);
      results.push({
        copies,
        connections,
        ...r,
        balancerCpu: share('balancer'),
        copiesCpu: share('copies'),
        postgresCpu: share('postgres'),
      });
    }
    balancer.stop();
  }
} finally {
  await cluster.stop();
  await stopEmulator();
}

const cores = availableParallelism();
console.log(
  `\nCluster benchmark: ${seconds} s per run, PostgreSQL; the copies, PostgreSQL, the balancer and autocannon share ${cores} cores`,
);
console.log(
  'copies  conns   req/s  p50 ms  p99 ms  errors   CPU (cores): copies  PostgreSQL  balancer  autocannon',
);
const cpu = (x) => (x === null ? '   n/a' : x.toFixed(2).padStart(6));
for (const r of results) {
  console.log(
    `${String(r.copies).padStart(6)} ${String(r.connections).padStart(6)} ${r.rps.toFixed(0).padStart(7)} ${String(r.p50).padStart(7)} ${String(r.p99).padStart(7)} ${String(r.errors).padStart(7)}   ${' '.repeat(7)}${cpu(r.copiesCpu)}      ${cpu(r.postgresCpu)}    ${cpu(r.balancerCpu)}      ${cpu(r.loadCpu)}`,
  );
}
for (const connections of CONNECTIONS) {
  const [one, two] = [1, 2].map((c) => results.find((r) => r.copies === c && r.connections === connections));
  if (one && two)
    console.log(
      `${connections} connections: two copies answer ${(two.rps / one.rps).toFixed(2)}× one copy's requests per second (goal: at least 1.6×, no errors)`,
    );
}
