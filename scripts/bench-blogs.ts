// The blog list at 10, 1,000 and 100,000 published posts: time per page for the first page and a
// deep one (the middle of the table), through the API's real router in this process. Keyset
// paging should keep both flat as the table grows: the ratios against 10 posts are the figures to
// watch. An OFFSET query at the same depth is printed beside them, to show what keyset avoids.
// PGlite in memory by default; with DATABASE_URL, a fresh database on that server.
import { sql } from 'drizzle-orm';
import { createApi } from '../src/features/api.server';
import { encodeCursor } from '../src/features/blogs/blogs';
import { openDatabase } from '../src/platform/db/client.server';
import { memoryRateLimiter } from '../src/platform/http/rateLimit.server';
import { createTokenVerifier } from '../src/platform/identity/identity.server';
import { liveOnDatabase } from '../src/platform/live/live.server';
import { createLogger } from '../src/platform/logger.server';
import { freshPostgresDatabase } from './lib.mjs';

const SIZES = [10, 1_000, 100_000];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);

let drop = async () => {};
let url = process.env.DATABASE_URL;
if (url) {
  const fresh = await freshPostgresDatabase(url, 'qr_bench_blogs');
  url = fresh.url;
  drop = fresh.drop;
}
const database = await openDatabase({ url, dataDir: 'memory://', migrationsDir: 'drizzle' });
const { db } = database;
const api = createApi({
  db,
  databaseKind: database.kind,
  verifyToken: createTokenVerifier({ projectId: 'demo-quillreads', emulatorHost: '127.0.0.1:9099' }),
  deleteSignInAccount: async () => {},
  // The benchmark reads posts; it never creates accounts.
  signInAccounts: {
    create: () => Promise.reject(new Error('not used by the benchmark')),
    sendPasswordLink: () => Promise.reject(new Error('not used by the benchmark')),
  },
  rateLimiter: memoryRateLimiter(),
  live: liveOnDatabase(database.queue, createLogger('silent')),
  logger: createLogger('silent'),
  settings: { ADMIN_EMAILS: [], AUTH_RATE_LIMIT_PER_MINUTE: 60 },
});

async function fillTo(count: number, have: number) {
  // One post a minute, going back in time, written in batches the database takes in one statement.
  for (let from = have + 1; from <= count; from += 20_000) {
    const to = Math.min(count, from + 19_999);
    await db.execute(sql`
      insert into blogs (author_name, title, content_html, excerpt, word_count, status, published_at)
      select 'Bench Writer', 'Post number ' || n, '<p>Words about reading.</p>', 'Words about reading.', 4,
             'approved', date_trunc('milliseconds', now()) - (n || ' minutes')::interval
      from generate_series(${from}::int, ${to}::int) as n`);
  }
  await db.execute(sql`analyze blogs`);
}

async function timePage(path: string): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < 100; i++) await (await api.request(path)).text();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    const res = await api.request(path);
    await res.text();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)] ?? 0,
    p95: times[Math.floor(times.length * 0.95)] ?? 0,
  };
}

async function timeOffset(offset: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const started = performance.now();
    await db.execute(sql`
      select id, title from blogs where status = 'approved' and published_at <= now()
      order by published_at desc, id desc offset ${offset} limit 10`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? 0;
}

const rows: { size: number; first: number; deep: number; deepP95: number; offset: number }[] = [];
try {
  let have = 0;
  for (const size of SIZES) {
    await fillTo(size, have);
    have = size;
    const depth = Math.floor(size / 2);
    const result = await db.execute<{ id: string; published_at: string | Date }>(sql`
      select id, published_at from blogs where status = 'approved'
      order by published_at desc, id desc offset ${depth} limit 1`);
    const middle = (result as unknown as { rows: { id: string; published_at: string | Date }[] }).rows[0];
    if (!middle) throw new Error('no middle post');
    const cursor = encodeCursor({ publishedAt: new Date(middle.published_at), id: middle.id });
    const first = await timePage('/api/blogs');
    const deep = await timePage(`/api/blogs?after=${cursor}`);
    rows.push({
      size,
      first: first.median,
      deep: deep.median,
      deepP95: deep.p95,
      offset: await timeOffset(depth),
    });
  }
  const base = rows[0];
  if (!base) throw new Error('no results');
  console.log(
    `\nBlog list, ${ROUNDS} requests per figure, database ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} (median ms per page)`,
  );
  console.log(
    `${'posts'.padStart(8)} ${'page 1'.padStart(8)} ${'×10 posts'.padStart(10)} ${'middle'.padStart(8)} ${'p95'.padStart(7)} ${'×10 posts'.padStart(10)} ${'OFFSET sql'.padStart(11)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.size.toLocaleString('en-US').padStart(8)} ${r.first.toFixed(2).padStart(8)} ${(r.first / base.first).toFixed(2).padStart(10)} ${r.deep.toFixed(2).padStart(8)} ${r.deepP95.toFixed(2).padStart(7)} ${(r.deep / base.deep).toFixed(2).padStart(10)} ${r.offset.toFixed(2).padStart(11)}`,
    );
  }
  console.log(
    '\n"×10 posts" is the time per page as a multiple of the same page with 10 posts: keyset paging keeps it near 1.\n"OFFSET sql" is the bare query an OFFSET pager would run for the middle page, for comparison.',
  );
} finally {
  await database.close();
  await drop().catch(() => {});
}
