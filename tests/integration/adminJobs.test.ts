import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobFailureDto, JobQueueDto, JobsOverview } from '../../src/features/admin/jobs.schema';
import { createJobQueue } from '../../src/platform/jobs/queue.server';
import { adminAccount, auditEntries, call, registeredAccount, testApi, testDatabase } from './harness';

// The admin console's view of the background jobs: a real queue (pg-boss) on this file's database,
// with jobs that fail on purpose; and the same API without a queue, as on a development server.

const database = await testDatabase();
const quiet = { info() {}, warn() {}, error() {} };
const queue = createJobQueue(database.queue, { logger: quiet, pollSeconds: 0.5, superviseSeconds: 1 });
afterAll(async () => {
  await queue.stop({ timeoutMs: 1000 }).catch(() => {});
  await database.dispose();
});

const api = testApi(database, { jobs: queue });
const noJobs = testApi(database);
const [admin, parent] = await Promise.all([adminAccount(api), registeredAccount(api)]);

/** Weeks whose plan job fails, as if the catalogue were broken for them. */
const broken = new Set(['sub-1:0', 'sub-2:0']);
const keyOf = (week: { subscriptionId: string; weekIndex: number }) =>
  `${week.subscriptionId}:${week.weekIndex}`;

const overview = async (as = api) => {
  const res = await call(as, 'GET', '/api/admin/jobs', { token: admin.idToken });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as unknown as JobsOverview;
};
const queueOf = async (name: string) => (await overview()).queues.find((q) => q.name === name) as JobQueueDto;
const failureOf = (q: JobQueueDto, key: string) =>
  q.recentFailures.find((f) => f.key === key && f.state === 'failed') as JobFailureDto;

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 30_000) => {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
};

const retry = (name: string, id: string, token = admin.idToken) =>
  call(api, 'POST', `/api/admin/jobs/${name}/${id}/retry`, { token });

beforeAll(async () => {
  await queue.register<{ subscriptionId: string; weekIndex: number }>({
    name: 'weekly-plan',
    retryLimit: 1,
    retryDelaySeconds: 1,
    oneAtATimePerKey: true,
    async handle(week) {
      if (broken.has(keyOf(week))) throw new Error(`No books at level sprout for ${keyOf(week)}`);
    },
  });
  await queue.register({ name: 'weekly-plan-scan', retryLimit: 0, handle: async () => {} });
  // Fails once, then waits an hour for its retry: a job that is retrying.
  await queue.register({
    name: 'slow-retry',
    retryLimit: 3,
    retryDelaySeconds: 3600,
    handle: async () => {
      throw new Error('The mail server did not answer');
    },
  });
  await queue.send('weekly-plan-scan', {});
  await queue.send('weekly-plan', { subscriptionId: 'sub-1', weekIndex: 0 }, { key: 'sub-1:0' });
  await queue.send('slow-retry', { report: 'weekly' });
  await until(async () => {
    const { queues } = await overview();
    const count = (name: string, key: keyof JobQueueDto) => queues.find((q) => q.name === name)?.[key];
    return (
      count('weekly-plan', 'failed') === 1 &&
      count('weekly-plan-scan', 'completed') === 1 &&
      count('slow-retry', 'retrying') === 1
    );
  });
}, 90_000);

