import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { ChildPlanDto, WallDto } from '../../src/features/program/program.schema';
import { makeWeeklyPlan } from '../../src/features/program/weeklyPlans.server';
import { addDays, utcDay } from '../../src/platform/days';
import { books, passages, subscriptions, weeklyPlans } from '../../src/platform/db/schema.server';
import { onNudge } from '../../src/platform/jobs/signals';
import { publicConfig } from '../../src/platform/publicConfig';
import { addPlan, call, familyWithChild, fileApi, siteServerFor } from './harness';

// What a family sees of the program: the week's plan with its progress, the finished-books wall,
// and the calendar subscription. The plans are made by the job's own function (weeklyPlans.test.ts
// tests the making; here, the showing).

const { database, api } = await fileApi();
const DAY = 86_400_000;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

await database.db.insert(books).values([
  { title: 'The Wild Robot', author: 'Peter Brown', readingLevel: 'branch', topics: ['robots', 'nature'] },
  { title: 'The Wild Robot Escapes', author: 'Peter Brown', readingLevel: 'branch', topics: ['robots'] },
  {
    title: 'Charlotte’s Web',
    author: 'E. B. White',
    readingLevel: 'branch',
    topics: ['animals', 'friendship'],
  },
  { title: 'Stuart Little', author: 'E. B. White', readingLevel: 'branch', topics: ['animals', 'adventure'] },
  {
    title: 'Mr. Popper’s Penguins',
    author: 'Richard Atwater',
    readingLevel: 'branch',
    topics: ['animals', 'funny'],
  },
  {
    title: 'The Boxcar Children',
    author: 'Gertrude Chandler Warner',
    readingLevel: 'branch',
    topics: ['mysteries'],
  },
  { title: 'Matilda', author: 'Roald Dahl', readingLevel: 'branch', topics: ['funny', 'school'] },
]);
await database.db.insert(passages).values({
  title: 'The lighthouse',
  readingLevel: 'branch',
  text: 'The lamp turned all night.',
  wordCount: 5,
});
const programId = await addPlan(database, {
  name: 'Rated Reads Monthly',
  durationMonths: 1,
  priceCents: 4900,
});

type Family = Awaited<ReturnType<typeof familyWithChild>>;
const newFamily = (name = 'Maya') =>
  familyWithChild(api, { firstName: name, ageBand: '8-10', readingLevel: 'branch', interests: ['Animals'] });

/** Enrols the family's child in the program from `startsAt`, for `days` (four weeks by default). */
async function enrol(f: Family, startsAt: Date, days = 28) {
  const [subscription] = await database.db
    .insert(subscriptions)
    .values({
      childId: f.childId,
      planId: programId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + days * DAY),
    })
    .returning();
  return subscription!;
}

