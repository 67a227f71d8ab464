// `npm run bench:plans`: the weekly plans of 1,000 and then 10,000 enrolled children whose programs
// all start now (issue 15's goal: 10,000 in under a minute on this machine), on a fresh database
// seeded here in bulk: 300 books over the four levels, each child with two interests, an active
// program and five rated reading logs.
//
// Both makers below run the same loop (dueWeeklyPlans, then every due week, until none is due):
//  - the baseline, a trivial plan maker doing the least any plan maker must do on this database:
//    read the subscription and its child, then write the plan and five fixed books (one statement);
//  - the plan job's own work (weeklyPlanMaker in planJobs.server.ts, what the job handler runs):
//    the shared catalogue and rating index read once a minute, each child's logs and recent plans,
//    the recommender, the goal, and the plan and its books written in one statement.
// Each is called directly, not through pg-boss; a third run ("queue s") makes the same plans
// through the job queue as the server does (scan job, then the plan jobs in batches). "ratio" is the plans' throughput over the baseline's in the
// same run; these machines are noisy, so it is the figure to compare between runs.
// Also, on a 50-plan sample: each plan reading the catalogue and every rating itself, as before
// the shared context (issue 15's first version), extrapolated to all the children.
// PGlite in a temporary folder by default; with DATABASE_URL, a fresh database on that server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import {
  type DueWeek,
  dueWeeklyPlans,
  registerProgramJobs,
  WEEKLY_PLAN_SCAN_JOB,
  weeklyPlanMaker,
} from '../src/features/program/planJobs.server';
import { makeWeeklyPlan } from '../src/features/program/weeklyPlans.server';
import { openDatabase, queryRows } from '../src/platform/db/client.server';
import { createJobQueue } from '../src/platform/jobs/queue.server';
import { freshPostgresDatabase } from './lib.mjs';

const SIZES = (process.env.BENCH_CHILDREN ?? '1000,10000').split(',').map(Number);
const BOOKS = 300;
const LOGS_PER_CHILD = 5;
const GOAL_CHILDREN = 10_000;
const GOAL_SECONDS = 60;
const SAMPLE = Number(process.env.BENCH_SAMPLE ?? 50);
const TOPICS = 'space animals ocean history sports magic friends science trains city art music'.split(' ');

let drop = async () => {};
let url = process.env.DATABASE_URL;
const dataDir = mkdtempSync(join(tmpdir(), 'quillreads-bench-plans-'));
if (url) {
  const fresh = await freshPostgresDatabase(url, 'qr_bench_plans');
  url = fresh.url;
  drop = fresh.drop;
}
const database = await openDatabase({ url, dataDir, migrationsDir: 'drizzle' });
const { db } = database;

const topics = sql.raw(`array[${TOPICS.map((t) => `'${t}'`).join(', ')}]::text[]`);
const levels = sql.raw(`array['sprout', 'sapling', 'branch', 'canopy']::text[]`);

/** The catalogue, a program and passages, once: book k is at level k % 4, with two topics. */
async function seedCatalogue() {
  await db.execute(sql`
    insert into books (title, author, reading_level, topics)
    select 'Book ' || lpad(k::text, 4, '0'), 'Author ' || (k % 80), (${levels})[1 + k % 4],
           array[(${topics})[1 + k % 12], (${topics})[1 + (k * 7 + 3) % 12]]
    from generate_series(0, ${BOOKS - 1}::int) as k`);
  await db.execute(sql`
    insert into passages (title, reading_level, text, word_count)
    select 'Passage ' || k, (${levels})[1 + k % 4], 'Once upon a time.', 4
    from generate_series(0, 11) as k`);
  await db.execute(sql`
    insert into plans (name, duration_months, price_cents) values ('Bench program', 3, 9900)`);
}

/**
 * Children `from` to `to - 1`: a parent each, a level and two interests from their number, a
 * program that started a minute ago, and five rated logs of books at their level in the last weeks.
 */
