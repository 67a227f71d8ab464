import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { blogs, idempotencyKeys, inquiries } from '../../src/platform/db/schema.server';
import { call, familyWithChild, fileApi } from './harness';

// Issue 13, item 2: a double-click on the contact form made two inquiries, on "Save draft" two
// drafts. A create sent again with the same Idempotency-Key happens once.

const { database, api } = await fileApi();
const message = (subject: string) => ({
  name: 'Priya Shah',
  email: 'priya@example.com',
  subject,
  message: 'When does the Summer Reading Quest start this year?',
});
const inquiriesAbout = async (subject: string) =>
  (await database.db.select().from(inquiries)).filter((r) => r.subject === subject);
const send = (body: unknown, key: string, address = '198.51.100.7') =>
  call(api, 'POST', '/api/inquiries', { body, address, headers: { 'idempotency-key': key } });

describe('Idempotency-Key', () => {
  it('makes a double-click on the contact form one inquiry, answering both sends the same', async () => {
    const key = randomUUID();
    const [first, second] = await Promise.all([
      send(message('Double click'), key),
      send(message('Double click'), key),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.json).toEqual(first.json);
    expect([first, second].map((r) => r.headers.get('idempotent-replayed'))).toContain('true');
    expect(await inquiriesAbout('Double click')).toHaveLength(1);
    // A retry later (the answer to the first send was lost) is answered the same, and stores nothing.
    const retry = await send(message('Double click'), key);
    expect(retry.json).toEqual(first.json);
    expect(await inquiriesAbout('Double click')).toHaveLength(1);
  });

  it('makes a double-click on "Save draft" of a new post one draft', async () => {
    const family = await familyWithChild(api, { firstName: 'Nora', ageBand: '8-10', readingLevel: 'branch' });
    const key = randomUUID();
    const draft = () =>
      call(api, 'POST', '/api/me/blogs', {
        token: family.token,
        headers: { 'idempotency-key': key },
        body: { title: 'One draft only', contentHtml: '<p>Words about reading.</p>' },
      });
    const [a, b] = await Promise.all([draft(), draft()]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.json.id).toBe(a.json.id);
    const drafts = (await database.db.select().from(blogs)).filter((p) => p.title === 'One draft only');
    expect(drafts).toHaveLength(1);
  });

  it('gives the key back when the send is refused, so the corrected form goes through', async () => {
    const key = randomUUID();
    const refused = await send({ ...message('Corrected'), email: 'priya@' }, key);
    expect(refused.status).toBe(400);
    const corrected = await send(message('Corrected'), key);
    expect(corrected.status).toBe(201);
    expect(corrected.headers.get('idempotent-replayed')).toBeNull();
    expect(await inquiriesAbout('Corrected')).toHaveLength(1);
  });

  it('keeps sends without a key as they were: each one creates', async () => {
    const address = '198.51.100.9';
    for (let i = 0; i < 2; i++) {
      const res = await call(api, 'POST', '/api/inquiries', { body: message('No key'), address });
      expect(res.status).toBe(201);
    }
    expect(await inquiriesAbout('No key')).toHaveLength(2);
  });

  it('refuses a key of another shape, naming the header, and stores nothing', async () => {
    const res = await send(message('Bad key'), 'short');
    expect(res.status).toBe(400);
    expect(res.json.error?.fields).toHaveProperty('Idempotency-Key');
    expect(await inquiriesAbout('Bad key')).toHaveLength(0);
  });

  it('answers a key only to the caller who sent it: another caller with the same key makes their own', async () => {
    const key = randomUUID();
    const mine = await send(message('Two callers'), key, '198.51.100.21');
    const theirs = await send(message('Two callers'), key, '198.51.100.22');
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.json.id).not.toBe(mine.json.id);
    expect(await inquiriesAbout('Two callers')).toHaveLength(2);
  });

  it('refuses the same key with another body (409), naming the header, and stores nothing more', async () => {
    const key = randomUUID();
    expect((await send(message('First body'), key)).status).toBe(201);
    const other = await send(message('Second body'), key);
    expect(other.status).toBe(409);
    expect(other.json.error?.fields).toHaveProperty('Idempotency-Key');
    expect(await inquiriesAbout('Second body')).toHaveLength(0);
  });

  it('takes over a claim whose request never answered (a crash), after a minute', async () => {
    const key = randomUUID();
    const address = '198.51.100.31';
    const body = message('After a crash');
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    await database.db.insert(idempotencyKeys).values({
      key,
      route: `POST /api/inquiries ${sha(`address:${address}`)}`,
      fingerprint: sha(JSON.stringify(body)),
      owner: 'a request that died',
      createdAt: new Date(Date.now() - 2 * 60_000),
    });
    const res = await send(body, key, address);
    expect(res.status).toBe(201);
    expect(await inquiriesAbout('After a crash')).toHaveLength(1);
    expect((await send(body, key, address)).json).toEqual(res.json);
  });
});