async function planOf(f: Family, query = '') {
  const res = await call(api, 'GET', `/api/children/${f.childId}/plan${query}`, { token: f.token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as unknown as ChildPlanDto;
}

describe('a child’s weekly plan', () => {
  it('says there is no program yet, and when one starts later', async () => {
    const f = await newFamily();
    expect(await planOf(f)).toMatchObject({ state: 'none', plan: null, weeks: [], childName: 'Maya' });
    const later = new Date(Date.now() + 3 * DAY);
    await enrol(f, later);
    expect(await planOf(f)).toMatchObject({ state: 'upcoming', programStartsOn: utcDay(later), plan: null });
  });

  it('says the week’s plan is being made until the job has made it, then shows it', async () => {
    const f = await newFamily();
    const subscription = await enrol(f, new Date(Date.now() - 60_000));
    expect((await planOf(f)).state).toBe('preparing');

    await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 0 });
    const view = await planOf(f);
    expect(view.state).toBe('ready');
    const plan = view.plan!;
    expect(plan).toMatchObject({
      weekIndex: 0,
      weeks: 4,
      programName: 'Rated Reads Monthly',
      minutesRead: 0,
    });
    expect(plan.goalMinutes).toBe(120);
    // One session on each of the week's five weekdays, adding up to the goal.
    expect(plan.sessions.map((s) => s.minutes)).toEqual([25, 25, 25, 25, 20]);
    expect(plan.sessions.every((s) => ![0, 6].includes(new Date(`${s.day}T00:00:00Z`).getUTCDay()))).toBe(
      true,
    );
    expect(plan.books.length).toBeGreaterThanOrEqual(3);
    expect(plan.books.length).toBeLessThanOrEqual(5);
    for (const book of plan.books) {
      expect(book.done).toBe(false);
      expect(book.reasons.length).toBeGreaterThan(0);
      expect(book.reasons.join(' ')).not.toMatch(/undefined|\[object/);
    }
    // Interests steer the week: the animal books come first for a child who likes animals.
    expect(plan.books[0]?.reasons.join(' ')).toContain('animals');
    expect(plan.passage).toMatchObject({ title: 'The lighthouse', wordCount: 5 });
    // Five sessions on the plan's weekdays, in order.
    expect(plan.sessions).toHaveLength(5);
    for (const s of plan.sessions) {
      const weekday = new Date(`${s.day}T00:00:00Z`).getUTCDay();
      expect(weekday).toBeGreaterThanOrEqual(1);
      expect(weekday).toBeLessThanOrEqual(5);
      expect(s.day >= plan.startsOn && s.day <= plan.endsOn).toBe(true);
    }
    expect([...plan.sessions.map((s) => s.day)].sort()).toEqual(plan.sessions.map((s) => s.day));
    expect(view.weeks).toEqual([{ id: plan.id, weekIndex: 0, startsOn: plan.startsOn }]);
  });

  it('ticks off a planned book once it is logged, counts the minutes and the streak, and puts it on the wall', async () => {
    const f = await newFamily('Ruby');
    const subscription = await enrol(f, new Date(Date.now() - 2 * DAY));
    await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 0 });
    const before = (await planOf(f)).plan!;
    const picked = before.books[1]!;

    const today = utcDay(new Date());
    for (const [readOn, body] of [
      [addDays(today, -1), { title: 'A book of our own', minutes: 15, finished: true }],
      // One session of a planned book: begun, not done (issue 24).
      [addDays(today, -1), { bookId: picked.bookId, minutes: 10 }],
    ] as const) {
      const res = await call(api, 'POST', `/api/children/${f.childId}/reading`, {
        token: f.token,
        body: { readOn, ...body },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    }
    const begun = (await planOf(f)).plan?.books.find((b) => b.title === picked.title);
    expect(begun).toMatchObject({ started: true, done: false });
    expect(
      (await call(api, 'GET', `/api/children/${f.childId}/wall`, { token: f.token })).json.books,
    ).toEqual([expect.objectContaining({ title: 'A book of our own' })]);
    for (const [readOn, body] of [
      [today, { bookId: picked.bookId, minutes: 15, rating: 5, finished: true }],
    ] as const) {
      const res = await call(api, 'POST', `/api/children/${f.childId}/reading`, {
        token: f.token,
        body: { readOn, ...body },
      });
      expect(res.status, JSON.stringify(res.json)).toBe(201);
    }

    const after = await planOf(f, `?today=${today}`);
    expect(after.plan?.books.map((b) => b.done)).toEqual(before.books.map((b) => b.title === picked.title));
    expect(after.plan?.minutesRead).toBe(40);
    expect(after.plan?.books.find((b) => b.title === picked.title)?.started).toBe(true);
    expect(after.streakDays).toBe(2);
    const session = after.plan?.sessions.find((s) => s.day === today);
    // Today is a session day when it is a weekday (the plan began two days ago, so it is in it).
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5) expect(session?.readMinutes).toBe(15);
    else expect(session).toBeUndefined();

    const wall = await call(api, 'GET', `/api/children/${f.childId}/wall`, { token: f.token });
    expect(wall.status).toBe(200);
    const shown = wall.json as unknown as WallDto;
    expect(shown.childName).toBe('Ruby');
    expect(shown.books.map((b) => b.title)).toEqual([picked.title, 'A book of our own']);
    // Dated by the day it was finished, not the day it was begun.
    expect(shown.books[0]).toMatchObject({ author: picked.author, rating: 5, finishedOn: today });
  });

  it('shows another week when asked, and 404 for a plan that is not this child’s', async () => {
    const f = await newFamily();
    const other = await newFamily('Omar');
    const subscription = await enrol(f, new Date(Date.now() - 8 * DAY));
    const otherSubscription = await enrol(other, new Date(Date.now() - DAY));
    const first = await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 0 });
    const second = await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 1 });
    const theirs = await makeWeeklyPlan(database.db, { subscriptionId: otherSubscription.id, weekIndex: 0 });
    if (first.status !== 'created' || second.status !== 'created' || theirs.status !== 'created')
      throw new Error('plans not made');

    // The second week is announced (the first was, with the enrolment), once even if made again.
    expect(
      (await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 1 })).status,
    ).toBe('existing');
    const told = JSON.stringify(
      (await call(api, 'GET', `/api/children/${f.childId}/notifications`, { token: f.token })).json,
    );
    expect(told.split('Maya’s reading plan for week 2 is ready').length).toBe(2);
    expect(told).toContain('five short sessions');
    expect(told).not.toContain('for week 1 is ready');
    const now = await planOf(f);
    expect(now.plan?.id).toBe(second.planId);
    expect(now.weeks.map((w) => w.weekIndex)).toEqual([0, 1]);
    expect((await planOf(f, `?plan=${first.planId}`)).plan?.weekIndex).toBe(0);
    // The second week starts with the books the first did not have; last week's come only after
    // (this small catalogue has seven books at the level).
    const firstTitles = new Set((await planOf(f, `?plan=${first.planId}`)).plan?.books.map((b) => b.title));
    const repeated = now.plan?.books.map((b) => firstTitles.has(b.title)) ?? [];
    expect(repeated.slice(0, 2)).toEqual([false, false]);
    expect(repeated.indexOf(false, 2)).toBe(-1);

    for (const plan of [theirs.planId, UNKNOWN]) {
      const res = await call(api, 'GET', `/api/children/${f.childId}/plan?plan=${plan}`, { token: f.token });
      expect(res.status).toBe(404);
    }
    const bad = await call(api, 'GET', `/api/children/${f.childId}/plan?plan=nope&today=yesterday`, {
      token: f.token,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error?.fields ?? {})).toContain('plan');
    const badDay = await call(api, 'GET', `/api/children/${f.childId}/plan?today=2001-01-01`, {
      token: f.token,
    });
    expect(badDay.status).toBe(400);
    expect(badDay.json.error?.fields).toHaveProperty('today');
  });

  it('is looked for at once when a program is paid for: the payment nudges the plan jobs', async () => {
    const f = await newFamily('Sol');
    const nudges: string[] = [];
    const stop = onNudge('programs', () => nudges.push('programs'));
    try {
      const order = await call(api, 'POST', '/api/checkout', {
        token: f.token,
        body: { planId: programId, childId: f.childId },
      });
      expect(order.status, JSON.stringify(order.json)).toBe(201);
      const paid = await call(api, 'POST', `/api/orders/${order.json.orderId}/sandbox-pay`, {
        token: f.token,
        body: { outcome: 'succeed' },
      });
      expect(paid.status).toBe(200);
    } finally {
      stop();
    }
    expect(nudges).toEqual(['programs']);
    // Until the job has made it, the family hears that the week's plan is on its way.
    expect((await planOf(f)).state).toBe('preparing');
  });

  it('fits a short last week: fewer sessions, never twice on a day, and a smaller goal', async () => {
    const f = await newFamily('Pia');
    const startsAt = new Date(Date.now() - 8 * DAY);
    const subscription = await enrol(f, startsAt, 10);
    await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 1 });
    const plan = (await planOf(f)).plan;
    if (!plan) throw new Error('no plan');
    const days = plan.sessions.map((s) => s.day);
    expect(new Set(days).size).toBe(days.length);
    expect(days.length).toBeLessThan(5); // four days at most, some of them perhaps a weekend
    expect(days.every((d) => d >= plan.startsOn && d <= plan.endsOn)).toBe(true);
    expect(plan.goalMinutes).toBeLessThan(120);
    const sum = plan.sessions.reduce((total, s) => total + s.minutes, 0);
    expect(sum).toBe(plan.goalMinutes);
  });

  it('never plans a catalogue book the child logged by typing its title', async () => {
    const f = await newFamily('Zoe');
    for (const title of ['matilda', 'Charlotte’s Web ']) {
      const res = await call(api, 'POST', `/api/children/${f.childId}/reading`, {
        token: f.token,
        body: { title, readOn: utcDay(new Date()), minutes: 10 },
      });
      expect(res.status).toBe(201);
    }
    const subscription = await enrol(f, new Date(Date.now() - 60_000));
    await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 0 });
    const titles = (await planOf(f)).plan?.books.map((b) => b.title) ?? [];
    expect(titles.length).toBeGreaterThanOrEqual(3);
    expect(titles).not.toContain('Matilda');
    expect(titles).not.toContain('Charlotte’s Web');
  });

  it('says a plan is late, and stops asking, when the week began long ago without one', async () => {
    const f = await newFamily('Max');
    await enrol(f, new Date(Date.now() - DAY));
    expect((await planOf(f)).state).toBe('delayed');
  });

  it('keeps the last plan readable after the program ends', async () => {
    const f = await newFamily();
    const subscription = await enrol(f, new Date(Date.now() - 15 * DAY), 7);
    await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 0 });
    const view = await planOf(f);
    expect(view.state).toBe('ended');
    expect(view.plan?.weekIndex).toBe(0);
  });
});