async function seedChildren(from: number, to: number) {
  for (let start = from; start < to; start += 5_000) {
    const end = Math.min(to, start + 5_000) - 1;
    await db.execute(sql`
      insert into users (firebase_uid, email, display_name, privacy_consent_at)
      select 'bench-' || n, 'bench-' || n || '@example.com', 'Parent ' || n, now()
      from generate_series(${start}::int, ${end}::int) as n`);
    await db.execute(sql`
      insert into children (user_id, first_name, age_band, reading_level, interests)
      select u.id, 'Child ' || n, '8-10', (${levels})[1 + n % 4],
             array[(${topics})[1 + n % 12], (${topics})[1 + (n * 5 + 1) % 12]]
      from users u, split_part(u.firebase_uid, '-', 2) as part, cast(part as int) as n
      where u.firebase_uid like 'bench-%' and n between ${start} and ${end}`);
    await db.execute(sql`
      insert into subscriptions (child_id, plan_id, status, starts_at, ends_at)
      select c.id, (select id from plans limit 1), 'active', now() - interval '1 minute',
             now() + interval '12 weeks'
      from children c
      join users u on u.id = c.user_id, cast(split_part(u.firebase_uid, '-', 2) as int) as n
      where n between ${start} and ${end}`);
    await db.execute(sql`
      with catalogue as (select id, title, (row_number() over (order by title))::int - 1 as k from books)
      insert into reading_logs (child_id, book_id, title, read_on, minutes, rating)
      select c.id, b.id, b.title, current_date - (1 + (n + j * 5) % 27), 10 + (n + j) % 30,
             2 + (n * 13 + j * 7) % 4
      from children c
      join users u on u.id = c.user_id, cast(split_part(u.firebase_uid, '-', 2) as int) as n,
           generate_series(1, ${LOGS_PER_CHILD}::int) as j, catalogue b
      where n between ${start} and ${end} and b.k = ((n * 31 + j * 97) % ${BOOKS / 4}::int) * 4 + n % 4`);
  }
  for (const table of ['users', 'children', 'subscriptions', 'reading_logs', 'books'])
    await db.execute(sql.raw(`analyze ${table}`));
}

type Maker = (week: DueWeek) => Promise<unknown>;

/** The least a plan maker does: the subscription and its child, then the plan and five fixed books. */
function baselineMaker(fixedBooks: readonly { id: string; title: string; author: string }[]): Maker {
  const books = sql.join(
    fixedBooks.map(
      (b, position) => sql`(${position}::smallint, ${b.id}::uuid, ${b.title}::text, ${b.author}::text)`,
    ),
    sql`, `,
  );
  return async (week) => {
    const [row] = await queryRows<{ childId: string; level: string; startsAt: string }>(
      db,
      sql`select c.id as "childId", c.reading_level as level, s.starts_at as "startsAt"
            from subscriptions s join children c on c.id = s.child_id where s.id = ${week.subscriptionId}`,
    );
    if (!row) return;
    await db.execute(sql`
      with plan as (
        insert into weekly_plans (child_id, subscription_id, week_index, starts_at, ends_at, reading_level,
                                  goal_minutes, session_minutes)
        values (${row.childId}, ${week.subscriptionId}, ${week.weekIndex}, now(), now() + interval '7 days',
                ${row.level}, 120, '{25,25,25,25,25}')
        on conflict do nothing
        returning id)
      insert into weekly_plan_books (plan_id, position, book_id, title, author, reasons)
      select plan.id, b.position, b.id, b.title, b.author, '[]'::jsonb
      from plan, (values ${books}) as b(position, id, title, author)`);
  };
}

/** Wall-clock seconds, and this process's CPU seconds (the database runs in it too, on PGlite). */
interface Run {
  seconds: number;
  cpuSeconds: number;
  plans: number;
}

/** Every week due at `now`, made by `make`, as the scan and the jobs would: seconds taken. */
async function runAll(make: Maker, now: Date): Promise<Run> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  let plans = 0;
  for (let due = await dueWeeklyPlans(db, now); due.length > 0; due = await dueWeeklyPlans(db, now)) {
    for (const week of due) {
      await make(week);
      plans += 1;
    }
  }
  const { user, system } = process.cpuUsage(cpu);
  return { seconds: (performance.now() - started) / 1000, cpuSeconds: (user + system) / 1e6, plans };
}

async function clearPlans() {
  await db.execute(sql`truncate weekly_plan_books, weekly_plans`);
}

async function count(query: ReturnType<typeof sql>) {
  const [row] = await queryRows<{ n: number }>(db, query);
  return Number(row?.n ?? 0);
}

/**
 * Before the shared context, each plan read the catalogue, every rating and every rater itself:
 * `SAMPLE` plans made that way again (their plans removed first), extrapolated to `size` children.
 */
async function perPlanReads(size: number): Promise<number> {
  const sample = (await queryRows<DueWeek>(
    db,
    sql`select subscription_id as "subscriptionId", week_index as "weekIndex" from weekly_plans
        order by subscription_id limit ${SAMPLE}`,
  )) as DueWeek[];
  await db.execute(sql`
    delete from weekly_plans where subscription_id in (
      select subscription_id from weekly_plans order by subscription_id limit ${SAMPLE})`);
  const sampleStarted = performance.now();
  for (const week of sample) await makeWeeklyPlan(db, week);
  return ((performance.now() - sampleStarted) / 1000 / sample.length) * size;
}

/**
 * The same plans through the job queue as the server runs them: one scan job sends every due week's
 * job, and this process's worker takes them in batches (pg-boss's fetching, completing and polling
 * included). Seconds from the scan's sending to the last plan.
 */
