import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { deleteOrphanedBlogImages } from '../../src/features/blogs/blogImages.server';
import { BLOG_IMAGE_CLEANUP_JOB, registerBlogJobs } from '../../src/features/blogs/blogJobs.server';
import { blogImages, blogs, uploadLog } from '../../src/platform/db/schema.server';
import type { JobKind, JobQueue } from '../../src/platform/jobs/queue.server';
import { createLogger } from '../../src/platform/logger.server';
import type { Storage } from '../../src/platform/storage/storage';
import {
  adminAccount,
  call,
  created,
  familyWithChild,
  fileApi,
  storedFiles,
  uploadBlogPicture,
} from './harness';

const { database, api, mediaDir, storage } = await fileApi({ media: 'blog-image-cleanup' });
const db = database.db;
const [parent, admin] = await Promise.all([
  familyWithChild(api, { firstName: 'Maya', ageBand: '8-10', readingLevel: 'branch' }),
  adminAccount(api),
]);
const quiet = createLogger('silent');

/** Uploads a small picture (or these bytes) as this account. */
async function upload(token: string, bytes?: Uint8Array) {
  const body =
    bytes ??
    new Uint8Array(
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer(),
    );
  return uploadBlogPicture(api, token, body);
}
/** Uploads a small picture as this account, which must be stored; answers its storage key ("blog/….webp"). */
async function uploaded(token = parent.token) {
  const res = await upload(token);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return String(res.json.url).replace('/media/', '');
}

/** Makes pictures look uploaded `hours` ago. */
const uploadedAgo = (hours: number, ...keys: string[]) =>
  Promise.all(
    keys.map((key) =>
      db
        .update(blogImages)
        .set({ createdAt: new Date(Date.now() - hours * 3_600_000) })
        .where(eq(blogImages.key, key)),
    ),
  );
const rows = async () => (await db.select({ key: blogImages.key }).from(blogImages)).map((r) => r.key).sort();
const files = async () => (await storedFiles(mediaDir)).filter((f) => f.startsWith('blog/'));
const picture = (key: string) => `<img src="/media/${key}" alt="A drawing">`;