describe('the week’s read-aloud passage', () => {
  it('comes with its text, and is ticked once read aloud in the plan’s week', async () => {
    const f = await newFamily('Rosa');
    const subscription = await enrol(f, new Date(Date.now() - DAY));
    await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 0 });
    const before = (await planOf(f)).plan?.passage;
    expect(before).toMatchObject({
      title: 'The lighthouse',
      text: 'The lamp turned all night.',
      practised: false,
    });
    // An attempt of another passage, or none, ticks nothing; one of the week's passage does.
    const attempt = await call(
      api,
      'POST',
      `/api/children/${f.childId}/recordings?passageId=${before?.id}&durationMs=30000`,
      { token: f.token },
    );
    expect(attempt.status, JSON.stringify(attempt.json)).toBe(201);
    expect((await planOf(f)).plan?.passage?.practised).toBe(true);
  });
});

describe('placement', () => {
  const confident = { independence: 'long-alone', stamina: 'over-20', feeling: 'easy' };
  const place = (f: Family, body: unknown) =>
    call(api, 'PUT', `/api/children/${f.childId}/placement`, { token: f.token, body });

  it('moves the level from the parent’s answers and makes this week’s unread plan again at it', async () => {
    const f = await newFamily('Ada');
    const subscription = await enrol(f, new Date(Date.now() - DAY));
    await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 0 });
    const before = await planOf(f);
    expect(before).toMatchObject({ readingLevel: 'branch', placement: null });
    // The family was reminded of this week already: the remade week is not reminded again.
    const remindedAt = new Date(Date.now() - 60_000);
    await database.db
      .update(weeklyPlans)
      .set({ remindedAt })
      .where(eq(weeklyPlans.subscriptionId, subscription.id));

    const res = await place(f, confident);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      level: 'canopy',
      previousLevel: 'branch',
      basis: 'answers',
      planRemade: true,
    });
    const after = await planOf(f);
    expect(after.readingLevel).toBe('canopy');
    expect(after.placement).toEqual({ basis: 'answers', placedOn: utcDay(new Date()) });
    expect(after.plan).toMatchObject({ weekIndex: 0, readingLevel: 'canopy' });
    expect(after.plan?.id).not.toBe(before.plan?.id);
    const [remade] = await database.db
      .select()
      .from(weeklyPlans)
      .where(eq(weeklyPlans.subscriptionId, subscription.id));
    expect(remade?.remindedAt?.getTime()).toBe(remindedAt.getTime());
  });

  it('keeps a week that has been read, and keeps the level when the answers match the age', async () => {
    const f = await newFamily('Ben');
    const subscription = await enrol(f, new Date(Date.now() - DAY));
    await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 0 });
    const before = (await planOf(f)).plan!;
    await call(api, 'POST', `/api/children/${f.childId}/reading`, {
      token: f.token,
      body: { title: 'Our library book', readOn: utcDay(new Date()), minutes: 15 },
    });
    expect((await place(f, confident)).json).toMatchObject({ level: 'canopy', planRemade: false });
    expect((await planOf(f)).plan).toMatchObject({ id: before.id, readingLevel: 'branch' });

    const steady = await place(f, { independence: 'short-alone', stamina: '10-20', feeling: 'fine' });
    expect(steady.json).toMatchObject({ level: 'branch', previousLevel: 'canopy', basis: 'answers' });
  });

  it('moves with the ratings: four loved books at the level move the next plan up, once, and the family is told', async () => {
    const f = await newFamily('Eli');
    const catalogue = await database.db.select().from(books);
    const branch = catalogue.filter((b) => b.readingLevel === 'branch').slice(0, 4);
    const today = utcDay(new Date());
    for (const [i, book] of branch.entries()) {
      const res = await call(api, 'POST', `/api/children/${f.childId}/reading`, {
        token: f.token,
        body: { bookId: book.id, readOn: addDays(today, -10 + i), minutes: 20, rating: 5 },
      });
      expect(res.status).toBe(201);
    }
    const subscription = await enrol(f, new Date(Date.now() - 8 * DAY));
    await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 1 });
    const view = await planOf(f);
    expect(view).toMatchObject({ readingLevel: 'canopy', placement: { basis: 'review' } });
    expect(view.plan?.readingLevel).toBe('canopy');
    const notes = await call(api, 'GET', `/api/children/${f.childId}/notifications`, { token: f.token });
    expect(JSON.stringify(notes.json)).toContain('Eli moves up to Canopy');

    // The same books do not move the level again.
    await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 0 });
    expect((await planOf(f)).readingLevel).toBe('canopy');
    const again = await call(api, 'GET', `/api/children/${f.childId}/notifications`, { token: f.token });
    expect(JSON.stringify(again.json).split('moves up to').length).toBe(2);
  });

  it('starts afresh when the parent sets the level by hand on the child’s form', async () => {
    const f = await newFamily('Gus');
    expect((await place(f, confident)).json).toMatchObject({ level: 'canopy' });
    expect((await planOf(f)).placement).toMatchObject({ basis: 'answers' });
    const edited = await call(api, 'PATCH', `/api/children/${f.childId}`, {
      token: f.token,
      body: { firstName: 'Gus', ageBand: '8-10', readingLevel: 'sapling', interests: ['Animals'] },
    });
    expect(edited.status, JSON.stringify(edited.json)).toBe(200);
    expect(await planOf(f)).toMatchObject({ readingLevel: 'sapling', placement: null });
  });

  it('leaves a stopped program’s plan as it was', async () => {
    const f = await newFamily('Ola');
    const subscription = await enrol(f, new Date(Date.now() - DAY));
    await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 0 });
    const before = (await planOf(f)).plan;
    await database.db
      .update(subscriptions)
      .set({ status: 'cancelled' })
      .where(eq(subscriptions.id, subscription.id));
    expect((await place(f, confident)).json).toMatchObject({ level: 'canopy', planRemade: false });
    expect((await planOf(f)).plan).toMatchObject({ id: before?.id, readingLevel: 'branch' });
  });

  it('refuses missing or unknown answers, naming the question, and changes nothing', async () => {
    const f = await newFamily('Cy');
    const missing = await place(f, { independence: 'read-to', stamina: 'under-10' });
    expect(missing.status).toBe(400);
    expect(missing.json.error?.fields).toHaveProperty('feeling');
    const unknown = await place(f, { ...confident, stamina: 'all-day' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error?.fields).toHaveProperty('stamina');
    expect(await planOf(f)).toMatchObject({ readingLevel: 'branch', placement: null });
  });
});