async function throughQueue(size: number): Promise<number> {
  const quiet = { info() {}, warn() {}, error() {} };
  const queue = createJobQueue(database.queue, { logger: quiet, pollSeconds: 0.5 });
  try {
    await registerProgramJobs(queue, db, quiet, { schedule: false });
    const started = performance.now();
    await queue.send(WEEKLY_PLAN_SCAN_JOB, {});
    while ((await count(sql`select count(*)::int as n from weekly_plans`)) < size) {
      if (performance.now() - started > 600_000) throw new Error('the queue took over ten minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return (performance.now() - started) / 1000;
  } finally {
    await queue.stop({ timeoutMs: 5000 });
  }
}

interface Row {
  children: number;
  baseline: Run;
  measured: Run;
  queueSeconds: number;
  perPlanReads: number;
}

const rows: Row[] = [];
try {
  await seedCatalogue();
  const fixedBooks = await queryRows<{ id: string; title: string; author: string }>(
    db,
    sql`select id, title, author from books order by title limit 5`,
  );
  let have = 0;
  for (const size of SIZES) {
    const seedStarted = performance.now();
    await seedChildren(have, size);
    console.log(
      `Seeded ${size.toLocaleString('en-US')} children (${(size * LOGS_PER_CHILD).toLocaleString('en-US')} rated logs), ${(size - have).toLocaleString('en-US')} more in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    have = size;
    const now = new Date();

    await clearPlans();
    const baseline = await runAll(baselineMaker(fixedBooks), now);
    await clearPlans();
    const measured = await runAll(weeklyPlanMaker(db), now);
    const made = await count(sql`select count(*)::int as n from weekly_plans`);
    const short = await count(sql`
      select count(*)::int as n from weekly_plans p
      where (select count(*) from weekly_plan_books b where b.plan_id = p.id) < 3`);
    if (made !== size || short > 0)
      throw new Error(`expected ${size} plans of 3 books or more; got ${made}, ${short} with fewer`);

    const sampled = SAMPLE > 0 ? await perPlanReads(size) : NaN;
    await clearPlans();
    const queueSeconds = await throughQueue(size);
    rows.push({ children: size, baseline, measured, queueSeconds, perPlanReads: sampled });
  }

  console.log(
    `\nWeekly plans for children whose programs all start now, database ${database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}; makers called directly, then the plans through the job queue`,
  );
  const columns: [string, (r: Row) => string][] = [
    ['children', (r) => r.children.toLocaleString('en-US')],
    ['baseline s', (r) => r.baseline.seconds.toFixed(1)],
    ['cpu s', (r) => r.baseline.cpuSeconds.toFixed(1)],
    ['plans/s', (r) => (r.baseline.plans / r.baseline.seconds).toFixed(0)],
    ['plans s', (r) => r.measured.seconds.toFixed(1)],
    ['cpu s', (r) => r.measured.cpuSeconds.toFixed(1)],
    ['plans/s', (r) => (r.measured.plans / r.measured.seconds).toFixed(0)],
    ['ratio', (r) => (r.baseline.seconds / r.measured.seconds).toFixed(2)],
    ['queue s', (r) => r.queueSeconds.toFixed(1)],
    ['before s', (r) => (Number.isNaN(r.perPlanReads) ? '-' : `~${r.perPlanReads.toFixed(0)}`)],
    [`< ${GOAL_SECONDS} s`, (r) => (r.measured.seconds < GOAL_SECONDS ? 'yes' : 'NO')],
  ];
  const line = (cells: string[]) =>
    cells.map((c, k) => c.padStart(Math.max(8, columns[k]?.[0].length ?? 0))).join(' ');
  console.log(line(columns.map(([title]) => title)));
  for (const r of rows) console.log(line(columns.map(([, cell]) => cell(r))));
  const failed = rows.some((r) => r.children >= GOAL_CHILDREN && r.measured.seconds >= GOAL_SECONDS);
  console.log(
    `\n"baseline": a trivial maker (read the subscription and child, write the plan and 5 fixed books), same loop.
"plans": the plan job's work (weeklyPlanMaker: shared catalogue and rating index, each child's own queries).
"ratio": plans' throughput over the baseline's (1 would be the floor of any plan maker on this database).
"queue s": the same plans through the job queue as the server runs them (scan, then batches of 20 jobs).
"cpu s": this process's CPU time, the database's included (PGlite runs in it): less noisy than the clock.
"before": each plan reading the catalogue and every rating itself, timed on ${SAMPLE} plans and extrapolated.
Goal (issue 15): ${GOAL_CHILDREN.toLocaleString('en-US')} children in under ${GOAL_SECONDS} s.`,
  );
  if (failed) {
    console.log(`The ${GOAL_CHILDREN.toLocaleString('en-US')} children took ${GOAL_SECONDS} s or more.`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
  await drop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
