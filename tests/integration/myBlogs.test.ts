import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_BLOG_IMAGE_BYTES } from '../../src/features/blogs/images';
import { blogs } from '../../src/platform/db/schema.server';
import { adminAccount, auditEntries, call, familyWithChild, fileApi } from './harness';
import { atOnce, onlyWinner, RACE_TIMEOUT, raceRounds } from './races';

const { database, api, mediaDir } = await fileApi({ media: 'blog-images' });
const childBody = { firstName: 'Maya', ageBand: '8-10', readingLevel: 'branch' };
const [parent, otherParent, admin] = await Promise.all([
  familyWithChild(api, childBody, 'Jordan Rivers'),
  familyWithChild(api, childBody),
  adminAccount(api),
]);
const { childId } = parent;
const otherChildId = otherParent.childId;

const body = (extra: Record<string, unknown> = {}) => ({
  title: 'Reading at breakfast',
  contentHtml: '<h2>Why</h2><ul><li>Calm mornings</li><li>Short chapters</li></ul><p>It works for us.</p>',
  ...extra,
});

async function draft(extra: Record<string, unknown> = {}, token = parent.idToken) {
  const res = await call(api, 'POST', '/api/me/blogs', { token, body: body(extra) });
  expect(res.status).toBe(201);
  return String(res.json.id);
}
const rowOf = async (id: string) => (await database.db.select().from(blogs).where(eq(blogs.id, id)))[0];
const patch = (id: string, payload: unknown, token = parent.idToken) =>
  call(api, 'PATCH', `/api/me/blogs/${id}`, { token, body: payload });
const submit = (id: string) => call(api, 'POST', `/api/me/blogs/${id}/submit`, { token: parent.idToken });
const review = (id: string, decision: 'approve' | 'reject', note?: string) =>
  call(api, 'POST', `/api/admin/blogs/${id}/review`, {
    token: admin.idToken,
    body: { decision, ...(note ? { note } : {}) },
  });

