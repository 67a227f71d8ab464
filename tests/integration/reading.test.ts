import { readFileSync } from 'node:fs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ReadingLog } from '../../src/features/reading/reading.schema';
import { addDays, utcDay, weekStart } from '../../src/platform/days';
import { books, notifications, readingLogs, readingMilestones } from '../../src/platform/db/schema.server';
import { call, familyWithChild, fileApi, registeredAccount } from './harness';

const { database, api } = await fileApi();
const [book] = await database.db
  .insert(books)
  .values([
    { title: 'The Wild Robot', author: 'Peter Brown', readingLevel: 'branch' },
    { title: 'Frog and Toad Are Friends', author: 'Arnold Lobel', readingLevel: 'sprout' },
    { title: 'Wild About Books', author: 'Judy Sierra', readingLevel: 'sprout' },
    { title: '100% Wolf', author: 'Jayne Lyons', readingLevel: 'sapling' },
  ])
  .returning();
if (!book) throw new Error('no book');

const today = () => utcDay(new Date());
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

interface Family {
  token: string;
  childId: string;
}

/** A new family with one child. */
const family = (name = 'Maya', profile: Record<string, unknown> = { ageBand: '6-8' }): Promise<Family> =>
  familyWithChild(api, { firstName: name, readingLevel: 'sapling', ...profile });

const logPath = (f: Family, rest = '') => `/api/children/${f.childId}/reading${rest}`;
const add = (f: Family, body: unknown) => call(api, 'POST', logPath(f), { token: f.token, body });
const patch = (f: Family, entryId: string, body: unknown) =>
  call(api, 'PATCH', logPath(f, `/${entryId}`), { token: f.token, body });
const remove = (f: Family, entryId: string) =>
  call(api, 'DELETE', logPath(f, `/${entryId}`), { token: f.token });
