import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPlanContext } from '../../src/features/program/planContext.server';
import { planContextCache, weeklyPlanMaker } from '../../src/features/program/planJobs.server';
import { makeWeeklyPlan } from '../../src/features/program/weeklyPlans.server';
import { books, weeklyPlanBooks, weeklyPlans } from '../../src/platform/db/schema.server';
import { type TestDatabase, testDatabase } from './harness';
import { addBooks, BRANCH_BOOKS, childOfNewFamily, programFor, ratedFiveStars } from './programFixtures';

// The plans of a run share one read of the catalogue and the ratings (PlanContext): the same plan
// as one that reads its own, one read a minute for the job, and a fresh read after a failure.

let database: TestDatabase;
const start = new Date('2026-11-02T00:00:00Z');
let bookIds: Record<string, string> = {};

async function enrolled(name: string, interests: string[]) {
  const child = await childOfNewFamily(database.db, name, 'branch', interests);
  return { child, subscription: await programFor(database.db, child.id, { startsAt: start }) };
}

const booksOf = async (planId: string) =>
  database.db
    .select({
      title: weeklyPlanBooks.title,
      reasons: weeklyPlanBooks.reasons,
      alt: weeklyPlanBooks.alternativeBookId,
    })
    .from(weeklyPlanBooks)
    .where(eq(weeklyPlanBooks.planId, planId))
    .orderBy(weeklyPlanBooks.position);

beforeAll(async () => {
  database = await testDatabase();
  bookIds = await addBooks(database.db, BRANCH_BOOKS);
  const peer = await enrolled('Peer', ['space']);
  await ratedFiveStars(database.db, peer.child.id, bookIds['Rocket Girl'], 'Rocket Girl');
}, 120_000);

afterAll(async () => {
  await database?.dispose();
});

describe('a shared plan context', () => {
  it('makes the same plan as one that reads its own', async () => {
    const { subscription } = await enrolled('Maya', ['space', 'animals']);
    const week = { subscriptionId: subscription.id, weekIndex: 0 };
    const shared = await makeWeeklyPlan(database.db, week, { context: await loadPlanContext(database.db) });
    if (!('planId' in shared)) throw new Error('no plan');
    const withContext = await booksOf(shared.planId);
    await database.db.delete(weeklyPlans).where(eq(weeklyPlans.id, shared.planId));
    const own = await makeWeeklyPlan(database.db, week);
    if (!('planId' in own)) throw new Error('no plan');
    expect(withContext.length).toBeGreaterThanOrEqual(3);
    expect(await booksOf(own.planId)).toEqual(withContext);
  });

  it('is read once for the plans of a minute, again after it, and again once dropped', async () => {
    let now = 0;
    const cache = planContextCache(database.db, { maxAgeMs: 60_000, now: () => now });
    const first = cache.get();
    now = 59_999;
    expect(cache.get()).toBe(first);
    now = 60_000;
    const second = cache.get();
    expect(second).not.toBe(first);
    cache.drop();
    expect(cache.get()).not.toBe(second);
    await Promise.all([first, second]);
  });

  it('is read again after a plan fails, so a retry sees the catalogue as it is', async () => {
    const make = weeklyPlanMaker(database.db);
    const ivo = await enrolled('Ivo', ['animals']);
    expect((await make({ subscriptionId: ivo.subscription.id, weekIndex: 0 })).status).toBe('created');
    // A book leaves the catalogue after the context was read: a plan that picks it cannot be
    // written, and its retry reads the catalogue again.
    await database.db.delete(books).where(eq(books.id, bookIds['Fox at Dusk']!));
    const ada = await enrolled('Ada', ['animals']);
    const week = { subscriptionId: ada.subscription.id, weekIndex: 0 };
    await expect(make(week)).rejects.toThrow();
    const retried = await make(week);
    if (!('planId' in retried)) throw new Error('no plan');
    const titles = (await booksOf(retried.planId)).map((b) => b.title);
    expect(titles).not.toContain('Fox at Dusk');
    expect(titles.length).toBeGreaterThanOrEqual(3);
  });
});