describe('a family opens and edits its own posts', () => {
  it('opens its post with the text, summary, child and pen name; signs with the pen name', async () => {
    const id = await draft({ childId, authorName: 'Jordan, Maya’s dad' });
    const res = await call(api, 'GET', `/api/me/blogs/${id}`, { token: parent.idToken });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: id,
      status: 'draft',
      childId,
      authorName: 'Jordan, Maya’s dad',
      reviewNote: null,
      contentHtml: body().contentHtml,
      excerpt: 'Why Calm mornings Short chapters It works for us.',
    });
    // Without a pen name, the account's name signs the post.
    const plain = await draft();
    expect((await rowOf(plain))?.authorName).toBe('Jordan Rivers');
  });

  it('keeps another family out: 404 to read, change or delete, and nothing changes', async () => {
    const id = await draft();
    const before = await rowOf(id);
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', body({ title: 'Taken over' })],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(api, method, `/api/me/blogs/${id}`, {
        token: otherParent.idToken,
        ...(payload ? { body: payload } : {}),
      });
      expect(res.status).toBe(404);
      expect(res.json.error?.message).toBe('That post does not exist.');
    }
    const unknown = await call(api, 'GET', `/api/me/blogs/${crypto.randomUUID()}`, { token: parent.idToken });
    expect(unknown.status).toBe(404);
    expect(await rowOf(id)).toEqual(before);
  });

  it('saves changes, sanitizing the HTML it keeps, and can unlink the child', async () => {
    const id = await draft({ childId });
    const res = await patch(
      id,
      body({
        title: '  Breakfast books  ',
        contentHtml:
          '<h3>Week one</h3><p onmouseover="x()">Theo <a href="javascript:alert(1)">laughed</a>.</p><script>alert(1)</script><img src="/media/blog/a.png" alt="Our table"><img src="data:image/png;base64,AAAA">',
        excerpt: 'How breakfast became reading time.',
        childId: null,
        authorName: 'Jordan (Maya and Theo’s dad)',
      }),
    );
    expect(res.status).toBe(200);
    const row = await rowOf(id);
    expect(row?.title).toBe('Breakfast books');
    expect(row?.contentHtml).toBe(
      '<h3>Week one</h3><p>Theo <a rel="nofollow ugc noopener">laughed</a>.</p><img src="/media/blog/a.png" alt="Our table" loading="lazy" decoding="async" />',
    );
    expect(row?.contentHtml).not.toContain('script');
    expect(row?.excerpt).toBe('How breakfast became reading time.');
    expect(row?.childId).toBeNull();
    expect(row?.authorName).toBe('Jordan (Maya and Theo’s dad)');
    expect(res.json).toMatchObject({ status: 'draft', childId: null });
    // Leaving out the child and the pen name keeps them; an empty summary is made from the text.
    const again = await patch(id, body({ excerpt: '' }));
    expect(again.status).toBe(200);
    expect((await rowOf(id))?.authorName).toBe('Jordan (Maya and Theo’s dad)');
    expect((await rowOf(id))?.excerpt).toBe('Why Calm mornings Short chapters It works for us.');
  });

  it('refuses bad changes, naming the field, and stores nothing', async () => {
    const id = await draft({ childId });
    const before = await rowOf(id);
    const cases: [unknown, string][] = [
      [body({ title: 'x'.repeat(151) }), 'title'],
      [body({ title: 'Hi' }), 'title'],
      [body({ title: 42 }), 'title'],
      [body({ title: '<b>Bold</b> title' }), 'title'],
      [body({ contentHtml: '' }), 'contentHtml'],
      [body({ contentHtml: ['<p>a</p>'] }), 'contentHtml'],
      [body({ contentHtml: '<script>alert(1)</script><img src="https://x.org/a.png">' }), 'contentHtml'],
      [body({ authorName: '<img src=x onerror=alert(1)>' }), 'authorName'],
      [body({ authorName: 'J' }), 'authorName'],
      [body({ authorName: 'x'.repeat(81) }), 'authorName'],
      [body({ excerpt: 'a'.repeat(301) }), 'excerpt'],
      [body({ childId: 'not-a-uuid' }), 'childId'],
      [{ contentHtml: '<p>No title</p>' }, 'title'],
    ];
    for (const [payload, field] of cases) {
      const res = await patch(id, payload);
      expect(res.status, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(Object.keys(res.json.error?.fields ?? {})).toContain(field);
    }
    const notJson = await call(api, 'PATCH', `/api/me/blogs/${id}`, {
      token: parent.idToken,
      rawBody: 'title=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.status).toBe(400);
    // Another family's child: 404, as if it did not exist.
    expect((await patch(id, body({ childId: otherChildId }))).status).toBe(404);
    expect(await rowOf(id)).toEqual(before);
    // A pen name with markup is refused on a new post too.
    const created = await call(api, 'POST', '/api/me/blogs', {
      token: parent.idToken,
      body: body({ authorName: 'Jordan <script>' }),
    });
    expect(created.status).toBe(400);
    expect(created.json.error?.fields).toHaveProperty('authorName');
  });

  it('takes a post in review back to draft; keeps a returned post’s note until it is sent again', async () => {
    const id = await draft();
    expect((await submit(id)).status).toBe(200);
    const edited = await patch(id, body({ title: 'Reading at breakfast, week two' }));
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ status: 'draft', submittedAt: null });
    expect((await review(id, 'approve')).status).toBe(409);

    expect((await submit(id)).status).toBe(200);
    expect((await review(id, 'reject', 'Add how the children reacted.')).status).toBe(200);
    const returned = await patch(id, body({ contentHtml: '<p>The children loved it from day one.</p>' }));
    expect(returned.json).toMatchObject({ status: 'rejected', reviewNote: 'Add how the children reacted.' });
    expect((await submit(id)).json).toMatchObject({ status: 'submitted' });
  });

  it('refuses to change a published post: 409, unchanged', async () => {
    const id = await draft();
    await submit(id);
    expect((await review(id, 'approve')).status).toBe(200);
    const before = await rowOf(id);
    const res = await patch(id, body({ title: 'Changed after publishing' }));
    expect(res.status).toBe(409);
    expect(res.json.error?.code).toBe('conflict');
    expect(await rowOf(id)).toEqual(before);
  });

  it('lets only one of an approval and an edit made at the same moment win, round after round', {
    timeout: RACE_TIMEOUT,
  }, async () => {
    await raceRounds(async (round) => {
      const id = await draft();
      await submit(id);
      const title = `Edited in round ${round}`;
      const [approved, edited] = await atOnce([
        () => review(id, 'approve'),
        () => patch(id, body({ title })),
      ]);
      const winner = onlyWinner([approved, edited], (r) => r?.status === 200);
      expect([approved?.status, edited?.status].sort()).toEqual([200, 409]);
      const row = await rowOf(id);
      if (winner === 0) {
        // Approved as it was sent: the edit came too late and changed nothing.
        expect(row).toMatchObject({ status: 'approved', title: 'Reading at breakfast' });
        expect(row?.publishedAt).toBeInstanceOf(Date);
        expect(edited?.json.error?.message).toBe('This post is published: it can no longer be changed.');
        expect((await auditEntries(database, id)).map((e) => e.action)).toEqual(['blog.approve']);
        return 'approval';
      }
      // Edited first: the post went back to a draft, so the approval found nothing to approve.
      expect(row).toMatchObject({ status: 'draft', title, publishedAt: null });
      expect(approved?.json.error?.message).toMatch(/has not been submitted for review/);
      expect(await auditEntries(database, id)).toEqual([]);
      return 'edit';
    });
  });

  it('deletes drafts and returned posts only', async () => {
    const drafted = await draft();
    expect((await call(api, 'DELETE', `/api/me/blogs/${drafted}`, { token: parent.idToken })).status).toBe(
      204,
    );
    expect(await rowOf(drafted)).toBeUndefined();
    expect((await call(api, 'DELETE', `/api/me/blogs/${drafted}`, { token: parent.idToken })).status).toBe(
      404,
    );

    const returned = await draft();
    await submit(returned);
    await review(returned, 'reject', 'Please add a photo caption.');
    expect((await call(api, 'DELETE', `/api/me/blogs/${returned}`, { token: parent.idToken })).status).toBe(
      204,
    );

    const inReview = await draft();
    await submit(inReview);
    const refused = await call(api, 'DELETE', `/api/me/blogs/${inReview}`, { token: parent.idToken });
    expect(refused.status).toBe(409);
    expect(await rowOf(inReview)).toBeDefined();
  });
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0]);