describe('the background jobs in the admin console', () => {
  it('answers running: false with no queues where no jobs run, and refuses a retry there', async () => {
    const view = await overview(noJobs);
    expect(view).toEqual({ running: false, checkedAt: expect.any(String), queues: [] });
    const res = await call(noJobs, 'POST', `/api/admin/jobs/weekly-plan/${randomUUID()}/retry`, {
      token: admin.idToken,
    });
    expect(res.status).toBe(503);
    expect(res.json.error?.message).toMatch(/do not run on this server/);
  });

  it('counts each queue by state and lists a failed job with its key, data, error and attempts', async () => {
    const view = await overview();
    expect(view.running).toBe(true);
    expect(view.queues.map((q) => q.name)).toEqual(['slow-retry', 'weekly-plan', 'weekly-plan-scan']);
    const plans = view.queues.find((q) => q.name === 'weekly-plan');
    expect(plans).toMatchObject({ queued: 0, active: 0, retrying: 0, completed: 0, failed: 1 });
    expect(plans?.recentFailures).toEqual([
      {
        id: expect.any(String),
        state: 'failed',
        key: 'sub-1:0',
        data: { subscriptionId: 'sub-1', weekIndex: 0 },
        error: 'No books at level sprout for sub-1:0',
        // Two attempts: the first and its one retry.
        retryCount: 1,
        retryLimit: 1,
        createdAt: expect.any(String),
        startedAt: expect.any(String),
        failedAt: expect.any(String),
        nextAttemptAt: null,
      },
    ]);
    const [failure] = plans?.recentFailures ?? [];
    expect(Date.parse(String(failure?.failedAt))).toBeGreaterThanOrEqual(
      Date.parse(String(failure?.createdAt)),
    );

    const scan = view.queues.find((q) => q.name === 'weekly-plan-scan');
    expect(scan).toMatchObject({
      queued: 0,
      active: 0,
      retrying: 0,
      completed: 1,
      failed: 0,
      recentFailures: [],
    });
  });

  it('lists a job waiting for its retry as retrying, with its error and next attempt', async () => {
    const slow = await queueOf('slow-retry');
    // A retrying job is also queued: it waits for its turn.
    expect(slow).toMatchObject({ queued: 1, active: 0, retrying: 1, completed: 0, failed: 0 });
    expect(slow.recentFailures).toEqual([
      expect.objectContaining({
        state: 'retry',
        key: null,
        data: { report: 'weekly' },
        error: 'The mail server did not answer',
        retryCount: 0,
        retryLimit: 3,
        failedAt: null,
        nextAttemptAt: expect.any(String),
      }),
    ]);
    expect(Date.parse(String(slow.recentFailures[0]?.nextAttemptAt))).toBeGreaterThan(Date.now() + 60_000);
    // Only a job out of retries is sent again by hand.
    const res = await retry('slow-retry', String(slow.recentFailures[0]?.id));
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toMatch(/has not failed/);
  });

  it('refuses parents and visitors who are not signed in', async () => {
    const id = failureOf(await queueOf('weekly-plan'), 'sub-1:0').id;
    for (const [token, status] of [
      [parent.idToken, 403],
      [undefined, 401],
    ] as const) {
      const list = await call(api, 'GET', '/api/admin/jobs', token ? { token } : {});
      expect(list.status).toBe(status);
      expect(list.json).not.toHaveProperty('queues');
      const res = await call(api, 'POST', `/api/admin/jobs/weekly-plan/${id}/retry`, token ? { token } : {});
      expect(res.status).toBe(status);
    }
    // Still failed: nothing was retried.
    expect((await queueOf('weekly-plan')).failed).toBe(1);
  });

  it('answers 400 for a malformed queue name or job id, and 404 for an unknown queue or job', async () => {
    const bad = await retry('Weekly_Plan', randomUUID());
    expect(bad.status).toBe(400);
    expect(bad.json.error?.fields?.name).toMatch(/lower-case letters/);
    const badId = await retry('weekly-plan', 'job-1');
    expect(badId.status).toBe(400);
    expect(badId.json.error?.fields?.id).toBeTruthy();
    const id = failureOf(await queueOf('weekly-plan'), 'sub-1:0').id;
    for (const [name, jobId] of [
      ['no-such-queue', id],
      ['weekly-plan', randomUUID()],
      // A job of another queue is not found in this one.
      ['weekly-plan-scan', id],
    ] as const) {
      const res = await retry(name, jobId);
      expect(res.status, `${name} ${jobId}`).toBe(404);
      expect(res.json.error?.code).toBe('not_found');
    }
  });

  it('retries a failed job: it runs again, the counts follow, and the audit log says who did it', async () => {
    const id = failureOf(await queueOf('weekly-plan'), 'sub-1:0').id;
    broken.delete('sub-1:0');
    const res = await retry('weekly-plan', id);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const after = (res.json as unknown as JobsOverview).queues.find((q) => q.name === 'weekly-plan');
    expect(after?.recentFailures.filter((f) => f.id === id && f.state === 'failed')).toEqual([]);
    await until(async () => {
      const plans = await queueOf('weekly-plan');
      return plans.completed === 1 && plans.failed === 0;
    });
    expect((await queueOf('weekly-plan')).recentFailures).toEqual([]);
    const [entry] = await auditEntries(database, id);
    expect(entry).toMatchObject({
      actorId: admin.user.id,
      action: 'job.retry',
      entity: 'job',
      details: { queue: 'weekly-plan' },
    });

    // Done now: there is nothing to retry.
    const again = await retry('weekly-plan', id);
    expect(again.status).toBe(409);
    expect(again.json.error?.code).toBe('conflict');
  }, 60_000);

  it('refuses to retry a job while another for the same key waits (one at a time per key)', async () => {
    await queue.send('weekly-plan', { subscriptionId: 'sub-2', weekIndex: 0 }, { key: 'sub-2:0' });
    await until(async () => Boolean(failureOf(await queueOf('weekly-plan'), 'sub-2:0')));
    const failedId = failureOf(await queueOf('weekly-plan'), 'sub-2:0').id;
    // The week is asked for again (tomorrow): that job waits, so the failed one cannot go back.
    const waiting = await queue.send(
      'weekly-plan',
      { subscriptionId: 'sub-2', weekIndex: 0 },
      { key: 'sub-2:0', startAfter: new Date(Date.now() + 86_400_000) },
    );
    expect(waiting).toEqual(expect.any(String));
    const res = await retry('weekly-plan', failedId);
    expect(res.status).toBe(409);
    expect(res.json.error?.message).toMatch(/already waiting or running/);
    expect(await queueOf('weekly-plan')).toMatchObject({ queued: 1, failed: 1 });
    expect((await auditEntries(database, failedId)).length).toBe(0);
  }, 60_000);
});
