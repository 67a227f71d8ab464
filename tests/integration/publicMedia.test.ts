import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminEpisode } from '../../src/features/podcast/admin.schema';
import { listPublishedEpisodes, podcastFeedXml } from '../../src/features/podcast/podcast.server';
import { adminAccount, call, caller, created, fileApi, uploadBlogPicture } from './harness';

// Public files sent from a CDN in front of the site's /media route (MEDIA_PUBLIC_URL, decision 36):
// what leaves the server names the CDN; what is stored and edited keeps the site's own form.
const CDN = 'https://cdn.quillreads.test/media';
const { database, api } = await fileApi({ media: 'public-media' });
const admin = await adminAccount(api);
const as = caller(api, admin.idToken);

beforeAll(() => {
  process.env.MEDIA_PUBLIC_URL = CDN;
});
afterAll(() => {
  delete process.env.MEDIA_PUBLIC_URL;
});

const png = async () =>
  new Uint8Array(
    await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer(),
  );

/** A picture uploaded for posts: its address as the editor gets it (the site's own /media form). */
async function picture(): Promise<string> {
  const res = await uploadBlogPicture(api, admin.idToken, await png());
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return String(res.json.url);
}

describe('with a CDN for public files', () => {
  it('a published post’s cover and pictures come from the CDN; its editor keeps the site’s form', async () => {
    const [cover, inside] = [await picture(), await picture()];
    expect(inside).toMatch(/^\/media\/blog\/[0-9a-f-]{36}\.webp$/);
    const post = await created(api, '/api/admin/blogs', admin.idToken, {
      title: 'Covers from far away',
      contentHtml: `<p>Look.</p><img src="${inside}" alt="A drawing">`,
      coverUrl: cover,
      coverAlt: 'Books on a shelf',
      publish: false,
    });

    // The administrator's copy is what the form sends back: publishing it as it is keeps it all.
    const draft = await as('GET', `/api/admin/blogs/${post.id}`);
    expect(draft.json).toMatchObject({ coverUrl: cover });
    expect(draft.json.contentHtml).toContain(`src="${inside}"`);
    const { title, contentHtml, coverUrl, coverAlt } = draft.json;
    const published = await as('PATCH', `/api/admin/blogs/${post.id}`, {
      title,
      contentHtml,
      coverUrl,
      coverAlt,
      publish: true,
    });
    expect(published.status, JSON.stringify(published.json)).toBe(200);
    expect((await as('GET', `/api/admin/blogs/${post.id}`)).json).toMatchObject({ coverUrl: cover });

    // Readers get the CDN's addresses.
    const read = await call(api, 'GET', `/api/blogs/${post.id}`);
    expect(read.status).toBe(200);
    expect(read.json.coverUrl).toBe(cover.replace('/media', CDN));
    expect(read.json.contentHtml).toContain(`src="${inside.replace('/media', CDN)}"`);
    const list = await call(api, 'GET', '/api/blogs');
    expect(JSON.stringify(list.json)).toContain(cover.replace('/media', CDN));
  });

  it('an uploaded episode plays from the CDN, on the page and in the feed', async () => {
    const episode = await created<AdminEpisode>(api, '/api/admin/podcast', admin.idToken, {
      title: 'Reading with grandparents',
      description: 'Why stories across generations stick.',
    });
    const mp3 = await readFile(
      new URL('../../src/features/demo/media/podcast/002-lighthouse-keeper.mp3', import.meta.url),
    );
    const uploaded = await call(api, 'POST', `/api/admin/podcast/${episode.id}/audio`, {
      token: admin.idToken,
      rawBody: new Uint8Array(mp3),
      headers: { 'content-type': 'audio/mpeg' },
    });
    const href = (uploaded.json as unknown as AdminEpisode).audio?.href ?? '';
    expect(href).toMatch(new RegExp(`^${CDN}/podcast/[0-9a-f-]{36}\\.mp3$`));
    expect((await as('PATCH', `/api/admin/podcast/${episode.id}`, { publishedAt: 'now' })).status).toBe(200);
    const feed = podcastFeedXml(await listPublishedEpisodes(database.db), new URL('https://quillreads.test'));
    expect(feed).toContain(`<enclosure url="${href}"`);
  });
});
