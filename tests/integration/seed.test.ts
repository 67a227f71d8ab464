import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_BEHIND_READER, DEMO_CHILDREN, DEMO_READER_FAMILIES } from '../../src/features/demo/demoContent';
import { seedDemo } from '../../src/features/demo/seed.server';
import { enrolmentQuerySchema } from '../../src/features/program/adminEnrolments.schema';
import { listEnrolments } from '../../src/features/program/adminEnrolments.server';
import { dueWeeklyPlans, weeklyPlanMaker } from '../../src/features/program/planJobs.server';
import {
  blogs,
  books,
  children,
  events,
  guideNotes,
  passages,
  plans,
  podcastEpisodes,
  progressReports,
  subscriptions,
  users,
} from '../../src/platform/db/schema.server';
import { call, fileApi } from './harness';

const { database, api, storage: media } = await fileApi({ media: 'seed-media' });

const userRows = async () => Number((await database.db.select({ n: count() }).from(users))[0]?.n ?? 0);

describe('demo seed', () => {
  it('fills an empty database with browsable content and the demo accounts', async () => {
    expect(await seedDemo(database.db, media)).toBe(true);
    const db = database.db;
    const n = async (table: typeof plans | typeof books | typeof users) =>
      Number((await db.select({ n: count() }).from(table))[0]?.n ?? 0);
    // The two demo accounts, and the demo reader families whose ratings steer the weekly plans.
    // The administrator, the parent and the reading guide, and the reader families.
    expect(await n(users)).toBe(3 + DEMO_READER_FAMILIES.length);
    expect(await n(plans)).toBeGreaterThanOrEqual(3);
    expect(await n(books)).toBeGreaterThanOrEqual(6);
    const condensed = await db.select().from(plans);
    expect(condensed).toEqual(
      expect.arrayContaining([expect.objectContaining({ durationMonths: 1.25, priceCents: 19999 })]),
    );
    const kids = await db.select().from(children);
    expect(kids).toHaveLength(
      DEMO_CHILDREN.length + DEMO_READER_FAMILIES.reduce((sum, f) => sum + f.children.length, 0),
    );
    // Issue 15: enough books at every level, each with topics, for plans that differ.
    const catalogue = await db.select().from(books);
    for (const level of ['sprout', 'sapling', 'branch', 'canopy'] as const)
      expect(catalogue.filter((b) => b.readingLevel === level).length).toBeGreaterThanOrEqual(10);
    expect(catalogue.every((b) => b.topics.length > 0)).toBe(true);
    // Maya is in a program under way, so the profile shows her weekly plan on a first start; a demo
    // reader is in one too, further in.
    const programs = await db.select().from(subscriptions);
    expect(programs).toHaveLength(3);
    const [ended, ...current] = [...programs].sort((a, b) => a.endsAt.getTime() - b.endsAt.getTime());
    // Theo's program ended a week ago: its end-of-program report and certificate are ready.
    expect(ended?.endsAt.getTime()).toBeLessThan(Date.now());
    const [report] = await db.select().from(progressReports);
    expect(report).toMatchObject({ childId: ended?.childId, kind: 'final' });
    expect(await media.stat(String(report?.certificatePath))).not.toBeNull();
    expect(
      (report?.data as { totals: { booksFinished: number } } | undefined)?.totals.booksFinished,
    ).toBeGreaterThanOrEqual(4);
    for (const program of current) {
      expect(program.startsAt.getTime()).toBeLessThan(Date.now());
      expect(program.endsAt.getTime()).toBeGreaterThan(Date.now() + 7 * 86_400_000);
    }
    // Maya's first week is made with the seed, with a note from the demo reading guide on it.
    const [note] = await db.select().from(guideNotes);
    expect(note).toMatchObject({ guideName: 'Grace Mbeki', version: 1 });
    expect(note?.body).toMatch(/^Maya has made a lovely start/);
    const allEvents = await db.select().from(events);
    expect(allEvents.some((e) => e.startsAt > new Date())).toBe(true);
    expect(allEvents.some((e) => e.startsAt < new Date())).toBe(true);
    // Issue 13, item 7: "Saturday Story Time" fell on a Monday.
    const saturday = allEvents.find((e) => e.title.startsWith('Saturday Story Time'));
    expect(saturday?.startsAt.getUTCDay()).toBe(6);
    // Issue 14: every demo venue has a postal address, and every row carries its content's dates.
    expect(allEvents.filter((e) => e.location).every((e) => e.streetAddress && e.addressCountry)).toBe(true);
    expect(allEvents.every((e) => e.updatedAt.getTime() < Date.now() - 86_400_000)).toBe(true);
    const episodes = await db.select().from(podcastEpisodes);
    expect(episodes.length).toBeGreaterThanOrEqual(2);
    for (const episode of episodes) {
      // The audio is in storage, and the row tells its real size and type.
      const stored = await media.stat(episode.audioPath ?? '');
      expect(stored?.size).toBeGreaterThan(10_000);
      expect(episode).toMatchObject({ audioBytes: stored?.size, audioType: 'audio/mpeg', audioUrl: null });
      expect(episode.durationSeconds).toBeGreaterThan(20);
      expect(episode.transcript.length).toBeGreaterThan(300);
    }
    expect((await db.select().from(passages)).every((p) => p.wordCount > 10)).toBe(true);
    const posts = await db.select().from(blogs);
    const published = posts.filter((p) => p.status === 'approved');
    expect(published.length).toBeGreaterThanOrEqual(2);
    expect(published.every((p) => p.contentHtml.length > 300 && p.wordCount > 50)).toBe(true);
    expect(published.every((p) => p.updatedAt.getTime() === p.publishedAt?.getTime())).toBe(true);
    // One post of each other state, for the review queue and the family's own list.
    expect(posts.map((p) => p.status).sort()).toEqual(
      expect.arrayContaining(['draft', 'rejected', 'submitted']),
    );
  });

  it('gives the console’s enrolled children one child on track and one behind, once the plans are made', async () => {
    const makePlan = weeklyPlanMaker(database.db);
    for (const week of await dueWeeklyPlans(database.db, new Date())) await makePlan(week);
    const page = await listEnrolments(database.db, enrolmentQuerySchema.parse({}));
    expect(page.items.map((row) => [row.childName, row.week, row.behind])).toEqual([
      [DEMO_BEHIND_READER, 1, true],
      ['Maya', 1, false],
    ]);
  });

  it('never runs against a database that already holds data', async () => {
    const before = await userRows();
    expect(await seedDemo(database.db, media)).toBe(false);
    expect(await userRows()).toBe(before);
  });
});

describe('GET /api/plans', () => {
  it('lists the active plans, cheapest first, in whole cents', async () => {
    const res = await call(api, 'GET', '/api/plans');
    expect(res.status).toBe(200);
    const list = res.json as unknown as { priceCents: number; durationMonths: number }[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    expect(list.map((p) => p.priceCents)).toEqual([...list.map((p) => p.priceCents)].sort((a, b) => a - b));
    expect(list).toEqual(
      expect.arrayContaining([expect.objectContaining({ durationMonths: 1.25, priceCents: 19999 })]),
    );
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
  });
});
