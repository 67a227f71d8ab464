import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue, type JobQueue } from '../../src/platform/jobs/queue.server';
import { type TestDatabase, testDatabase } from './harness';

// The job queue on the database under test (PGlite, or PostgreSQL with DATABASE_URL): pg-boss's own
// tables beside the app's. Each test uses queues of its own, so they do not see each other's jobs.

const quiet = { info() {}, warn() {}, error() {} };
let database: TestDatabase;
const queues: JobQueue[] = [];

function newQueue() {
  const queue = createJobQueue(database.queue, { logger: quiet, pollSeconds: 0.5, superviseSeconds: 1 });
  queues.push(queue);
  return queue;
}

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 15_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
};

const name = (what: string) => `${what}-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  database = await testDatabase();
}, 120_000);

afterAll(async () => {
  for (const queue of queues) await queue.stop({ timeoutMs: 1000 }).catch(() => {});
  await database?.dispose();
});

describe('the job queue', () => {
  it('runs a job once and counts it completed', async () => {
    const queue = newQueue();
    const seen: unknown[] = [];
    const kind = name('once');
    await queue.register({ name: kind, handle: async (data) => void seen.push(data) });
    await queue.send(kind, { child: 'maya' });
    await until(() => seen.length === 1);
    await until(async () => (await queue.overview()).find((q) => q.name === kind)?.completed === 1);
    expect(seen).toEqual([{ child: 'maya' }]);
  }, 60_000);

  it('retries a failing job with a growing delay, then succeeds, and counts it retried', async () => {
    const queue = newQueue();
    const kind = name('flaky');
    const attempts: { at: number; retryCount: number }[] = [];
    await queue.register({
      name: kind,
      retryLimit: 3,
      retryDelaySeconds: 1,
      handle: async (_data, attempt) => {
        attempts.push({ at: Date.now(), retryCount: attempt.retryCount });
        if (attempts.length < 3) throw new Error('not yet');
      },
    });
    await queue.send(kind, {});
    await until(() => attempts.length === 3, 30_000);
    expect(attempts.map((a) => a.retryCount)).toEqual([0, 1, 2]);
    // Each retry waited at least the first delay (pg-boss doubles it, with some jitter).
    const [first, second, third] = attempts.map((a) => a.at) as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(third - second).toBeGreaterThanOrEqual(900);
    await until(async () => {
      const row = (await queue.overview()).find((q) => q.name === kind);
      return row?.completed === 1 && row.retried === 1;
    });
  }, 60_000);

  it('marks a job failed once its retries run out', async () => {
    const queue = newQueue();
    const kind = name('broken');
    let attempts = 0;
    await queue.register({
      name: kind,
      retryLimit: 1,
      retryDelaySeconds: 1,
      handle: async () => {
        attempts += 1;
        throw new Error('always');
      },
    });
    await queue.send(kind, {});
    await until(async () => (await queue.overview()).find((q) => q.name === kind)?.failed === 1, 30_000);
    expect(attempts).toBe(2);
  }, 60_000);

  it('gives a job whose worker died to the next server once its time is up', async () => {
    const kind = name('crash');
    // The first server takes the job and never finishes it nor asks for more: as if killed mid-job.
    const first = newQueue();
    let firstStarted = false;
    await first.register({
      name: kind,
      expireInSeconds: 1,
      retryDelaySeconds: 1,
      handle: () => {
        firstStarted = true;
        return new Promise(() => {});
      },
    });
    await first.send(kind, { week: '2026-W48' });
    await until(() => firstStarted);

    // A second server (a restart) finds it and does it.
    const second = newQueue();
    const done: unknown[] = [];
    await second.register({
      name: kind,
      expireInSeconds: 1,
      retryDelaySeconds: 1,
      handle: async (d) => void done.push(d),
    });
    await until(() => done.length === 1, 45_000);
    expect(done).toEqual([{ week: '2026-W48' }]);
  }, 90_000);

  it('hands each job to one worker when two servers work the same queue', async () => {
    const kind = name('race');
    const runs = new Map<number, number>();
    const handle = async ({ n }: { n: number }) => {
      runs.set(n, (runs.get(n) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 5));
    };
    const a = newQueue();
    const b = newQueue();
    await a.register({ name: kind, handle });
    await b.register({ name: kind, handle });
    for (let n = 0; n < 20; n++) await a.send(kind, { n });
    await until(() => runs.size === 20, 30_000);
    await new Promise((r) => setTimeout(r, 500));
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
  }, 60_000);

  it('asks for a job once at a time per key, and knows a key that ran out of retries', async () => {
    const queue = newQueue();
    const kind = name('keyed');
    await queue.register({ name: kind, oneAtATimePerKey: true, handle: async () => {} }, { work: false });
    const first = await queue.send(kind, { week: 1 }, { key: 'child-1:1' });
    const again = await queue.send(kind, { week: 1 }, { key: 'child-1:1' });
    const other = await queue.send(kind, { week: 2 }, { key: 'child-1:2' });
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    expect(other).not.toBeNull();
    expect(await queue.failedKeys(kind)).toEqual([]);

    const failing = name('keyed-failing');
    await queue.register({
      name: failing,
      oneAtATimePerKey: true,
      retryLimit: 0,
      handle: async () => {
        throw new Error('always');
      },
    });
    await queue.send(failing, {}, { key: 'child-2:0' });
    await until(async () => (await queue.failedKeys(failing)).includes('child-2:0'), 30_000);
    expect(await queue.failedKeys(failing)).toEqual(['child-2:0']);
  }, 60_000);

  it('takes jobs in batches, and a job that fails in a batch fails alone and is retried', async () => {
    const queue = newQueue();
    const kind = name('batch');
    const runs: number[] = [];
    let failedOnce = false;
    await queue.register<{ n: number }>({
      name: kind,
      batchSize: 5,
      retryLimit: 2,
      retryDelaySeconds: 1,
      handle: async ({ n }) => {
        if (n === 3 && !failedOnce) {
          failedOnce = true;
          throw new Error('the third one trips');
        }
        runs.push(n);
      },
    });
    for (let n = 1; n <= 12; n += 1) await queue.send(kind, { n });
    await until(() => runs.length === 12, 30_000);
    // Every job ran once to success; the one that failed ran again after its delay.
    expect([...runs].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    await until(async () => (await queue.overview()).find((q) => q.name === kind)?.completed === 12);
    const overview = (await queue.overview()).find((q) => q.name === kind);
    expect(overview).toMatchObject({ completed: 12, failed: 0 });
  }, 60_000);

  it('keeps a job for later until its time comes', async () => {
    const queue = newQueue();
    const kind = name('later');
    let ran = false;
    await queue.register({
      name: kind,
      handle: async () => {
        ran = true;
      },
    });
    await queue.send(kind, {}, { startAfter: new Date(Date.now() + 60 * 60 * 1000) });
    await new Promise((r) => setTimeout(r, 1000));
    expect(ran).toBe(false);
    expect((await queue.overview()).find((q) => q.name === kind)).toMatchObject({ queued: 1, active: 0 });
  }, 60_000);
});
