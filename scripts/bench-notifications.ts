// What 10,000 signed-in families cost the navbar's count (issue 29, decision 36): polling every 20 s
// (500 polls a second), a conditional poll (304), and one event stream per family told only when
// their count changes. Through the API's real router in this process, on PGlite in memory, or on a
// fresh database of DATABASE_URL's server. Sign-in tokens are read by a stand-in that names the
// account (the real check verifies a signature with cached keys, about the same for every design);
// everything after it (the account's row, the count, the answer) is the product's own code.
import { sql } from 'drizzle-orm';
import { createApi } from '../src/features/api.server';
import { readEvents } from '../src/platform/client/eventStream';
import { openDatabase } from '../src/platform/db/client.server';
import { memoryRateLimiter } from '../src/platform/http/rateLimit.server';
import { liveOnDatabase } from '../src/platform/live/live.server';
import { createLogger } from '../src/platform/logger.server';
import { freshPostgresDatabase } from './lib.mjs';

const FAMILIES = Number(process.env.BENCH_FAMILIES ?? 10_000);
const POLL_SECONDS = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2_000);
const CONCURRENCY = 8;

let url = process.env.DATABASE_URL;
let drop = async () => {};
if (url) ({ url, drop } = await freshPostgresDatabase(url, 'qr_bench_notifications'));
const database = await openDatabase({ url, dataDir: 'memory://', migrationsDir: 'drizzle' });
const { db } = database;
const live = liveOnDatabase(database.queue, createLogger('silent'));
const unused = () => Promise.reject(new Error('not used by the benchmark'));
const api = createApi({
  db,
  databaseKind: database.kind,
  verifyToken: async (token) => ({
    uid: token,
    email: `${token}@bench.test`,
    emailVerified: true,
    name: 'Bench',
    authTime: null,
  }),
  deleteSignInAccount: unused,
  signInAccounts: { create: unused, sendPasswordLink: unused },
  rateLimiter: memoryRateLimiter(),
  live,
  logger: createLogger('silent'),
  settings: { ADMIN_EMAILS: [], AUTH_RATE_LIMIT_PER_MINUTE: 1_000_000 },
});

/** 10,000 families, 1 to 3 children each, 6 notifications a child, a third of them unread. */
async function seed() {
  await db.execute(sql`
    insert into users (firebase_uid, email, display_name, privacy_consent_at)
    select 'family-' || n, 'family-' || n || '@bench.test', 'Family ' || n, now()
    from generate_series(1, ${FAMILIES}::int) as n`);
  await db.execute(sql`
    insert into children (user_id, first_name, age_band, reading_level)
    select u.id, 'Child ' || k, '6-8', 'sapling' from users u, generate_series(1, 3) as k
    where k <= 1 + (hashtext(u.id::text) & 1) + (hashtext(u.id::text || 'x') & 1)`);
  await db.execute(sql`
    insert into notifications (child_id, kind, title, created_at, read_at)
    select c.id, 'milestone', 'Note ' || k, now() - (k || ' hours')::interval,
           case when k % 3 = 0 then null else now() end
    from children c, generate_series(1, 6) as k`);
  await db.execute(sql`analyze`);
}

const token = (n: number) => `family-${1 + (n % FAMILIES)}`;
const ask = (n: number, headers: Record<string, string> = {}) =>
  api.request('/api/me/notifications/unread', {
    headers: { authorization: `Bearer ${token(n)}`, ...headers },
  });

/** Requests per second and median/p99 ms of `once`, CONCURRENCY at a time. */
async function rate(once: (n: number) => Promise<void>) {
  for (let i = 0; i < 200; i++) await once(i);
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < ROUNDS) {
        const n = next++;
        const t = performance.now();
        await once(n);
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0;
  return { perSecond: ROUNDS / seconds, p50: at(0.5), p99: at(0.99) };
}

async function countQuery() {
  const result = await db.execute(sql`
    explain (analyze, buffers, format json)
    select count(*)::int, max(n.created_at) from notifications n join children c on c.id = n.child_id
    where c.user_id = (select id from users where firebase_uid = 'family-42') and n.read_at is null`);
  const plan = (result as unknown as { rows: { 'QUERY PLAN': unknown }[] }).rows[0]?.['QUERY PLAN'];
  const top = (Array.isArray(plan) ? plan[0] : JSON.parse(String(plan))[0]) as {
    'Execution Time': number;
    Plan: { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number };
  };
  const text = JSON.stringify(plan);
  return {
    ms: top['Execution Time'],
    blocks: (top.Plan['Shared Hit Blocks'] ?? 0) + (top.Plan['Shared Read Blocks'] ?? 0),
    usesIndexes: text.includes('notifications_unread_idx') && text.includes('children_user_id_idx'),
  };
}