describe('the finished-books wall', () => {
  it('is empty for a new reader', async () => {
    const f = await newFamily();
    const res = await call(api, 'GET', `/api/children/${f.childId}/wall`, { token: f.token });
    expect(res.json).toMatchObject({ books: [], milestones: [] });
  });

  it('keeps one cover per book, with its latest stars, and shows the milestones as badges', async () => {
    const f = await newFamily('Nia');
    const today = utcDay(new Date());
    for (let day = 2; day >= 0; day -= 1) {
      await call(api, 'POST', `/api/children/${f.childId}/reading`, {
        token: f.token,
        body: {
          title: 'Matilda',
          author: 'Roald Dahl',
          readOn: addDays(today, -day),
          minutes: 20,
          rating: day + 2,
          finished: day === 2,
        },
      });
    }
    const wall = (await call(api, 'GET', `/api/children/${f.childId}/wall`, { token: f.token }))
      .json as unknown as WallDto;
    expect(wall.books).toHaveLength(1);
    expect(wall.books[0]).toMatchObject({ title: 'Matilda', rating: 2, finishedOn: addDays(today, -2) });
    expect(wall.milestones).toEqual([
      expect.objectContaining({ milestone: 'streak-3', kind: 'streak', title: 'Nia read 3 days in a row' }),
    ]);
  });
});

