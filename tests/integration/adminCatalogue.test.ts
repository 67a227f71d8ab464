import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { books, passages, readingLogs, recordings } from '../../src/platform/db/schema.server';
import {
  adminAccount,
  auditEntries,
  call,
  caller,
  fileApi,
  storedFiles as filesIn,
  registeredAccount,
} from './harness';

const { database, api, mediaDir } = await fileApi({ media: 'catalogue' });
const [a, p] = await Promise.all([adminAccount(api), registeredAccount(api)]);
const admin = { token: a.idToken, id: a.user.id };
const parentToken = p.idToken;

const as = caller(api, admin.token);
const upload = (path: string, bytes: Uint8Array<ArrayBuffer>, type: string) =>
  call(api, 'POST', path, { token: admin.token, rawBody: bytes, headers: { 'content-type': type } });
const bookRow = async (id: string) => (await database.db.select().from(books).where(eq(books.id, id)))[0];
const auditOf = (entityId: string) => auditEntries(database, entityId);
const storedFiles = () => filesIn(mediaDir);

/** A real picture: a 2400×3600 PNG, larger than a cover is ever shown. */
const bigPng = async () =>
  new Uint8Array(
    await sharp({ create: { width: 2400, height: 3600, channels: 3, background: '#2a7f7a' } })
      .png()
      .toBuffer(),
  );

