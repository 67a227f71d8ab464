import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dueWeeklyPlans,
  registerProgramJobs,
  WEEKLY_PLAN_JOB,
  WEEKLY_PLAN_SCAN_JOB,
  weekKey,
} from '../../src/features/program/planJobs.server';
import { sendPlanReminders } from '../../src/features/program/planReminders.server';
import { makeWeeklyPlan, programWeekStart } from '../../src/features/program/weeklyPlans.server';
import {
  children,
  notifications,
  passages,
  readingLogs,
  subscriptions,
  weeklyPlanBooks,
  weeklyPlans,
} from '../../src/platform/db/schema.server';
import type { ReadingLevel } from '../../src/platform/domain';
import { createJobQueue, type JobQueue } from '../../src/platform/jobs/queue.server';
import { type TestDatabase, testDatabase } from './harness';
import { addBooks, BRANCH_BOOKS, childOfNewFamily, programFor, ratedFiveStars } from './programFixtures';

// Weekly plans on the database under test: made from the catalogue and the ratings, once per
// program week, and never for a program that stopped.

let database: TestDatabase;
const WEEK = 7 * 86_400_000;
const start = new Date('2026-11-02T00:00:00Z'); // a Monday

const family = (name: string, level: ReadingLevel, interests: string[]) =>
  childOfNewFamily(database.db, name, level, interests);

const subscribe = (childId: string, weeks = 4, status: 'active' | 'cancelled' = 'active') =>
  programFor(database.db, childId, { startsAt: start, weeks, status });

let bookIds: Record<string, string> = {};

beforeAll(async () => {
  database = await testDatabase();
  bookIds = await addBooks(database.db, [
    ...BRANCH_BOOKS,
    ['Deep Sea', 'Ed Moss', 'branch', ['ocean', 'animals']],
    ['Castle Keys', 'Fay Orr', 'branch', ['history']],
    ['Big Canopy Book', 'Gil Tan', 'canopy', ['space']],
    ['Little Sprout', 'Hal Ivy', 'sprout', ['space']],
  ]);
  await database.db
    .insert(passages)
    .values([{ title: 'A branch passage', readingLevel: 'branch', text: 'Once upon a time.', wordCount: 4 }]);
  // Readers like Maya (branch, space) loved Rocket Girl.
  for (let i = 0; i < 4; i++) {
    const peer = await family(`Peer${i}`, 'branch', ['space']);
    await ratedFiveStars(database.db, peer.id, bookIds['Rocket Girl'], 'Rocket Girl');
  }
}, 120_000);

let queue: JobQueue | undefined;

afterAll(async () => {
  await queue?.stop({ timeoutMs: 1000 }).catch(() => {});
  await database?.dispose();
});