describe('the family calendar', () => {
  it('gives one private address, serves the sessions, and stops when asked', async () => {
    const f = await newFamily('Leo');
    const subscription = await enrol(f, new Date(Date.now() - DAY));
    await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 0 });

    // Asking whether there is one makes none.
    expect((await call(api, 'GET', '/api/me/calendar', { token: f.token })).json).toEqual({ url: null });
    const first = await call(api, 'POST', '/api/me/calendar', { token: f.token });
    expect(first.status).toBe(200);
    const url = String(first.json.url);
    // The page finds it again after a reload; another family sees none of it.
    expect((await call(api, 'GET', '/api/me/calendar', { token: f.token })).json).toEqual({ url });
    const other = await newFamily('Noa');
    expect((await call(api, 'GET', '/api/me/calendar', { token: other.token })).json).toEqual({ url: null });
    expect(url).toMatch(/^\/api\/calendar\/[A-Za-z0-9_-]{32}\/plans\.ics$/);
    expect((await call(api, 'POST', '/api/me/calendar', { token: f.token })).json.url).toBe(url);

    const feed = await call(api, 'GET', url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toContain('text/calendar');
    expect(feed.headers.get('cache-control')).toContain('no-store');
    const calendar = new ICAL.Component(ICAL.parse(String(feed.json)));
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(events).toHaveLength(5);
    expect(events[0]?.summary).toMatch(/^Leo: \d+ minutes of reading$/);
    expect(events[0]?.startDate.isDate).toBe(true);
    expect(events[0]?.description).toContain('Goal: 120 minutes this week.');

    expect((await call(api, 'DELETE', '/api/me/calendar', { token: f.token })).status).toBe(204);
    expect((await call(api, 'GET', url)).status).toBe(404);
    expect((await call(api, 'GET', '/api/me/calendar', { token: f.token })).json).toEqual({ url: null });
    const again = await call(api, 'POST', '/api/me/calendar', { token: f.token });
    expect(again.json.url).not.toBe(url);
  });

  it('writes the site’s own address into the feed, whatever Host the request names', async () => {
    const f = await newFamily('Ada');
    const subscription = await enrol(f, new Date(Date.now() - DAY));
    await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 0 });
    const url = String((await call(api, 'POST', '/api/me/calendar', { token: f.token })).json.url);
    const server = await siteServerFor(api);
    const { port } = server.address() as AddressInfo;
    const body = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        { host: '127.0.0.1', port, path: url, headers: { host: 'evil.example' } },
        (res) => {
          let text = '';
          res.on('data', (chunk) => (text += chunk));
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(body).toContain('BEGIN:VCALENDAR');
    expect(body).not.toContain('evil.example');
    const site = new URL(publicConfig.siteUrl);
    expect(body).toContain(`URL:${site.origin}/reading-plan/`);
    expect(body).toMatch(new RegExp(`UID:[\\w-]+@${site.hostname.replaceAll('.', '\\.')}\r\n`));
  });

  it('is in the family’s export (without the secret address) and goes with the account', async () => {
    const f = await newFamily('Ivy');
    const subscription = await enrol(f, new Date(Date.now() - DAY));
    await makeWeeklyPlan(database.db, { subscriptionId: subscription.id, weekIndex: 0 });
    const url = String((await call(api, 'POST', '/api/me/calendar', { token: f.token })).json.url);

    const exported = await call(api, 'GET', '/api/me/export', { token: f.token });
    const text = JSON.stringify(exported.json);
    expect(text).not.toContain(url.split('/')[3]);
    const child = (exported.json.children as { weeklyPlans: { books: { title: string }[] }[] }[])[0]!;
    expect(child.weeklyPlans).toHaveLength(1);
    expect(child.weeklyPlans[0]?.books.length).toBeGreaterThanOrEqual(3);
    expect(exported.json.calendarSubscription).toEqual({ createdAt: expect.any(String) });

    const gone = await call(api, 'DELETE', '/api/me', {
      token: f.token,
      body: { confirm: 'delete our family' },
    });
    expect(gone.status).toBe(200);
    expect((await call(api, 'GET', url)).status).toBe(404);
  });

  it('refuses addresses that are not one of ours', async () => {
    expect((await call(api, 'GET', '/api/calendar/short/plans.ics')).status).toBe(400);
    expect((await call(api, 'GET', `/api/calendar/${'a'.repeat(32)}/plans.ics`)).status).toBe(404);
  });
});
