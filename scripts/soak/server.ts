// The process `npm run soak:pglite` (scripts/soak-pglite.ts) kills: it opens the PGlite folder at
// DATA_DIR as the server does (openDatabase, migrations included), checks what the driver saw
// acknowledged before, then does a server's work on it until it is killed: reading entries written
// through the reading service (a transaction with milestones and notices), new programs, and the
// weekly-plan jobs on the real pg-boss queue. Lines on stdout tell the driver what happened:
//   open-failed <json> | opened <ms> | check <json> | ready | plan | ack <title> | error <text>
// Linux writes to a pipe at once, so an `ack` line is out before the next write begins.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { seedDemo } from '../../src/features/demo/seed.server';
import { registerProgramJobs, WEEKLY_PLAN_SCAN_JOB } from '../../src/features/program/planJobs.server';
import { addEntry } from '../../src/features/reading/reading.server';
import { type Db, openDatabase, queryRows } from '../../src/platform/db/client.server';
import { DatabaseInUseError, DatabaseOpenError } from '../../src/platform/db/openFailure';
import { children, subscriptions, users } from '../../src/platform/db/schema.server';
import { explainDatabaseFailure } from '../../src/platform/db/startupFailure.server';
import { createJobQueue } from '../../src/platform/jobs/queue.server';
import { diskStorage } from '../../src/platform/storage/disk.server';

const dataDir = process.env.DATA_DIR ?? '';
const round = process.env.SOAK_ROUND ?? '0';
const programsPerRound = Number(process.env.SOAK_PROGRAMS ?? 20);
const writerCount = Number(process.env.SOAK_WRITERS ?? 6);
const pauseMs = Number(process.env.SOAK_PAUSE_MS ?? 10);
const say = (line: string) => process.stdout.write(`${line}\n`);
let plansMade = 0;

const started = performance.now();
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({ dataDir, migrationsDir: 'drizzle' });
} catch (error) {
  const kind =
    error instanceof DatabaseOpenError || error instanceof DatabaseInUseError ? error.name : 'other';
  const reason = error instanceof DatabaseOpenError ? error.reason : String(error);
  say(`open-failed ${JSON.stringify({ kind, reason, message: explainDatabaseFailure(error) ?? '' })}`);
  process.exit(3);
}
say(`opened ${Math.round(performance.now() - started)}`);
const { db } = database;

const count = async (query: ReturnType<typeof sql>) =>
  Number((await queryRows<{ n: number }>(db, query))[0]?.n ?? 0);

/** What a reopened folder must hold: every entry acknowledged before, once, readable both ways. */
async function check() {
  const file = process.env.SOAK_ACKED;
  const acked = file ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  const rows = await queryRows<{ title: string }>(
    db,
    sql`select title from reading_logs where title like 'soak %'`,
  );
  const present = new Set(rows.map((r) => r.title));
  const missing = acked.filter((title) => !present.has(title));
  // The same count through the primary key's index and through the table itself: a torn page or
  // an index ahead of its table shows as a difference.
  await db.execute(sql`set enable_seqscan = off`);
  const byIndex = await count(sql`select count(id)::int as n from reading_logs where id is not null`);
  for (const setting of ['enable_seqscan = on', 'enable_indexscan = off', 'enable_bitmapscan = off'])
    await db.execute(sql.raw(`set ${setting}`));
  const byTable = await count(sql`select count(*)::int as n from reading_logs`);
  for (const setting of ['enable_indexscan', 'enable_bitmapscan'])
    await db.execute(sql.raw(`reset ${setting}`));
  const shortPlans = await count(sql`
    select count(*)::int as n from weekly_plans p
    where (select count(*) from weekly_plan_books b where b.plan_id = p.id) < 3`);
  const plans = await count(sql`select count(*)::int as n from weekly_plans`);
  const due = await count(sql`
    select count(*)::int as n from subscriptions s
    where s.status = 'active' and s.starts_at <= now() and s.ends_at > now()
      and not exists (select 1 from weekly_plans p where p.subscription_id = s.id)`);
  return {
    acked: acked.length,
    missing: missing.length,
    missingSample: missing.slice(0, 5),
    duplicates: rows.length - present.size,
    indexMismatch: byIndex - byTable,
    shortPlans,
    plans,
    due,
  };
}