async function draftShowing(...keys: string[]) {
  const res = await call(api, 'POST', '/api/me/blogs', {
    token: parent.token,
    body: { title: 'Our reading corner', contentHtml: `<p>Look at this.</p>${keys.map(picture).join('')}` },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return String(res.json.id);
}

// Each test starts with no posts and no pictures known (earlier tests' files stay, unknown).
beforeEach(async () => {
  await db.delete(blogs);
  await db.delete(blogImages);
});

describe('unused blog pictures', () => {
  it('are removed, file and row, a day after upload; pictures any post shows and recent ones stay', async () => {
    const inDraft = await uploaded();
    const inPublished = await uploaded(admin.idToken);
    const asCover = await uploaded(admin.idToken);
    const inReview = await uploaded();
    const unused = await uploaded();
    const recent = await uploaded();
    await draftShowing(inDraft);
    const submitted = await draftShowing(inReview);
    expect(
      (await call(api, 'POST', `/api/me/blogs/${submitted}/submit`, { token: parent.token })).status,
    ).toBe(200);
    await created(api, '/api/admin/blogs', admin.idToken, {
      title: 'News from the team',
      contentHtml: `<p>Published today.</p>${picture(inPublished)}`,
      publish: true,
    });
    await created(api, '/api/admin/blogs', admin.idToken, {
      title: 'A team draft with a cover',
      contentHtml: '<p>Still writing.</p>',
      coverUrl: `/media/${asCover}`,
      coverAlt: 'Books on a shelf',
      publish: false,
    });
    await uploadedAgo(25, inDraft, inPublished, asCover, inReview, unused);
    expect(await files()).toContain(unused);

    expect(await deleteOrphanedBlogImages(db, storage)).toBe(1);
    const kept = [inDraft, inPublished, asCover, inReview, recent].sort();
    expect(await rows()).toEqual(expect.arrayContaining(kept));
    expect(await rows()).not.toContain(unused);
    expect(await files()).toEqual(expect.arrayContaining(kept));
    expect(await files()).not.toContain(unused);
    // Nothing left to do: a second run removes nothing.
    expect(await deleteOrphanedBlogImages(db, storage)).toBe(0);
  });

  it('go once their post stops showing them: edited out, or the draft deleted', async () => {
    const first = await uploaded();
    const second = await uploaded();
    const id = await draftShowing(first, second);
    await uploadedAgo(48, first, second);
    expect(await deleteOrphanedBlogImages(db, storage)).toBe(0);

    const edit = await call(api, 'PATCH', `/api/me/blogs/${id}`, {
      token: parent.token,
      body: { title: 'Our reading corner', contentHtml: `<p>Only one now.</p>${picture(second)}` },
    });
    expect(edit.status).toBe(200);
    expect(await deleteOrphanedBlogImages(db, storage)).toBe(1);
    expect(await files()).not.toContain(first);
    expect(await files()).toContain(second);

    expect((await call(api, 'DELETE', `/api/me/blogs/${id}`, { token: parent.token })).status).toBe(204);
    expect(await deleteOrphanedBlogImages(db, storage)).toBe(1);
    expect(await files()).not.toContain(second);
    expect(await rows()).not.toContain(second);
  });

  it('keep their row when the file cannot be removed, and go at the next run', async () => {
    const key = await uploaded();
    await uploadedAgo(30, key);
    let failures = 1;
    const flaky: Storage = {
      ...storage,
      async delete(k) {
        if (failures-- > 0) throw new Error('the disk is busy');
        return storage.delete(k);
      },
    };
    expect(await deleteOrphanedBlogImages(db, flaky, { logger: quiet })).toBe(0);
    expect(await rows()).toContain(key);
    expect(await files()).toContain(key);
    expect(await deleteOrphanedBlogImages(db, flaky, { logger: quiet })).toBe(1);
    expect(await rows()).not.toContain(key);
    expect(await files()).not.toContain(key);
  });

  it('are removed by the hourly job, which also forgets uploads too old for any quota', async () => {
    const kinds: JobKind<object>[] = [];
    const schedules: [string, string][] = [];
    const queue = {
      register: async (kind: JobKind<object>) => void kinds.push(kind),
      schedule: async (name: string, cron: string) => void schedules.push([name, cron]),
    } as unknown as JobQueue;
    await registerBlogJobs(queue, db, quiet, { storage });
    expect(schedules).toEqual([[BLOG_IMAGE_CLEANUP_JOB, '17 * * * *']]);

    const key = await uploaded();
    await uploadedAgo(25, key);
    await db.insert(uploadLog).values([
      {
        userId: parent.userId,
        kind: 'recording',
        bytes: 10,
        createdAt: new Date(Date.now() - 50 * 3_600_000),
      },
      { userId: parent.userId, kind: 'recording', bytes: 10, createdAt: new Date(Date.now() - 3_600_000) },
    ]);
    const before = await db.select().from(uploadLog).where(eq(uploadLog.userId, parent.userId));
    await kinds.find((k) => k.name === BLOG_IMAGE_CLEANUP_JOB)?.handle({}, { id: 'job', retryCount: 0 });
    expect(await files()).not.toContain(key);
    const after = await db.select().from(uploadLog).where(eq(uploadLog.userId, parent.userId));
    expect(after).toHaveLength(before.length - 1);
    expect(after.every((row) => row.createdAt.getTime() > Date.now() - 48 * 3_600_000)).toBe(true);
  });
});

describe('a picture of too many pixels', () => {
  it('is refused with 413 before it is decoded, naming its size and the limit; nothing stored or counted', async () => {
    // 64 megapixels of one colour: small as a PNG, some 200 MB once decoded.
    const huge = new Uint8Array(
      await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#fff' } })
        .png({ compressionLevel: 9 })
        .toBuffer(),
    );
    expect(huge.byteLength).toBeLessThan(1024 * 1024);
    const [filesBefore, rowsBefore] = [await files(), await rows()];
    const counted = () =>
      db.select({ n: sql<number>`count(*)::int` }).from(uploadLog).where(eq(uploadLog.userId, parent.userId));
    const [countBefore] = await counted();

    const res = await upload(parent.token, huge);
    expect(res.status).toBe(413);
    expect(res.json.error).toMatchObject({
      code: 'payload_too_large',
      message:
        'This picture is too large: 8000 × 8000 pixels (64 megapixels). Pictures can have at most 40 megapixels: make it smaller and send it again.',
      fields: { body: 'At most 40 megapixels.' },
    });
    expect(await files()).toEqual(filesBefore);
    expect(await rows()).toEqual(rowsBefore);
    expect(await counted()).toEqual([countBefore]);
  });
});