describe('weekly plans', () => {
  it('makes a week of books for the child, explained, with a goal, sessions and a passage', async () => {
    const maya = await family('Maya', 'branch', ['Space', 'animals']);
    await database.db.insert(readingLogs).values({
      childId: maya.id,
      bookId: bookIds['Stars Above'],
      title: 'Stars Above',
      readOn: '2026-10-20',
      minutes: 25,
      rating: 5,
    });
    const subscription = await subscribe(maya.id);
    const outcome = await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 0 });
    expect(outcome.status).toBe('created');
    if (!('planId' in outcome)) throw new Error('no plan');

    const [plan] = await database.db.select().from(weeklyPlans).where(eq(weeklyPlans.id, outcome.planId));
    expect(plan).toMatchObject({ childId: maya.id, weekIndex: 0, readingLevel: 'branch' });
    expect(plan!.startsAt.toISOString()).toBe(start.toISOString());
    expect(plan!.goalMinutes).toBeGreaterThanOrEqual(60);
    expect(plan!.sessionMinutes).toHaveLength(5);
    expect(plan!.passageId).not.toBeNull();

    const chosen = await database.db
      .select()
      .from(weeklyPlanBooks)
      .where(eq(weeklyPlanBooks.planId, outcome.planId))
      .orderBy(weeklyPlanBooks.position);
    expect(chosen.length).toBeGreaterThanOrEqual(3);
    expect(chosen.length).toBeLessThanOrEqual(5);
    const titles = chosen.map((b) => b.title);
    // Never a book she read, never one two levels away.
    expect(titles).not.toContain('Stars Above');
    expect(titles).not.toContain('Little Sprout');
    // What like-minded readers loved and what is like her favourite come first.
    expect(titles.slice(0, 2)).toEqual(expect.arrayContaining(['Rocket Girl', 'Moon Camp']));
    const rocket = chosen.find((b) => b.title === 'Rocket Girl');
    expect(rocket?.reasons).toEqual(
      expect.arrayContaining([{ kind: 'peers', lovedBy: 4, level: 'branch', interest: 'space' }]),
    );
    const moon = chosen.find((b) => b.title === 'Moon Camp');
    expect(moon?.reasons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'favourite', bookTitle: 'Stars Above', shared: 'author' }),
      ]),
    );
  });

  it('gives every plan a passage: one of the nearest level when the child’s has none', async () => {
    // The library has a Branch passage only.
    const [branchPassage] = await database.db
      .select()
      .from(passages)
      .where(eq(passages.readingLevel, 'branch'));
    const ada = await family('Ada', 'sprout', ['animals']);
    const outcome = await makeWeeklyPlan(database.db, {
      subscriptionId: (await subscribe(ada.id)).id,
      weekIndex: 0,
    });
    if (!('planId' in outcome)) throw new Error('no plan');
    const [plan] = await database.db.select().from(weeklyPlans).where(eq(weeklyPlans.id, outcome.planId));
    expect(plan?.readingLevel).toBe('sprout');
    expect(plan?.passageId).toBe(branchPassage?.id);
  });

  it('makes a week once, also when two workers make it at the same moment', async () => {
    const child = await family('Noor', 'branch', ['animals']);
    const subscription = await subscribe(child.id);
    const both = await Promise.all([
      makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 1 }),
      makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 1 }),
    ]);
    expect(both.map((o) => o.status).sort()).toEqual(['created', 'existing']);
    const again = await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 1 });
    expect(again.status).toBe('existing');
    const rows = await database.db
      .select()
      .from(weeklyPlans)
      .where(eq(weeklyPlans.subscriptionId, subscription.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.startsAt.toISOString()).toBe(programWeekStart(start, 1).toISOString());
  });

  it('moves the level and tells the family once, in the plan’s own statement, when two workers race', async () => {
    const child = await family('Rafe', 'branch', ['animals']);
    const loved = ['Stars Above', 'Moon Camp', 'Fox at Dusk', 'Owl Street'];
    await database.db.insert(readingLogs).values(
      loved.map((title, i) => ({
        childId: child.id,
        bookId: bookIds[title],
        title,
        readOn: `2026-10-1${i}`,
        minutes: 20,
        rating: 5,
      })),
    );
    const subscription = await subscribe(child.id);
    const both = await Promise.all([
      makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 1 }),
      makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 1 }),
    ]);
    expect(both.map((o) => o.status).sort()).toEqual(['created', 'existing']);
    const [moved] = await database.db.select().from(children).where(eq(children.id, child.id));
    expect(moved).toMatchObject({ readingLevel: 'canopy', placementBasis: 'review' });
    const [plan] = await database.db
      .select()
      .from(weeklyPlans)
      .where(eq(weeklyPlans.subscriptionId, subscription.id));
    expect(plan?.readingLevel).toBe('canopy');
    // One notice of the move, then the week's: newest first, the plan is ready.
    const notes = await database.db
      .select()
      .from(notifications)
      .where(eq(notifications.childId, child.id))
      .orderBy(desc(notifications.createdAt));
    expect(notes.map((n) => n.title)).toEqual([
      'Rafe’s reading plan for week 2 is ready',
      expect.stringMatching(/^Rafe moves up to Canopy/),
    ]);
  });

  it('varies the books from one week to the next', async () => {
    const child = await family('Ivo', 'branch', ['space', 'animals']);
    const subscription = await subscribe(child.id);
    const first = await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 0 });
    const second = await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 1 });
    const titlesOf = async (o: typeof first) =>
      'planId' in o
        ? (await database.db.select().from(weeklyPlanBooks).where(eq(weeklyPlanBooks.planId, o.planId))).map(
            (b) => b.title,
          )
        : [];
    const [a, b] = [await titlesOf(first), await titlesOf(second)];
    expect(a.length).toBeGreaterThanOrEqual(3);
    // Seven books within reach at branch: the second week takes what the first left.
    expect(b.filter((t) => a.includes(t)).length).toBeLessThan(Math.min(a.length, b.length));
  });

  it('makes nothing for a cancelled program, after its end, or once the child is deleted', async () => {
    const child = await family('Lea', 'sapling', ['space']);
    const cancelled = await subscribe(child.id, 4, 'cancelled');
    expect(await makeWeeklyPlan(database.db, { subscriptionId: cancelled.id, weekIndex: 0 })).toEqual({
      status: 'not-active',
    });
    const short = await subscribe(child.id, 2);
    expect(await makeWeeklyPlan(database.db, { subscriptionId: short.id, weekIndex: 2 })).toEqual({
      status: 'after-end',
    });
    await database.db.delete(children).where(eq(children.id, child.id));
    expect(await makeWeeklyPlan(database.db, { subscriptionId: short.id, weekIndex: 0 })).toEqual({
      status: 'gone',
    });
    expect(await database.db.select().from(weeklyPlans).where(eq(weeklyPlans.childId, child.id))).toEqual([]);
  });
});