/** A real photo as a phone sends it: large, with the camera's metadata. */
const photo = async (format: 'png' | 'jpeg', width = 3200, height = 2400) =>
  new Uint8Array(
    await sharp({ create: { width, height, channels: 3, background: '#d95' } })
      [format]()
      .withMetadata({ exif: { IFD0: { Artist: 'A phone', Copyright: 'Jordan' } } })
      .toBuffer(),
  );

async function upload(bytes: Uint8Array | undefined, type: string, token: string | null = parent.idToken) {
  const headers: Record<string, string> = { 'content-type': type };
  if (token) headers.authorization = `Bearer ${token}`;
  if (bytes) headers['content-length'] = String(bytes.byteLength);
  const res = await api.request(
    '/api/me/blog-images',
    { method: 'POST', headers, ...(bytes ? { body: bytes as Uint8Array<ArrayBuffer> } : {}) },
    { clientAddress: '127.0.0.1' },
  );
  return { status: res.status, json: (await res.json()) as { url?: string; error?: { fields?: object } } };
}
const storedFiles = async () => readdir(join(mediaDir, 'blog')).catch(() => [] as string[]);

describe('pictures for a post', () => {
  it('stores a PNG or JPEG resized for the web, as WebP without metadata, under a random name', async () => {
    const png = await upload(await photo('png'), 'image/png');
    expect(png.status).toBe(201);
    expect(png.json.url).toMatch(/^\/media\/blog\/[0-9a-f-]{36}\.webp$/);
    const jpeg = await upload(await photo('jpeg', 800, 600), 'image/jpeg; charset=binary');
    expect(jpeg.json.url).toMatch(/\.webp$/);
    expect(await storedFiles()).toHaveLength(2);
    const big = await sharp(join(mediaDir, String(png.json.url).replace('/media/', ''))).metadata();
    expect(big).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
    expect(big.exif).toBeUndefined();
    // Never enlarged.
    const small = await sharp(join(mediaDir, String(jpeg.json.url).replace('/media/', ''))).metadata();
    expect(small).toMatchObject({ width: 800, height: 600 });
  });

  it('refuses the wrong type, lying bytes, an empty or too large file, and strangers; stores nothing', async () => {
    const before = await storedFiles();
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    expect((await upload(svg, 'image/svg+xml')).status).toBe(400);
    expect((await upload(PNG, 'text/html')).status).toBe(400);
    const lying = await upload(svg, 'image/png');
    expect(lying.status).toBe(400);
    expect(lying.json.error?.fields).toHaveProperty('body');
    expect((await upload(JPEG, 'image/png')).status).toBe(400);
    // The right first bytes, then nothing a decoder can read.
    const broken = await upload(PNG, 'image/png');
    expect(broken.status).toBe(400);
    expect(broken.json.error?.fields).toHaveProperty('body');
    expect((await upload(new Uint8Array(), 'image/png')).status).toBe(400);
    const big = new Uint8Array(MAX_BLOG_IMAGE_BYTES + 1);
    big.set(PNG);
    expect((await upload(big, 'image/png')).status).toBe(413);
    expect((await upload(await photo('png', 10, 10), 'image/png', null)).status).toBe(401);
    expect(await storedFiles()).toEqual(before);
  });
});