/** Demo content once (the catalogue the plans choose from), then this round's family and programs. */
async function prepare(): Promise<typeof children.$inferSelect> {
  await seedDemo(db, diskStorage(process.env.MEDIA_DIR ?? `${dataDir}-media`));
  const [plan] = await queryRows<{ id: string }>(db, sql`select id from plans order by price_cents limit 1`);
  if (!plan) throw new Error('the demo content has no plan');
  return db.transaction(async (tx) => {
    const [parent] = await tx
      .insert(users)
      .values({
        firebaseUid: `soak-${round}-${Date.now()}`,
        email: `soak-${round}-${Date.now()}@example.com`,
        displayName: `Soak ${round}`,
        privacyConsentAt: new Date(),
      })
      .returning();
    if (!parent) throw new Error('no parent');
    const kids = await tx
      .insert(children)
      .values(
        Array.from({ length: programsPerRound + 1 }, (_, k) => ({
          userId: parent.id,
          firstName: `Reader ${k}`,
          ageBand: '8-10' as const,
          readingLevel: (['sprout', 'sapling', 'branch', 'canopy'] as const)[k % 4] ?? 'branch',
          interests: ['animals', 'space'],
        })),
      )
      .returning();
    const [reader, ...enrolled] = kids;
    if (!reader) throw new Error('no child');
    const now = Date.now();
    await tx.insert(subscriptions).values(
      enrolled.map((child) => ({
        childId: child.id,
        planId: plan.id,
        startsAt: new Date(now - 60_000),
        endsAt: new Date(now + 12 * 7 * 86_400_000),
      })),
    );
    return reader;
  });
}

/**
 * Writers adding reading entries until the process is killed; each committed one is acknowledged.
 * PGlite answers within the same turn of the event loop, so a chain of queries never lets timers
 * run: paced writers (a pause between writes, as between requests) stop while the plan jobs work
 * through their batches, and writers that never pause would keep the queue from ever polling. So
 * paced writers run from the start, and an unpaced one joins once the first plan is made, to write
 * between the plans' queries; it lets timers run only when no plan was made in its last ten writes.
 */
function writers(reader: typeof children.$inferSelect) {
  let next = 0;
  let plansSeen = 0;
  const today = Date.now();
  const writer = async (paced: boolean) => {
    for (;;) {
      const n = next++;
      const title = `soak r${round} n${n}`;
      // Spread over the years, so no day reaches its 24 hours.
      const readOn = new Date(today - (n % 3000) * 86_400_000).toISOString().slice(0, 10);
      try {
        await addEntry(db, reader, { title, author: 'Soak', readOn, minutes: 1 });
        say(`ack ${title}`);
      } catch (error) {
        say(`error ${error instanceof Error ? error.message.split('\n')[0] : error}`);
      }
      if (paced) await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * pauseMs));
      else if (n % 10 === 0) {
        // No plan made in the last ten writes: the queue waits for its poll, so let timers run.
        if (plansMade === plansSeen) await new Promise((resolve) => setTimeout(resolve, 0));
        plansSeen = plansMade;
      }
    }
  };
  return {
    paced() {
      for (let k = 0; k < writerCount; k++) void writer(true);
    },
    // One is enough to keep an entry's transaction queued beside every plan's queries.
    unpaced() {
      void writer(false);
    },
  };
}

/** Plan jobs on the real queue, as main.server.ts starts them. */
async function startPlanJobs(db: Db, onFirstPlan: () => void) {
  const quiet = { info() {}, warn() {}, error() {} };
  const queue = createJobQueue(database.queue, { logger: quiet, pollSeconds: 0.5 });
  const logger = {
    ...quiet,
    info(_fields: object, message?: string) {
      if (message !== 'weekly plan') return;
      say('plan');
      if (plansMade++ === 0) onFirstPlan();
    },
  };
  await registerProgramJobs(queue, db, logger, { schedule: false });
  // One scan, as the minute's schedule or a payment's nudge sends it: it queues this round's plans
  // (and any a kill left unmade), which the worker then makes twenty at a fetch.
  await queue.send(WEEKLY_PLAN_SCAN_JOB, {});
}

try {
  say(`check ${JSON.stringify(await check())}`);
} catch (error) {
  say(`check-failed ${error instanceof Error ? error.message.split('\n')[0] : error}`);
  process.exit(4);
}
if (process.env.SOAK_CHECK_ONLY) {
  await database.close();
  process.exit(0);
}
const reader = await prepare();
const write = writers(reader);
await startPlanJobs(db, write.unpaced);
say('ready');
write.paced();