describe('weekly plan jobs', () => {
  const during = new Date(start.getTime() + 9 * 86_400_000); // day 9: the program's week 1

  it('finds the weeks under way without a plan, for active programs only', async () => {
    const child = await family('Ada', 'branch', ['space']);
    const active = await subscribe(child.id);
    const cancelled = await subscribe(child.id, 4, 'cancelled');
    const due = await dueWeeklyPlans(database.db, during);
    expect(due).toContainEqual({ subscriptionId: active.id, weekIndex: 1 });
    expect(due.map((d) => d.subscriptionId)).not.toContain(cancelled.id);
    // Before the start and after the end: nothing.
    const before = await dueWeeklyPlans(database.db, new Date(start.getTime() - 1000));
    expect(before.map((d) => d.subscriptionId)).not.toContain(active.id);
    const after = await dueWeeklyPlans(database.db, new Date(start.getTime() + 5 * WEEK));
    expect(after.map((d) => d.subscriptionId)).not.toContain(active.id);
    // A week whose job ran out of retries is left out before the limit: it never crowds out others.
    const second = await subscribe(child.id);
    const firstTwo = await dueWeeklyPlans(database.db, during, { limit: 2 });
    const failed = firstTwo[0]!;
    const next = await dueWeeklyPlans(database.db, during, { limit: 2, skip: [weekKey(failed)] });
    expect(next).not.toContainEqual(failed);
    expect(next).toHaveLength(2);
    expect(next[0]).toEqual(firstTwo[1]);
    expect((await dueWeeklyPlans(database.db, during, { skip: [weekKey(failed)] })).length).toBe(due.length);
    expect(await dueWeeklyPlans(database.db, during)).toContainEqual({
      subscriptionId: second.id,
      weekIndex: 1,
    });
    // Once made, no longer due.
    await makeWeeklyPlan(database.db, { subscriptionId: active.id, weekIndex: 1 });
    expect((await dueWeeklyPlans(database.db, during)).map((d) => d.subscriptionId)).not.toContain(active.id);
  });

  it('the scan job sends each due week, and the plan job makes it', async () => {
    const child = await family('Bo', 'branch', ['animals']);
    const subscription = await subscribe(child.id);
    const quiet = { info() {}, warn() {}, error() {} };
    queue = createJobQueue(database.queue, { logger: quiet, pollSeconds: 0.5, superviseSeconds: 1 });
    // No cron in a test: the scan is sent by hand, with the test's clock.
    await registerProgramJobs(queue, database.db, quiet, { clock: () => during, schedule: false });
    await queue.send(WEEKLY_PLAN_SCAN_JOB, {});
    const planned = async () =>
      (
        await database.db.select().from(weeklyPlans).where(eq(weeklyPlans.subscriptionId, subscription.id))
      ).map((p) => p.weekIndex);
    const end = Date.now() + 30_000;
    while ((await planned()).length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    expect(await planned()).toEqual([1]);
    const overview = await queue.overview();
    expect(overview.map((q) => q.name)).toEqual(
      expect.arrayContaining([WEEKLY_PLAN_JOB, WEEKLY_PLAN_SCAN_JOB]),
    );
  }, 60_000);
});

describe('mid-week reminders', () => {
  // A program week of their own, after every other test's: Monday 7 December.
  const monday = new Date('2026-12-07T00:00:00Z');
  const thursday = new Date('2026-12-10T09:00:00Z');
  const HOUR = 3_600_000;

  const plannedChild = async (name: string) => {
    const child = await family(name, 'branch', ['animals']);
    const subscription = await programFor(database.db, child.id, { startsAt: monday, weeks: 2 });
    const made = await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 0 });
    if (!('planId' in made)) throw new Error('no plan');
    return { child, subscription, planId: made.planId };
  };
  const notesOf = (childId: string) =>
    database.db.select().from(notifications).where(eq(notifications.childId, childId));

  it('tells a family three days in what is left of a week barely begun, once', async () => {
    const quiet = await plannedChild('Tove');
    const { child: reader } = await plannedChild('Uma');
    const [plan] = await database.db.select().from(weeklyPlans).where(eq(weeklyPlans.childId, reader.id));
    // Uma read half her goal on the plan's days: nothing to remind.
    await database.db.insert(readingLogs).values([
      {
        childId: reader.id,
        title: 'Fox at Dusk',
        readOn: '2026-12-07',
        minutes: Math.ceil(plan!.goalMinutes / 2),
      },
    ]);
    // Tove's reading before the plan began does not count.
    await database.db
      .insert(readingLogs)
      .values({ childId: quiet.child.id, title: 'Owl Street', readOn: '2026-12-06', minutes: 300 });

    // Two days in: too early.
    expect(await sendPlanReminders(database.db, new Date(monday.getTime() + 2 * 24 * HOUR))).toBe(0);

    expect(await sendPlanReminders(database.db, thursday)).toBe(1);
    const [note] = await notesOf(quiet.child.id);
    expect(note).toMatchObject({
      kind: 'program',
      title: 'Tove’s week: two sessions to go',
      link: `/reading-plan/${quiet.child.id}`,
    });
    expect(note?.body).toContain(
      'Tove has not logged any reading this week yet. Thursday and Friday are still ahead',
    );
    expect(await notesOf(reader.id)).toEqual([]);
    const [marked] = await database.db.select().from(weeklyPlans).where(eq(weeklyPlans.id, quiet.planId));
    expect(marked?.remindedAt).not.toBeNull();

    // Once: the next scans find nothing, also two at the same moment.
    const again = await Promise.all([
      sendPlanReminders(database.db, new Date(thursday.getTime() + HOUR)),
      sendPlanReminders(database.db, new Date(thursday.getTime() + HOUR)),
    ]);
    expect(again).toEqual([0, 0]);
    expect(await notesOf(quiet.child.id)).toHaveLength(1);
  });

  it('reminds each family once when two scans race, and never a stopped program or a week that ended', async () => {
    const racing = await Promise.all(['Vera', 'Wim', 'Xan'].map(plannedChild));
    const stopped = await plannedChild('Yara');
    await database.db
      .update(subscriptions)
      .set({ status: 'cancelled' })
      .where(eq(subscriptions.id, stopped.subscription.id));
    const friday = new Date(thursday.getTime() + 24 * HOUR);
    const both = await Promise.all([
      sendPlanReminders(database.db, friday, 1),
      sendPlanReminders(database.db, friday, 1),
    ]);
    expect(both[0]! + both[1]!).toBe(3);
    for (const { child } of racing) {
      const notes = await notesOf(child.id);
      expect(notes.map((n) => n.title)).toEqual([`${child.firstName}’s week: one session to go`]);
    }
    expect(await notesOf(stopped.child.id)).toEqual([]);

    // The week is over on Monday: a plan not reminded by then never is.
    const late = await plannedChild('Zed');
    expect(await sendPlanReminders(database.db, new Date(monday.getTime() + 7 * 24 * HOUR))).toBe(0);
    expect(await notesOf(late.child.id)).toEqual([]);
  });
});