const log = async (f: Family, query = '') => {
  const res = await call(api, 'GET', logPath(f, query), { token: f.token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json as unknown as ReadingLog;
};

/** Adds an entry that must be accepted; answers its id. */
async function logged(f: Family, body: Record<string, unknown>) {
  const res = await add(f, { readOn: today(), minutes: 20, title: 'A book of our own', ...body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as unknown as { entry: { id: string }; milestones: string[] };
}

const rowsOf = (childId: string) =>
  database.db.select().from(readingLogs).where(eq(readingLogs.childId, childId)).orderBy(asc(readingLogs.id));

const milestoneNotes = (childId: string) =>
  database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.childId, childId), eq(notifications.kind, 'milestone')));

describe('adding, changing and deleting entries', () => {
  it('adds a free title, changes it, deletes it, and the totals follow', async () => {
    const f = await family();
    const fields = {
      title: 'Our library find',
      author: 'A. Writer',
      readOn: today(),
      minutes: 25,
      pages: 12,
      rating: 4,
    };
    const created = await add(f, fields);
    expect(created.status).toBe(201);
    const entry = (created.json as { entry: Record<string, unknown> }).entry;
    expect(entry).toMatchObject({ bookId: null, ...fields });

    let state = await log(f);
    expect(state.child).toEqual({ _id: f.childId, name: 'Maya' });
    expect(state.entries.map((e) => e.id)).toEqual([entry.id]);
    expect(state.summary.thisWeek).toMatchObject({ start: weekStart(today()), minutes: 25, entries: 1 });
    expect(state.summary.thisMonth.minutes).toBe(25);
    expect(state.summary.weeks).toHaveLength(12);
    expect(state.summary.weeks.at(-1)?.minutes).toBe(25);
    expect(state.summary.streak).toMatchObject({ current: 1, lastDay: today() });

    const changed = await patch(f, String(entry.id), { minutes: 40, rating: null, author: '' });
    expect(changed.status).toBe(200);
    expect((changed.json as { entry: unknown }).entry).toMatchObject({
      minutes: 40,
      rating: null,
      author: null,
      title: 'Our library find',
      pages: 12,
    });
    state = await log(f);
    expect(state.summary.thisWeek.minutes).toBe(40);

    const deleted = await remove(f, String(entry.id));
    expect(deleted.status).toBe(204);
    state = await log(f);
    expect(state.entries).toEqual([]);
    expect(state.summary.thisWeek.minutes).toBe(0);
    expect(state.summary.streak.current).toBe(0);
    expect(await rowsOf(f.childId)).toEqual([]);

    const again = await remove(f, String(entry.id));
    expect(again.status).toBe(404);
  });

  it('takes a catalogue book’s title and author from the catalogue, never from the browser', async () => {
    const f = await family();
    const res = await add(f, {
      bookId: book.id,
      title: 'Something else entirely',
      author: 'Someone else',
      readOn: today(),
      minutes: 15,
    });
    expect(res.status).toBe(201);
    expect((res.json as { entry: unknown }).entry).toMatchObject({
      bookId: book.id,
      title: 'The Wild Robot',
      author: 'Peter Brown',
    });
    const id = (res.json as { entry: { id: string } }).entry.id;
    // Changing the title of a catalogue entry changes nothing; leaving the catalogue does.
    const ignored = await patch(f, id, { title: 'Renamed' });
    expect((ignored.json as { entry: unknown }).entry).toMatchObject({ title: 'The Wild Robot' });
    const own = await patch(f, id, { bookId: null, title: 'The Wild Robot Escapes', author: 'Peter Brown' });
    expect((own.json as { entry: unknown }).entry).toMatchObject({
      bookId: null,
      title: 'The Wild Robot Escapes',
    });
    const back = await patch(f, id, { bookId: book.id });
    expect((back.json as { entry: unknown }).entry).toMatchObject({
      bookId: book.id,
      title: 'The Wild Robot',
    });
  });

  it('accepts a day ahead of UTC (a family east of it) and every day back to 2000', async () => {
    const f = await family();
    await logged(f, { readOn: addDays(today(), 1) });
    await logged(f, { readOn: '2000-01-01' });
    const state = await log(f, `?today=${addDays(today(), 1)}`);
    expect(state.summary.today).toBe(addDays(today(), 1));
    expect(state.summary.streak.current).toBe(1);
  });
});

describe('bad input', () => {
  const good = () => ({ title: 'A fine book', readOn: today(), minutes: 30 });
  const cases = (): [string, unknown, string][] => [
    ['negative minutes', { ...good(), minutes: -5 }, 'minutes'],
    ['zero minutes', { ...good(), minutes: 0 }, 'minutes'],
    ['more than a day', { ...good(), minutes: 1441 }, 'minutes'],
    ['fractional minutes', { ...good(), minutes: 12.5 }, 'minutes'],
    ['minutes as text', { ...good(), minutes: '30' }, 'minutes'],
    ['no minutes', { ...good(), minutes: undefined }, 'minutes'],
    ['two days ahead', { ...good(), readOn: addDays(today(), 2) }, 'readOn'],
    ['next year', { ...good(), readOn: `${Number(today().slice(0, 4)) + 1}-01-01` }, 'readOn'],
    ['an impossible date', { ...good(), readOn: '2026-02-30' }, 'readOn'],
    ['a date in another format', { ...good(), readOn: '21/11/2026' }, 'readOn'],
    ['a date and time', { ...good(), readOn: `${today()}T10:00:00Z` }, 'readOn'],
    ['words for a date', { ...good(), readOn: 'yesterday' }, 'readOn'],
    ['before 2000', { ...good(), readOn: '1999-12-31' }, 'readOn'],
    ['a number for a date', { ...good(), readOn: 20261121 }, 'readOn'],
    ['no date', { ...good(), readOn: undefined }, 'readOn'],
    ['no stars', { ...good(), rating: 0 }, 'rating'],
    ['six stars', { ...good(), rating: 6 }, 'rating'],
    ['half a star', { ...good(), rating: 2.5 }, 'rating'],
    ['stars as text', { ...good(), rating: '5' }, 'rating'],
    ['zero pages', { ...good(), pages: 0 }, 'pages'],
    ['too many pages', { ...good(), pages: 5001 }, 'pages'],
    ['a title too long', { ...good(), title: 'x'.repeat(201) }, 'title'],
    ['a script in the title', { ...good(), title: '<script>alert(1)</script>' }, 'title'],
    ['a control character in the title', { ...good(), title: 'Bad\u0000title' }, 'title'],
    ['a blank title', { ...good(), title: '   ' }, 'title'],
    ['a number for a title', { ...good(), title: 42 }, 'title'],
    ['neither a book nor a title', { ...good(), title: undefined }, 'title'],
    ['an author too long', { ...good(), author: 'y'.repeat(121) }, 'author'],
    ['markup in the author', { ...good(), author: '<b>Me</b>' }, 'author'],
    ['a malformed book id', { ...good(), bookId: 'the-wild-robot' }, 'bookId'],
    ['an unknown book', { ...good(), title: undefined, bookId: UNKNOWN }, 'bookId'],
    ['a field we do not know', { ...good(), childId: UNKNOWN }, 'body'],
    ['a list', [good()], 'body'],
  ];

  it('refuses each with 400 naming the field, and stores nothing', async () => {
    const f = await family('Ivy', { birthYear: new Date().getUTCFullYear() - 6 });
    await logged(f, { minutes: 10 });
    const before = await rowsOf(f.childId);
    for (const [what, body, field] of cases()) {
      const res = await add(f, body);
      expect(res.status, what).toBe(400);
      expect(res.json.error?.code, what).toBe('validation_failed');
      expect(res.json.error?.fields, what).toHaveProperty([field]);
    }
    // Before the child was born.
    const born = new Date().getUTCFullYear() - 6;
    const early = await add(f, { ...good(), readOn: `${born - 1}-12-31` });
    expect(early.status).toBe(400);
    expect(early.json.error?.fields?.readOn).toBe(
      `That is before Ivy was born: enter a day from ${born} on.`,
    );
    expect(await rowsOf(f.childId)).toEqual(before);
  });

  it('refuses the same mistakes in a change, and a change of nothing, leaving the entry as it was', async () => {
    const f = await family();
    const { entry } = await logged(f, { minutes: 10, rating: 3 });
    const before = await rowsOf(f.childId);
    const patches: [unknown, string][] = [
      [{ minutes: 0 }, 'minutes'],
      [{ minutes: -1 }, 'minutes'],
      [{ minutes: 1441 }, 'minutes'],
      [{ minutes: null }, 'minutes'],
      [{ readOn: addDays(today(), 2) }, 'readOn'],
      [{ readOn: 'soon' }, 'readOn'],
      [{ rating: 6 }, 'rating'],
      [{ rating: 2.5 }, 'rating'],
      [{ title: '<script>alert(1)</script>' }, 'title'],
      [{ bookId: UNKNOWN }, 'bookId'],
      [{ unknown: true }, 'body'],
      [{}, 'body'],
    ];
    for (const [body, field] of patches) {
      const res = await patch(f, entry.id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error?.fields, JSON.stringify(body)).toHaveProperty([field]);
    }
    expect(await rowsOf(f.childId)).toEqual(before);
  });

  it('answers 400 for malformed ids, queries and bodies', async () => {
    const f = await family();
    const badId = await call(api, 'GET', '/api/children/not-an-id/reading', { token: f.token });
    expect(badId.status).toBe(400);
    expect(badId.json.error?.fields).toHaveProperty(['id']);
    const badEntry = await call(api, 'DELETE', logPath(f, '/not-an-entry'), { token: f.token });
    expect(badEntry.status).toBe(400);
    expect(badEntry.json.error?.fields).toHaveProperty(['entryId']);
    for (const [query, field] of [
      ['?before=nonsense', 'before'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=ten', 'limit'],
      [`?today=${addDays(today(), 2)}`, 'today'],
      ['?today=2026-13-01', 'today'],
    ]) {
      const res = await call(api, 'GET', logPath(f, query), { token: f.token });
      expect(res.status, query).toBe(400);
      expect(res.json.error?.fields, query).toHaveProperty([field as string]);
    }
    const notJson = await call(api, 'POST', logPath(f), { token: f.token, rawBody: '{"minutes": 3' });
    expect(notJson.status).toBe(400);
    expect(await rowsOf(f.childId)).toEqual([]);
  });
});

describe('a day holds 24 hours', () => {
  it('refuses the entry that would take a day past 1,440 minutes, saying so', async () => {
    const f = await family('Theo');
    const day = addDays(today(), -3);
    await logged(f, { readOn: day, minutes: 1000 });
    const { entry } = await logged(f, { readOn: day, minutes: 440 });
    const before = await rowsOf(f.childId);

    const over = await add(f, { title: 'One more', readOn: day, minutes: 1 });
    expect(over.status).toBe(400);
    expect(over.json.error?.fields?.minutes).toMatch(
      /^Theo already has 1,440 minutes on .*: these 1 would make 1,441, more than the 1,440 minutes in a day\. That day is full\.$/,
    );

    // Raising an entry counts the others of the day, not the entry's old value.
    const raised = await patch(f, entry.id, { minutes: 441 });
    expect(raised.status).toBe(400);
    expect(raised.json.error?.fields?.minutes).toMatch(/already has 1,000 minutes .* Enter 440 or fewer\.$/);
    expect((await patch(f, entry.id, { minutes: 440, pages: 3 })).status).toBe(200);

    // Moving a long entry onto a full day is refused too; to an empty one it is fine.
    const other = await logged(f, { readOn: addDays(day, -1), minutes: 200 });
    const moved = await patch(f, other.entry.id, { readOn: day });
    expect(moved.status).toBe(400);
    expect(moved.json.error?.fields).toHaveProperty(['minutes']);
    expect((await patch(f, other.entry.id, { readOn: addDays(day, -2) })).status).toBe(200);

    const rows = await rowsOf(f.childId);
    expect(rows.filter((r) => r.readOn === day).reduce((sum, r) => sum + r.minutes, 0)).toBe(1440);
    expect(rows.length).toBe(before.length + 1);
  });

  it('holds when two entries arrive at the same moment', async () => {
    const f = await family();
    const day = addDays(today(), -1);
    const results = await Promise.all([
      add(f, { title: 'First', readOn: day, minutes: 800 }),
      add(f, { title: 'Second', readOn: day, minutes: 800 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect((await rowsOf(f.childId)).map((r) => r.minutes)).toEqual([800]);
  });
});

describe('another family', () => {
  it('can neither read nor change a child’s log: 404, and nothing changes', async () => {
    const owner = await family('Maya');
    const stranger = await family('Sam');
    const { entry } = await logged(owner, { minutes: 30 });
    const strangerEntry = (await logged(stranger, { minutes: 5 })).entry;
    const before = await rowsOf(owner.childId);
    const as = (f: Family) => ({ token: f.token });
    const attempts = [
      call(api, 'GET', logPath(owner), as(stranger)),
      call(api, 'POST', logPath(owner), {
        ...as(stranger),
        body: { title: 'Mine now', readOn: today(), minutes: 5 },
      }),
      call(api, 'PATCH', logPath(owner, `/${entry.id}`), { ...as(stranger), body: { minutes: 1 } }),
      call(api, 'DELETE', logPath(owner, `/${entry.id}`), as(stranger)),
      // Their own child's id with someone else's entry.
      call(api, 'PATCH', logPath(stranger, `/${entry.id}`), { ...as(stranger), body: { minutes: 1 } }),
      call(api, 'DELETE', logPath(stranger, `/${entry.id}`), as(stranger)),
      // An entry of theirs through someone else's child.
      call(api, 'DELETE', logPath(owner, `/${strangerEntry.id}`), as(owner)),
      call(api, 'GET', `/api/children/${UNKNOWN}/reading`, as(owner)),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404);
      expect(res.json.error?.code).toBe('not_found');
    }
    expect(await rowsOf(owner.childId)).toEqual(before);
    expect((await rowsOf(stranger.childId)).length).toBe(1);
  });

  it('asks for a sign-in first', async () => {
    const f = await family();
    for (const [method, path] of [
      ['GET', logPath(f)],
      ['POST', logPath(f)],
      ['PATCH', logPath(f, `/${UNKNOWN}`)],
      ['DELETE', logPath(f, `/${UNKNOWN}`)],
    ] as const) {
      const res = await call(
        api,
        method,
        path,
        method === 'POST' || method === 'PATCH' ? { body: { minutes: 5 } } : {},
      );
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('pages of entries', () => {
  it('lists newest first, twenty at a time, with nothing twice and nothing missed', async () => {
    const f = await family();
    for (let i = 0; i < 25; i++)
      await logged(f, { readOn: addDays(today(), -(i % 9)), minutes: 5, title: `Book ${i}` });
    const first = await log(f);
    expect(first.entries).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await log(f, `?before=${first.nextCursor}`);
    expect(second.entries).toHaveLength(5);
    expect(second.nextCursor).toBeNull();
    const all = [...first.entries, ...second.entries];
    expect(new Set(all.map((e) => e.id)).size).toBe(25);
    const days = all.map((e) => e.readOn);
    expect(days).toEqual([...days].sort().reverse());
    // The newest entry of a day comes first.
    expect(first.entries[0]?.title).toBe('Book 18');
    // Totals are for the whole log, whatever the page.
    expect(second.summary.totalEntries).toBe(25);
    expect((await log(f, '?limit=3')).entries).toHaveLength(3);
  });
});

describe('milestones', () => {
  it('announces a three-day streak once, even after the entry is deleted and logged again', async () => {
    const f = await family('Nia');
    expect((await logged(f, { readOn: addDays(today(), -2) })).milestones).toEqual([]);
    expect((await logged(f, { readOn: addDays(today(), -1) })).milestones).toEqual([]);
    const third = await logged(f, { readOn: today() });
    expect(third.milestones).toEqual(['streak-3']);
    let notes = await milestoneNotes(f.childId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      title: 'Nia read 3 days in a row',
      link: `/book-history/${f.childId}`,
    });

    expect((await remove(f, third.entry.id)).status).toBe(204);
    expect((await logged(f, { readOn: today() })).milestones).toEqual([]);
    // Editing the other entries announces nothing new either.
    const state = await log(f);
    for (const e of state.entries)
      expect((await patch(f, e.id, { minutes: 21 })).json.milestones).toEqual([]);
    notes = await milestoneNotes(f.childId);
    expect(notes).toHaveLength(1);

    // The child's card shows the streak.
    const card = await call(api, 'GET', `/api/children/${f.childId}`, { token: f.token });
    expect(card.json.notifications).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'milestone', title: 'Nia read 3 days in a row' }),
      ]),
    );
  });

  it('announces only the highest streak reached at once, when an entry fills a gap', async () => {
    const f = await family('Leo');
    for (const d of [-7, -6, -5, -3, -2, -1]) await logged(f, { readOn: addDays(today(), d), minutes: 5 });
    expect((await milestoneNotes(f.childId)).map((n) => n.title)).toEqual(['Leo read 3 days in a row']);
    const filled = await logged(f, { readOn: addDays(today(), -4), minutes: 5 });
    expect(filled.milestones).toEqual(['streak-7']);
    expect((await milestoneNotes(f.childId)).map((n) => n.title).sort()).toEqual([
      'Leo read 3 days in a row',
      'Leo read 7 days in a row',
    ]);
  });

  it('announces the tenth different book once', async () => {
    const f = await family('Ada');
    const day = addDays(today(), -20);
    const done = { readOn: day, minutes: 5, finished: true };
    for (let i = 1; i <= 9; i++) await logged(f, { ...done, title: `Book ${i}` });
    // The same title again (any capitals) is not a new book, nor is one begun but not finished.
    expect((await logged(f, { ...done, title: 'BOOK 9' })).milestones).toEqual([]);
    expect((await logged(f, { readOn: day, minutes: 5, title: 'Half read' })).milestones).toEqual([]);
    expect((await logged(f, { ...done, bookId: book.id })).milestones).toEqual(['books-10']);
    expect((await logged(f, { ...done, title: 'Book 11' })).milestones).toEqual([]);
    const notes = await milestoneNotes(f.childId);
    expect(notes.map((n) => n.title)).toEqual(['Ada has read 10 different books']);
  });

  it('is recorded from existing logs by the migration, without announcing', async () => {
    const f = await family('Old');
    const day = addDays(today(), -40);
    await database.db.insert(readingLogs).values(
      [0, 1, 2, 3, 4, 5, 6, 7].map((i) => ({
        childId: f.childId,
        title: `Old book ${i}`,
        readOn: addDays(day, i),
        minutes: 10,
      })),
    );
    const statements = readFileSync('drizzle/0003_reading_milestones.sql', 'utf8').split(
      '--> statement-breakpoint',
    );
    await database.db.execute(sql`delete from reading_milestones`);
    await database.db.execute(sql.raw(statements.at(-1) ?? ''));
    const recorded = await database.db
      .select({ milestone: readingMilestones.milestone })
      .from(readingMilestones)
      .where(eq(readingMilestones.childId, f.childId));
    expect(recorded.map((r) => r.milestone).sort()).toEqual(['streak-3', 'streak-7']);
    expect((await logged(f, { readOn: addDays(day, 8), minutes: 5 })).milestones).toEqual([]);
  });

  it('counts the books rated before "finished" existed as finished (migration 0022)', async () => {
    const f = await family('Rated');
    const day = addDays(today(), -30);
    await database.db.insert(readingLogs).values([
      { childId: f.childId, title: 'Rated one', readOn: day, minutes: 10, rating: 4 },
      { childId: f.childId, title: 'Unrated one', readOn: day, minutes: 10 },
    ]);
    const update = readFileSync('drizzle/0022_reading_finished.sql', 'utf8').split(
      '--> statement-breakpoint',
    );
    await database.db.execute(sql.raw(update.at(-1) ?? ''));
    const rows = await database.db
      .select({ title: readingLogs.title, finished: readingLogs.finished })
      .from(readingLogs)
      .where(eq(readingLogs.childId, f.childId));
    expect(Object.fromEntries(rows.map((r) => [r.title, r.finished]))).toEqual({
      'Rated one': true,
      'Unrated one': false,
    });
  });
});

describe('the child’s reading on the family’s cards', () => {
  it('gives each child this week’s minutes and the current streak', async () => {
    const parent = await registeredAccount(api);
    const make = async (firstName: string) => {
      const res = await call(api, 'POST', '/api/children', {
        token: parent.idToken,
        body: { firstName, ageBand: '4-6', readingLevel: 'sprout' },
      });
      return { token: parent.idToken, childId: String(res.json._id) };
    };
    const reader = await make('Reader');
    const resting = await make('Resting');
    await make('Fresh');
    const monday = weekStart(today());
    // Yesterday and the two days before: a streak of 3 that still counts today.
    for (const d of [-1, -2, -3]) await logged(reader, { readOn: addDays(today(), d), minutes: 10 });
    await logged(reader, { readOn: addDays(monday, -1), minutes: 99 }); // last week's Sunday
    await logged(resting, { readOn: addDays(today(), -2), minutes: 15 });
    const thisWeek = [-1, -2, -3].filter((d) => addDays(today(), d) >= monday).length * 10;

    const res = await call(api, 'GET', '/api/children', { token: parent.idToken });
    const cards = res.json as unknown as { name: string; readingThisWeek: number; streakDays: number }[];
    const byName = Object.fromEntries(cards.map((c) => [c.name, c]));
    expect(byName.Reader).toMatchObject({ readingThisWeek: thisWeek, streakDays: 3 });
    expect(byName.Resting).toMatchObject({
      readingThisWeek: addDays(today(), -2) >= monday ? 15 : 0,
      streakDays: 0,
    });
    expect(byName.Fresh).toMatchObject({ readingThisWeek: 0, streakDays: 0 });

    // The same numbers as the reading log, and in the sign-in answer.
    const state = await log(reader);
    expect(state.summary.streak.current).toBe(3);
    expect(state.summary.thisWeek.minutes).toBe(thisWeek);
    const me = await call(api, 'GET', '/api/me', { token: parent.idToken });
    expect(JSON.stringify(me.json)).toContain('"streakDays":3');
  });
});

describe('GET /api/books', () => {
  it('finds catalogue books by title or author, titles starting with the words first, cacheable', async () => {
    const res = await call(api, 'GET', '/api/books?q=wild');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    const titles = (res.json.books as { title: string }[]).map((b) => b.title);
    expect(titles).toEqual(['Wild About Books', 'The Wild Robot']);
    const byAuthor = await call(api, 'GET', '/api/books?q=LOBEL');
    expect(byAuthor.json.books).toEqual([
      {
        id: expect.any(String),
        title: 'Frog and Toad Are Friends',
        author: 'Arnold Lobel',
        readingLevel: 'sprout',
      },
    ]);
  });

  it('lists the catalogue without words, up to the limit, and treats % and _ as letters', async () => {
    expect(((await call(api, 'GET', '/api/books?limit=2')).json.books as unknown[]).length).toBe(2);
    expect(((await call(api, 'GET', '/api/books')).json.books as unknown[]).length).toBe(4);
    const percent = await call(api, 'GET', `/api/books?q=${encodeURIComponent('%')}`);
    expect((percent.json.books as { title: string }[]).map((b) => b.title)).toEqual(['100% Wolf']);
    expect((await call(api, 'GET', '/api/books?q=_')).json.books).toEqual([]);
  });

  it('refuses a long search or a bad limit', async () => {
    for (const [query, field] of [
      [`q=${'a'.repeat(101)}`, 'q'],
      ['limit=0', 'limit'],
      ['limit=21', 'limit'],
    ]) {
      const res = await call(api, 'GET', `/api/books?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.json.error?.fields, query).toHaveProperty([field as string]);
    }
  });
});