/** Streams for `count` families; how much memory they hold, and how long a change takes to arrive. */
async function streams(count: number) {
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  const open: { stop: AbortController; events: number }[] = [];
  for (let n = 0; n < count; n++) {
    const res = await api.request('/api/me/notifications/stream', {
      headers: { authorization: `Bearer ${token(n)}` },
    });
    const entry = { stop: new AbortController(), events: 0 };
    const heard = () => {
      entry.events += 1;
    };
    void readEvents(res.body as ReadableStream<Uint8Array>, heard, entry.stop.signal);
    open.push(entry);
  }
  await new Promise((r) => setTimeout(r, 200));
  globalThis.gc?.();
  const perStream = (process.memoryUsage().heapUsed - before) / count;
  const delays: number[] = [];
  for (let i = 0; i < 50; i++) {
    const n = (i * 197) % count;
    const entry = open[n];
    if (!entry) break;
    const had = entry.events;
    const t = performance.now();
    await db.execute(sql`
      insert into notifications (child_id, kind, title)
      select c.id, 'event', 'Fan-out' from children c join users u on u.id = c.user_id
      where u.firebase_uid = ${token(n)} limit 1`);
    while (entry.events === had) await new Promise((r) => setImmediate(r));
    delays.push(performance.now() - t);
  }
  delays.sort((a, b) => a - b);
  for (const entry of open) entry.stop.abort();
  return { perStream, p50: delays[Math.floor(delays.length / 2)] ?? 0, max: delays.at(-1) ?? 0 };
}

try {
  const seeded = performance.now();
  await seed();
  console.log(
    `Seeded ${FAMILIES.toLocaleString('en-US')} families in ${((performance.now() - seeded) / 1000).toFixed(1)} s (${database.kind}).`,
  );
  const query = await countQuery();
  const fresh = await rate(async (n) => void (await (await ask(n)).text()));
  const etags = new Map<number, string>();
  for (let n = 0; n < FAMILIES; n++) etags.set(n, (await ask(n)).headers.get('etag') ?? '');
  const conditional = await rate(async (n) => {
    const res = await ask(n, { 'if-none-match': etags.get(n % FAMILIES) ?? '' });
    if (res.status !== 304) throw new Error(`expected 304, got ${res.status}`);
  });
  const fanOut = await streams(Math.min(FAMILIES, Number(process.env.BENCH_STREAMS ?? 2_000)));
  const needed = FAMILIES / POLL_SECONDS;
  const line = (name: string, r: { perSecond: number; p50: number; p99: number }) =>
    `${name.padEnd(28)} ${r.perSecond.toFixed(0).padStart(7)}/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  → ${((needed / r.perSecond) * 100).toFixed(0)}% of this process for ${needed.toFixed(0)} polls/s`;
  console.log(
    `\nThe count's query: ${query.ms.toFixed(3)} ms, ${query.blocks} blocks, ${query.usesIndexes ? 'by its indexes' : 'NOT by its indexes'}`,
  );
  console.log(
    `Polling every ${POLL_SECONDS} s: ${needed.toFixed(0)} requests/s, each one account lookup and one count query`,
  );
  console.log(line('poll (200, JSON)', fresh));
  console.log(line('conditional poll (304)', conditional));
  console.log(
    `conditional / plain: ${(conditional.perSecond / fresh.perSecond).toFixed(2)}× the polls per second (the database work is the same; no body is made or sent)`,
  );
  console.log(
    `\nStreams: ${fanOut.perStream.toFixed(0)} bytes of heap each (${((fanOut.perStream * FAMILIES) / 1e6).toFixed(0)} MB for ${FAMILIES.toLocaleString('en-US')}), no database work until a count changes; a change reached its page in ${fanOut.p50.toFixed(1)} ms (p50), ${fanOut.max.toFixed(1)} ms at most, against up to ${POLL_SECONDS} s polled`,
  );
} finally {
  await live.close();
  await database.close();
  await drop().catch(() => {});
}