/** A real WAV file: 16-bit mono PCM silence at 8 kHz, `seconds` long. */
function wav(seconds: number): Uint8Array<ArrayBuffer> {
  const rate = 8000;
  const dataBytes = rate * seconds * 2;
  const buffer = Buffer.alloc(44 + dataBytes);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVEfmt ', 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(rate, 24);
  buffer.writeUInt32LE(rate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(dataBytes, 40);
  return new Uint8Array(buffer);
}

const GOOD_BOOK = {
  title: 'The Snail and the Whale',
  author: 'Julia Donaldson',
  isbn: '0-14-240387-3',
  ageMin: 3,
  ageMax: 7,
  level: 'sprout',
  summary: 'A tiny snail hitches a ride on the tail of a humpback whale.',
};

describe('books', () => {
  let bookId: string;

  it('adds a book, keeping an ISBN-10 as its ISBN-13, and records who did it', async () => {
    const res = await as('POST', '/api/admin/books', GOOD_BOOK);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ ...GOOD_BOOK, isbn: '9780142403877', coverUrl: null });
    bookId = String(res.json.id);
    const [entry] = await auditOf(bookId);
    expect(entry).toMatchObject({ actorId: admin.id, action: 'book.create', entity: 'book' });
  });

  it('adds a book with only a title and author', async () => {
    const res = await as('POST', '/api/admin/books', { title: 'Frog and Toad', author: 'Arnold Lobel' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      isbn: null,
      ageMin: null,
      ageMax: null,
      level: null,
      summary: '',
      topics: [],
    });
  });

  it('refuses a wrong check digit, naming the ISBN field', async () => {
    const res = await as('POST', '/api/admin/books', { ...GOOD_BOOK, isbn: '978-0-14-240387-8' });
    expect(res.status).toBe(400);
    expect(res.json.error?.fields?.isbn).toMatch(/check digit is wrong/);
    const tooShort = await as('POST', '/api/admin/books', { ...GOOD_BOOK, isbn: '97801424' });
    expect(tooShort.json.error?.fields?.isbn).toMatch(/10 or 13 digits/);
  });

  it('refuses an ISBN another book has, in either form, with a 409 naming the field and the book', async () => {
    for (const isbn of ['9780142403877', '0142403873', '978 0 14 240387 7']) {
      const res = await as('POST', '/api/admin/books', { ...GOOD_BOOK, title: 'Copy', isbn });
      expect(res.status).toBe(409);
      expect(res.json.error?.code).toBe('conflict');
      expect(res.json.error?.fields?.isbn).toContain('The Snail and the Whale');
    }
    const rows = await database.db.select().from(books).where(eq(books.title, 'Copy'));
    expect(rows).toHaveLength(0);
  });

  it('refuses bad input on every field, adding nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ title: '<script>' }, 'title'],
      [{ author: '  ' }, 'author'],
      [{ author: 'y'.repeat(201) }, 'author'],
      [{ isbn: 'not an isbn' }, 'isbn'],
      [{ isbn: 9780142403877 }, 'isbn'],
      [{ ageMin: -1 }, 'ageMin'],
      [{ ageMin: 2.5 }, 'ageMin'],
      [{ ageMax: 19 }, 'ageMax'],
      [{ ageMin: 9, ageMax: 6 }, 'ageMax'],
      [{ level: 'tree' }, 'level'],
      [{ summary: 's'.repeat(2001) }, 'summary'],
      [{ summary: 'A <b>bold</b> story' }, 'summary'],
    ];
    const before = await database.db.select().from(books);
    for (const [change, field] of cases) {
      const res = await as('POST', '/api/admin/books', { ...GOOD_BOOK, isbn: null, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.json.error?.fields?.[field], JSON.stringify(change)).toBeTruthy();
    }
    expect(await database.db.select().from(books)).toHaveLength(before.length);
  });

  it('edits the fields sent, checks the age range against the book, and audits the change', async () => {
    const res = await as('PATCH', `/api/admin/books/${bookId}`, {
      title: 'The Snail & the Whale',
      ageMax: 8,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      title: 'The Snail & the Whale',
      ageMin: 3,
      ageMax: 8,
      readingLogCount: 0,
    });
    const before = await bookRow(bookId);
    const badRange = await as('PATCH', `/api/admin/books/${bookId}`, { ageMin: 10 });
    expect(badRange.status).toBe(400);
    expect(badRange.json.error?.fields?.ageMax).toMatch(/oldest age/);
    const badLevel = await as('PATCH', `/api/admin/books/${bookId}`, { level: 'oak' });
    expect(badLevel.json.error?.fields?.level).toBeTruthy();
    expect(await bookRow(bookId)).toEqual(before);
    const edits = (await auditOf(bookId)).filter((e) => e.action === 'book.edit');
    expect(edits).toHaveLength(1);
    expect(edits[0]?.details).toMatchObject({
      changed: ['title', 'ageMax'],
      previousTitle: 'The Snail and the Whale',
    });
  });

  it('refuses to give a book another book’s ISBN, and lets a book keep its own', async () => {
    const other = await as('POST', '/api/admin/books', {
      title: 'Charlotte’s Web',
      author: 'E. B. White',
      isbn: '9780064400558',
    });
    expect(other.status).toBe(201);
    const clash = await as('PATCH', `/api/admin/books/${other.json.id}`, { isbn: '9780142403877' });
    expect(clash.status).toBe(409);
    expect(clash.json.error?.fields?.isbn).toBeTruthy();
    const same = await as('PATCH', `/api/admin/books/${bookId}`, { isbn: '978-0142403877' });
    expect(same.status).toBe(200);
  });

  it('answers 404 for an unknown book and 400 for an id that is not one', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, body] of [['GET'], ['PATCH', { title: 'X' }], ['DELETE']] as const) {
      expect((await as(method, `/api/admin/books/${unknown}`, body)).status).toBe(404);
    }
    expect((await as('DELETE', `/api/admin/books/${unknown}/cover`)).status).toBe(404);
    expect((await upload(`/api/admin/books/${unknown}/cover`, await bigPng(), 'image/png')).status).toBe(404);
    expect((await as('GET', '/api/admin/books/not-an-id')).status).toBe(400);
  });

  it('uploads a cover: stored as WebP under a random name, shrunk to fit, the old one removed', async () => {
    const first = await upload(`/api/admin/books/${bookId}/cover`, await bigPng(), 'image/png');
    expect(first.status).toBe(200);
    const firstUrl = String(first.json.coverUrl);
    expect(firstUrl).toMatch(/^\/media\/books\/[0-9a-f-]{36}\.webp$/);
    const stored = await readFile(join(mediaDir, firstUrl.replace('/media/', '')));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.height).toBeLessThanOrEqual(1200);
    expect(meta.width).toBeLessThanOrEqual(800);
    const second = await upload(`/api/admin/books/${bookId}/cover`, await bigPng(), 'image/png');
    expect(second.json.coverUrl).not.toBe(firstUrl);
    expect((await storedFiles()).filter((f) => f.startsWith('books/'))).toEqual([
      String(second.json.coverUrl).replace('/media/', ''),
    ]);
    const covers = (await auditOf(bookId)).filter((e) => e.action === 'book.cover');
    expect(covers.map((e) => e.details)).toMatchObject([{ cover: 'added' }, { cover: 'replaced' }]);
  });

  it('refuses a wrong type (400), a file too large (413) and a file that is not a picture (400)', async () => {
    const before = await bookRow(bookId);
    const wrongType = await upload(`/api/admin/books/${bookId}/cover`, await bigPng(), 'image/svg+xml');
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.error?.fields?.body).toBeTruthy();
    const huge = await upload(
      `/api/admin/books/${bookId}/cover`,
      new Uint8Array(8 * 1024 * 1024 + 1),
      'image/png',
    );
    expect(huge.status).toBe(413);
    const fake = await upload(
      `/api/admin/books/${bookId}/cover`,
      new TextEncoder().encode('<html>'),
      'image/jpeg',
    );
    expect(fake.status).toBe(400);
    expect(fake.json.error?.message).toMatch(/could not be read as a picture/);
    expect(await bookRow(bookId)).toEqual(before);
    expect((await storedFiles()).filter((f) => f.startsWith('books/'))).toHaveLength(1);
  });

  it('removes a cover, file and all', async () => {
    const res = await as('DELETE', `/api/admin/books/${bookId}/cover`);
    expect(res.status).toBe(200);
    expect(res.json.coverUrl).toBeNull();
    expect((await storedFiles()).filter((f) => f.startsWith('books/'))).toEqual([]);
  });

  it('searches title, author and ISBN (with hyphens), sorts by level from the easiest, and pages', async () => {
    for (const [title, level] of [
      ['Holes', 'canopy'],
      ['Matilda', 'branch'],
      ['Mercy Watson', 'sapling'],
    ] as const) {
      expect((await as('POST', '/api/admin/books', { title, author: 'Various', level })).status).toBe(201);
    }
    const byAuthor = await as('GET', '/api/admin/books?q=donaldson');
    expect((byAuthor.json.items as { title: string }[]).map((b) => b.title)).toEqual([
      'The Snail & the Whale',
    ]);
    const byIsbn = await as('GET', '/api/admin/books?q=978-0-06440');
    expect((byIsbn.json.items as { title: string }[]).map((b) => b.title)).toEqual(['Charlotte’s Web']);
    const byLevel = await as('GET', '/api/admin/books?q=various&sort=level&dir=asc');
    expect((byLevel.json.items as { level: string }[]).map((b) => b.level)).toEqual([
      'sapling',
      'branch',
      'canopy',
    ]);
    const page2 = await as('GET', '/api/admin/books?sort=title&dir=asc&limit=2&page=2');
    expect(page2.json).toMatchObject({ total: 6, page: 2, pageSize: 2 });
    expect((page2.json.items as { title: string }[]).map((b) => b.title)).toEqual(['Holes', 'Matilda']);
    const bad = await as('GET', '/api/admin/books?sort=isbn&limit=500');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.error?.fields ?? {})).toEqual(expect.arrayContaining(['sort', 'limit']));
  });

  it('deletes a book: reading-log entries keep their title and author, the count is told', async () => {
    const child = await call(api, 'POST', '/api/children', {
      token: parentToken,
      body: { firstName: 'Maya', ageBand: '6-8', readingLevel: 'sapling' },
    });
    expect(child.status).toBe(201);
    await database.db.insert(readingLogs).values({
      childId: String(child.json._id),
      bookId,
      title: 'The Snail and the Whale',
      author: 'Julia Donaldson',
      readOn: '2025-03-01',
      minutes: 20,
      rating: 5,
    });
    expect((await as('GET', `/api/admin/books/${bookId}`)).json.readingLogCount).toBe(1);
    await upload(`/api/admin/books/${bookId}/cover`, await bigPng(), 'image/png');
    const res = await as('DELETE', `/api/admin/books/${bookId}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deleted: true, readingLogs: 1 });
    expect(await bookRow(bookId)).toBeUndefined();
    const [log] = await database.db
      .select()
      .from(readingLogs)
      .where(eq(readingLogs.childId, String(child.json._id)));
    expect(log).toMatchObject({ bookId: null, title: 'The Snail and the Whale', author: 'Julia Donaldson' });
    expect((await storedFiles()).filter((f) => f.startsWith('books/'))).toEqual([]);
    const [entry] = (await auditOf(bookId)).filter((e) => e.action === 'book.delete');
    expect(entry?.details).toMatchObject({ title: 'The Snail & the Whale', readingLogs: 1 });
  });
});

describe('book topics', () => {
  let topicBookId: string;

  it('adds a book with topics kept trimmed, lower-case and once each, in the order given', async () => {
    const res = await as('POST', '/api/admin/books', {
      title: 'The Way Back Home',
      author: 'Oliver Jeffers',
      topics: [' Space ', 'funny   Stories', 'space', 'Sci-Fi', 'Émotions'],
    });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json.topics).toEqual(['space', 'funny stories', 'sci-fi', 'émotions']);
    topicBookId = String(res.json.id);
    expect((await bookRow(topicBookId))?.topics).toEqual(['space', 'funny stories', 'sci-fi', 'émotions']);
    const listed = await as('GET', '/api/admin/books?q=way back home');
    expect((listed.json.items as { topics: string[] }[])[0]?.topics).toEqual([
      'space',
      'funny stories',
      'sci-fi',
      'émotions',
    ]);
  });

  it('changes the topics alone, audits them, and leaves them when another field changes', async () => {
    const res = await as('PATCH', `/api/admin/books/${topicBookId}`, { topics: ['Friendship', 'space'] });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ title: 'The Way Back Home', topics: ['friendship', 'space'] });
    const [edit] = (await auditOf(topicBookId)).filter((e) => e.action === 'book.edit');
    expect(edit?.details).toMatchObject({ changed: ['topics'], topics: ['friendship', 'space'] });

    // The same topics written differently are no change at all.
    const same = await as('PATCH', `/api/admin/books/${topicBookId}`, { topics: ['FRIENDSHIP ', 'Space'] });
    expect(same.status).toBe(200);
    const renamed = await as('PATCH', `/api/admin/books/${topicBookId}`, { title: 'The Way Back Home!' });
    expect(renamed.json.topics).toEqual(['friendship', 'space']);
    const edits = (await auditOf(topicBookId)).filter((e) => e.action === 'book.edit');
    expect(edits.map((e) => (e.details as { changed: string[] }).changed)).toEqual([['topics'], ['title']]);

    const cleared = await as('PATCH', `/api/admin/books/${topicBookId}`, { topics: [] });
    expect(cleared.json.topics).toEqual([]);
  });

  it('refuses bad topics on create and update, naming the topics field, changing nothing', async () => {
    await as('PATCH', `/api/admin/books/${topicBookId}`, { topics: ['space'] });
    const nine = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india'];
    const cases: [unknown, RegExp][] = [
      [['x'], /2 to 30 characters/],
      [['y'.repeat(31)], /2 to 30 characters/],
      [['   '], /cannot be empty/],
      [['space!'], /letters, spaces and hyphens/],
      [['robots 2'], /letters, spaces and hyphens/],
      [['-space'], /letters, spaces and hyphens/],
      [nine, /up to 8 topics/],
      ['space, animals', /list of words/],
    ];
    const allBooks = async () =>
      (await database.db.select().from(books)).sort((a, b) => a.id.localeCompare(b.id));
    const before = await allBooks();
    for (const [topics, message] of cases) {
      const created = await as('POST', '/api/admin/books', { title: 'Topical', author: 'Anon', topics });
      expect(created.status, JSON.stringify(topics)).toBe(400);
      expect(created.json.error?.fields?.topics, JSON.stringify(topics)).toMatch(message);
      const patched = await as('PATCH', `/api/admin/books/${topicBookId}`, { topics });
      expect(patched.status, JSON.stringify(topics)).toBe(400);
      expect(patched.json.error?.fields?.topics, JSON.stringify(topics)).toMatch(message);
    }
    expect(await allBooks()).toEqual(before);

    // Nine with one of them twice are eight: duplicates count once.
    const repeated = await as('PATCH', `/api/admin/books/${topicBookId}`, {
      topics: [...nine.slice(0, 8), 'Alpha'],
    });
    expect(repeated.status, JSON.stringify(repeated.json)).toBe(200);
    expect(repeated.json.topics).toEqual(nine.slice(0, 8));
  });
});

describe('passages', () => {
  let passageId: string;
  const TEXT = 'The lighthouse keeper climbed the stairs.\n\nShe lit the lamp at dusk.';

  it('tells which levels have no passage yet (their plans borrow the nearest level’s)', async () => {
    const before = await as('GET', '/api/admin/passage-levels');
    expect(before.status).toBe(200);
    const count = (answer: typeof before, level: string) =>
      (answer.json.levels as { level: string; passages: number }[]).find((l) => l.level === level)?.passages;
    expect((before.json.levels as { level: string }[]).map((l) => l.level)).toEqual([
      'sprout',
      'sapling',
      'branch',
      'canopy',
    ]);
    const added = await as('POST', '/api/admin/passages', {
      title: 'Puddles',
      level: 'sapling',
      text: 'Jump in the puddles.',
    });
    // A voice-portfolio passage is not one plans take: it does not count.
    const portfolio = await as('POST', '/api/admin/passages', {
      title: 'The Kite',
      level: 'sapling',
      text: 'A kite flies high.',
      portfolio: true,
    });
    expect(portfolio.json).toMatchObject({ portfolio: true });
    const after = await as('GET', '/api/admin/passage-levels');
    expect(count(after, 'sapling')).toBe((count(before, 'sapling') ?? 0) + 1);
    // Gone again, so the list tests below count only their own.
    expect((await as('DELETE', `/api/admin/passages/${added.json.id}`)).status).toBe(200);
    expect((await as('DELETE', `/api/admin/passages/${portfolio.json.id}`)).status).toBe(200);
  });

  it('turns a passage into a portfolio one and back, which the audit log names', async () => {
    const added = await as('POST', '/api/admin/passages', {
      title: 'Snow',
      level: 'sprout',
      text: 'It snows.',
    });
    expect(added.json).toMatchObject({ portfolio: false });
    const id = String(added.json.id);
    const changed = await as('PATCH', `/api/admin/passages/${id}`, { portfolio: true });
    expect(changed.json).toMatchObject({ portfolio: true, title: 'Snow' });
    const [edit] = (await auditOf(id)).filter((e) => e.action === 'passage.edit');
    expect(edit?.details).toMatchObject({ changed: ['portfolio'] });
    const refused = await as('PATCH', `/api/admin/passages/${id}`, { portfolio: 'yes' });
    expect(refused.status).toBe(400);
    expect(refused.json.error?.fields).toHaveProperty('portfolio');
    expect((await as('GET', `/api/admin/passages/${id}`)).json).toMatchObject({ portfolio: true });
    expect((await as('DELETE', `/api/admin/passages/${id}`)).status).toBe(200);
  });

  it('adds a passage, counting its words on the server', async () => {
    const res = await as('POST', '/api/admin/passages', {
      title: 'The Lighthouse',
      level: 'branch',
      text: TEXT,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      title: 'The Lighthouse',
      level: 'branch',
      wordCount: 12,
      audioUrl: null,
    });
    passageId = String(res.json.id);
    const [entry] = await auditOf(passageId);
    expect(entry).toMatchObject({ action: 'passage.create', actorId: admin.id, details: { wordCount: 12 } });
  });

  it('refuses bad input on every field, adding nothing', async () => {
    const good = { title: 'Rain', level: 'sprout', text: 'It rains.' };
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, 'title'],
      [{ title: 't'.repeat(201) }, 'title'],
      [{ level: 'seed' }, 'level'],
      [{ level: undefined }, 'level'],
      [{ text: '   ' }, 'text'],
      [{ text: 'w '.repeat(3001) }, 'text'],
      [{ text: 'Hello <i>there</i>' }, 'text'],
      [{ text: 42 }, 'text'],
    ];
    const before = await database.db.select().from(passages);
    for (const [change, field] of cases) {
      const res = await as('POST', '/api/admin/passages', { ...good, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.json.error?.fields?.[field], JSON.stringify(change)).toBeTruthy();
    }
    expect(await database.db.select().from(passages)).toHaveLength(before.length);
  });

  it('edits and counts a new text again; unknown ids are 404', async () => {
    const res = await as('PATCH', `/api/admin/passages/${passageId}`, { text: 'One two three four.' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ text: 'One two three four.', wordCount: 4, title: 'The Lighthouse' });
    const [edit] = (await auditOf(passageId)).filter((e) => e.action === 'passage.edit');
    expect(edit?.details).toMatchObject({ changed: ['text'], wordCount: '12 → 4' });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await as('GET', `/api/admin/passages/${unknown}`)).status).toBe(404);
    expect((await as('PATCH', `/api/admin/passages/${unknown}`, { title: 'X' })).status).toBe(404);
    expect((await as('DELETE', `/api/admin/passages/${unknown}`)).status).toBe(404);
    expect((await upload(`/api/admin/passages/${unknown}/audio`, wav(1), 'audio/wav')).status).toBe(404);
  });

  it('uploads a model reading after checking it is audio, replaces and removes it', async () => {
    const notAudio = await upload(
      `/api/admin/passages/${passageId}/audio`,
      new TextEncoder().encode('hello'),
      'audio/wav',
    );
    expect(notAudio.status).toBe(400);
    const wrongType = await upload(`/api/admin/passages/${passageId}/audio`, wav(1), 'video/mp4');
    expect(wrongType.status).toBe(400);
    const huge = await upload(
      `/api/admin/passages/${passageId}/audio`,
      new Uint8Array(25 * 1024 * 1024 + 1),
      'audio/mpeg',
    );
    expect(huge.status).toBe(413);
    const first = await upload(`/api/admin/passages/${passageId}/audio`, wav(2), 'audio/wav');
    expect(first.status).toBe(200);
    expect(first.json.audioUrl).toMatch(/^\/media\/passages\/[0-9a-f-]{36}\.wav$/);
    const second = await upload(`/api/admin/passages/${passageId}/audio`, wav(1), 'audio/x-wav');
    expect((await storedFiles()).filter((f) => f.startsWith('passages/'))).toEqual([
      String(second.json.audioUrl).replace('/media/', ''),
    ]);
    const list = await as('GET', '/api/admin/passages?q=lighthouse');
    expect(list.json.items).toMatchObject([{ id: passageId, audioUrl: second.json.audioUrl }]);
    // Families get the model reading with the passage, to listen to before practising.
    const family = await call(api, 'GET', '/api/passages', { token: parentToken });
    expect(family.json).toEqual([expect.objectContaining({ id: passageId, audioUrl: second.json.audioUrl })]);
    const removed = await as('DELETE', `/api/admin/passages/${passageId}/audio`);
    expect(removed.json.audioUrl).toBeNull();
    expect((await storedFiles()).filter((f) => f.startsWith('passages/'))).toEqual([]);
    const audio = (await auditOf(passageId)).filter((e) => e.action === 'passage.audio');
    expect(audio.map((e) => e.details)).toMatchObject([
      { audio: 'added', seconds: 2 },
      { audio: 'replaced', seconds: 1 },
      { audio: 'removed' },
    ]);
  });

  it('sorts by word count and pages', async () => {
    await as('POST', '/api/admin/passages', { title: 'Long', level: 'canopy', text: 'a b c d e f g h i j' });
    await as('POST', '/api/admin/passages', { title: 'Short', level: 'sprout', text: 'a b' });
    const res = await as('GET', '/api/admin/passages?sort=wordCount&dir=desc&limit=2');
    expect((res.json.items as { title: string }[]).map((p) => p.title)).toEqual(['Long', 'The Lighthouse']);
    expect(res.json.total).toBe(3);
    const byLevel = await as('GET', '/api/admin/passages?sort=level&dir=asc');
    expect((byLevel.json.items as { level: string }[]).map((p) => p.level)).toEqual([
      'sprout',
      'branch',
      'canopy',
    ]);
  });

  it('deletes a passage after which children’s attempts keep their data', async () => {
    const child = await call(api, 'POST', '/api/children', {
      token: parentToken,
      body: { firstName: 'Theo', ageBand: '8-10', readingLevel: 'branch' },
    });
    const childId = String(child.json._id);
    await database.db
      .insert(recordings)
      .values({ childId, passageId, durationMs: 30_000, wordsPerMinute: 90 });
    expect((await as('GET', `/api/admin/passages/${passageId}`)).json.recordingCount).toBe(1);
    const res = await as('DELETE', `/api/admin/passages/${passageId}`);
    expect(res.json).toEqual({ deleted: true, recordings: 1 });
    const [attempt] = await database.db
      .select()
      .from(recordings)
      .where(and(eq(recordings.childId, childId)));
    expect(attempt).toMatchObject({ passageId: null, durationMs: 30_000, wordsPerMinute: 90 });
    const [entry] = (await auditOf(passageId)).filter((e) => e.action === 'passage.delete');
    expect(entry?.details).toMatchObject({ title: 'The Lighthouse', recordings: 1 });
  });
});
