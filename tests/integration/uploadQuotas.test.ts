import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { blogImages, passages, recordings, uploadLog } from '../../src/platform/db/schema.server';
import type { UploadKind } from '../../src/platform/domain';
import { adminAccount, call, familyWithChild, fileApi, storedFiles, uploadBlogPicture } from './harness';

const { database, api, mediaDir } = await fileApi({ media: 'upload-quotas' });
const db = database.db;
const MB = 1024 * 1024;
const HOUR = 3_600_000;

const family = (firstName = 'Maya') =>
  familyWithChild(api, { firstName, ageBand: '8-10', readingLevel: 'branch' });

const PNG = new Uint8Array(
  await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c52' } })
    .png()
    .toBuffer(),
);

const uploadPicture = (token: string, bytes: Uint8Array = PNG) => uploadBlogPicture(api, token, bytes);

/** Earlier uploads by this account: `count` of `bytes` each, the oldest `hoursAgo`, an hour apart after that. */
async function earlier(userId: string, kind: UploadKind, count: number, bytes: number, hoursAgo: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    userId,
    kind,
    bytes,
    createdAt: new Date(Date.now() - Math.max(hoursAgo - i, 0.5) * HOUR),
  }));
  await db.insert(uploadLog).values(rows);
}

const counted = async (userId: string, kind: UploadKind) => {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(uploadLog)
    .where(and(eq(uploadLog.userId, userId), eq(uploadLog.kind, kind)));
  return Number(row?.n);
};
const pictureRows = async () => (await db.select().from(blogImages)).length;

describe('the daily quota of blog pictures', () => {
  it('refuses the 31st picture in 24 hours with 429, naming the limit and when it resets; nothing stored', async () => {
    const parent = await family();
    await earlier(parent.userId, 'blog_image', 29, 1000, 20);
    expect((await uploadPicture(parent.token)).status).toBe(201);
    const [files, rows] = [await storedFiles(mediaDir), await pictureRows()];

    const refused = await uploadPicture(parent.token);
    expect(refused.status).toBe(429);
    expect(refused.json.error?.code).toBe('rate_limited');
    // The oldest of the 30 was 20 hours ago: room again in 4 hours.
    expect(refused.json.error?.message).toMatch(
      /^You have reached the daily limit for blog pictures \(30 pictures or 100 MB in any 24 hours\)\. You can upload more in about 4 hours, from \d+ \w+ \d{4}, \d\d:\d\d UTC\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(4 * 3600 - 120);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(4 * 3600);
    expect(await storedFiles(mediaDir)).toEqual(files);
    expect(await pictureRows()).toBe(rows);
    expect(await counted(parent.userId, 'blog_image')).toBe(30);

    // Each account has its own quota.
    const other = await family('Theo');
    expect((await uploadPicture(other.token)).status).toBe(201);
  });

  it('refuses pictures past 100 MB in 24 hours', async () => {
    const parent = await family();
    // Room for exactly one more picture of this size, and not a byte more.
    await earlier(parent.userId, 'blog_image', 1, 100 * MB - 2 * PNG.byteLength, 3);
    expect((await uploadPicture(parent.token)).status).toBe(201);
    expect((await uploadPicture(parent.token)).status).toBe(201);
    const refused = await uploadPicture(parent.token);
    expect(refused.status).toBe(429);
    // The large upload of three hours ago must leave the window first.
    expect(refused.json.error?.message).toContain(
      '100 MB in any 24 hours). You can upload more in about 21 hours',
    );
  });

  it('counts nothing uploaded 24 hours ago or more', async () => {
    const parent = await family();
    await earlier(parent.userId, 'blog_image', 30, 3 * MB, 54);
    expect((await uploadPicture(parent.token)).status).toBe(201);
  });

  it('does not count a picture that was refused, nor apply to administrators', async () => {
    const parent = await family();
    await earlier(parent.userId, 'blog_image', 29, 1000, 10);
    const broken = PNG.slice(0, 16);
    expect((await uploadPicture(parent.token, broken)).status).toBe(400);
    expect(await counted(parent.userId, 'blog_image')).toBe(29);
    expect((await uploadPicture(parent.token)).status).toBe(201);
    expect((await uploadPicture(parent.token)).status).toBe(429);

    const admin = await adminAccount(api);
    await earlier(admin.user.id, 'blog_image', 40, 5 * MB, 10);
    expect((await uploadPicture(admin.idToken)).status).toBe(201);
    expect(await counted(admin.user.id, 'blog_image')).toBe(40);
  });

  it('lets only one of two uploads sent at once take the last place', async () => {
    const parent = await family();
    await earlier(parent.userId, 'blog_image', 29, 1000, 5);
    const statuses = (await Promise.all([uploadPicture(parent.token), uploadPicture(parent.token)]))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([201, 429]);
    expect(await counted(parent.userId, 'blog_image')).toBe(30);
  });
});

const AUDIO = new TextEncoder().encode('OggS fake but opaque audio bytes');
const [passage] = await db
  .insert(passages)
  .values({ title: 'The Lighthouse', readingLevel: 'branch', text: 'one two three four', wordCount: 4 })
  .returning();

describe('the daily quota of read-aloud recordings', () => {
  const record = (who: { token: string }, childId: string, body?: Uint8Array) =>
    call(api, 'POST', `/api/children/${childId}/recordings?passageId=${passage?.id}&durationMs=20000`, {
      token: who.token,
      ...(body ? { rawBody: body as Uint8Array<ArrayBuffer>, headers: { 'content-type': 'audio/ogg' } } : {}),
    });
  const attemptsOf = async (childId: string) =>
    (await db.select().from(recordings).where(eq(recordings.childId, childId))).length;

  it('refuses the 51st recording of an account in 24 hours, whichever child; nothing saved', async () => {
    const parent = await family();
    const second = await call(api, 'POST', '/api/children', {
      token: parent.token,
      body: { firstName: 'Theo', ageBand: '6-8', readingLevel: 'sapling' },
    });
    const secondChild = String(second.json._id);
    await earlier(parent.userId, 'recording', 49, 1000, 23);
    expect((await record(parent, parent.childId, AUDIO)).status).toBe(201);
    const files = await storedFiles(mediaDir);
    const attempts = await attemptsOf(parent.childId);

    const refused = await record(parent, parent.childId, AUDIO);
    expect(refused.status).toBe(429);
    expect(refused.json.error?.code).toBe('rate_limited');
    expect(refused.json.error?.message).toMatch(
      /^You have reached the daily limit for read-aloud recordings \(50 recordings or 150 MB in any 24 hours\)\. You can upload more in about 1 hour, from /,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await record(parent, secondChild, AUDIO)).status).toBe(429);
    expect(await storedFiles(mediaDir)).toEqual(files);
    expect(await attemptsOf(parent.childId)).toBe(attempts);
    expect(await attemptsOf(secondChild)).toBe(0);
    expect(await counted(parent.userId, 'recording')).toBe(50);

    // An attempt timed without the microphone uploads nothing, and is still saved.
    expect((await record(parent, secondChild)).status).toBe(201);
    expect(await counted(parent.userId, 'recording')).toBe(50);
  });

  it('refuses recordings past 150 MB in 24 hours', async () => {
    const parent = await family();
    await earlier(parent.userId, 'recording', 1, 150 * MB - AUDIO.byteLength + 1, 2);
    const refused = await record(parent, parent.childId, AUDIO);
    expect(refused.status).toBe(429);
    expect(refused.json.error?.message).toContain(
      '150 MB in any 24 hours). You can upload more in about 22 hours',
    );
    expect(await attemptsOf(parent.childId)).toBe(0);
  });
});
