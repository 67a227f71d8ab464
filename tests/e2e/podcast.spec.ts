import type { APIRequestContext, Page } from '@playwright/test';
import { XMLParser } from 'fast-xml-parser';
import { expect, expectNoViolations, gotoReady, test, waitForIslands } from './fixtures';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'item',
});

interface Item {
  title: string;
  guid: { '#text': string; '@isPermaLink': string };
  enclosure: { '@url': string; '@length': string; '@type': string };
  pubDate: string;
  description: string;
  'itunes:duration': string;
  'itunes:episode': string;
  'itunes:explicit': string;
  'podcast:transcript': { '@url': string; '@type': string; '@language': string };
}

async function readFeed(request: APIRequestContext) {
  const res = await request.get('/podcast/feed.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  expect(res.headers()['cache-control']).toMatch(/^public, max-age=\d+/);
  const xml = await res.text();
  return { xml, rss: parser.parse(xml).rss };
}

const isDemo = (item: Item) => /^quillreads-podcast-\d+$/.test(item.guid['#text']);

/** The path of an absolute URL from the feed, to ask this test server for it. */
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

test('the podcast feed parses as XML and carries every required tag', async ({ request, page }) => {
  const { xml, rss } = await readFeed(request);
  // The browser's XML parser is strict: anything malformed gives a <parsererror>.
  const errors = await page.evaluate(
    (text) =>
      new DOMParser().parseFromString(text, 'application/xml').getElementsByTagName('parsererror').length,
    xml,
  );
  expect(errors).toBe(0);

  expect(rss['@version']).toBe('2.0');
  expect(rss['@xmlns:itunes']).toBe('http://www.itunes.com/dtds/podcast-1.0.dtd');
  expect(rss['@xmlns:podcast']).toBe('https://podcastindex.org/namespace/1.0');
  const ch = rss.channel;
  expect(ch.title).toBe('The Quill Reads podcast');
  expect(ch.description.length).toBeGreaterThan(40);
  expect(ch.language).toBe('en');
  expect(ch['itunes:image']['@href']).toMatch(/^https?:\/\/.+\/podcast\/cover\.png$/);
  expect(ch['itunes:category']['@text']).toBe('Kids & Family');
  expect(ch['itunes:category']['itunes:category']['@text']).toBe('Education for Kids');
  expect(ch['itunes:explicit']).toBe('false');
  expect(ch['itunes:owner']['itunes:email']).toBe('hello@quillreads.com');
  expect(ch['podcast:guid']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(ch['atom:link']['@rel']).toBe('self');

  const cover = await request.get(pathOf(ch['itunes:image']['@href']));
  expect(cover.headers()['content-type']).toBe('image/png');

  // The demo episodes: an administrator's test (adminPodcastInquiries.spec.ts) may add one meanwhile.
  const items = (ch.item as Item[]).filter(isDemo);
  expect(items.length).toBe(3);
  const dates = items.map((i) => Date.parse(i.pubDate));
  expect(dates.every(Number.isFinite)).toBe(true);
  expect(dates).toEqual([...dates].sort((a, b) => b - a));
  for (const item of items) {
    expect(item.title.length).toBeGreaterThan(5);
    expect(item.description.length).toBeGreaterThan(20);
    expect(item.guid).toEqual({
      '#text': expect.stringMatching(/^quillreads-podcast-\d+$/),
      '@isPermaLink': 'false',
    });
    expect(item.pubDate).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
    expect(Number(item['itunes:duration'])).toBeGreaterThan(20);
    expect(Number(item['itunes:episode'])).toBeGreaterThan(0);
    expect(item['itunes:explicit']).toBe('false');
    expect(item.enclosure['@type']).toBe('audio/mpeg');

    // The enclosure's length is the size /media really serves.
    const audio = await request.head(pathOf(item.enclosure['@url']));
    expect(audio.status()).toBe(200);
    expect(audio.headers()['content-length']).toBe(item.enclosure['@length']);
    expect(Number(item.enclosure['@length'])).toBeGreaterThan(10_000);

    expect(item['podcast:transcript']).toMatchObject({ '@type': 'text/plain', '@language': 'en' });
    const transcript = await request.get(pathOf(item['podcast:transcript']['@url']));
    expect(transcript.status()).toBe(200);
    expect(transcript.headers()['content-type']).toBe('text/plain; charset=utf-8');
    expect(await transcript.text()).toContain(item.title);
  }

  // The guids never change between two reads of the feed.
  const again = ((await readFeed(request)).rss.channel.item as Item[]).filter(isDemo);
  expect(again.map((i) => i.guid['#text'])).toEqual(items.map((i) => i.guid['#text']));
});

test('episode audio is served with byte ranges, validators and 404s', async ({ request }) => {
  const items = (await readFeed(request)).rss.channel.item as Item[];
  const path = pathOf(items[0]?.enclosure['@url'] ?? '');
  const size = Number(items[0]?.enclosure['@length']);

  const head = await request.head(path);
  expect(head.status()).toBe(200);
  expect(head.headers()).toMatchObject({
    'accept-ranges': 'bytes',
    'content-type': 'audio/mpeg',
    'content-length': String(size),
    'x-content-type-options': 'nosniff',
  });
  expect(head.headers()['cache-control']).toBe('public, max-age=86400');

  const whole = await (await request.get(path)).body();
  expect(whole.length).toBe(size);
  expect(whole.subarray(0, 3).toString('latin1')).toBe('ID3');

  const part = await request.get(path, { headers: { Range: 'bytes=1000-1999' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toBe(`bytes 1000-1999/${size}`);
  expect(part.headers()['content-length']).toBe('1000');
  expect((await part.body()).equals(whole.subarray(1000, 2000))).toBe(true);

  const tail = await request.get(path, { headers: { Range: 'bytes=-10' } });
  expect(tail.status()).toBe(206);
  expect((await tail.body()).equals(whole.subarray(size - 10))).toBe(true);

  const bad = await request.get(path, { headers: { Range: `bytes=${size}-` } });
  expect(bad.status()).toBe(416);
  expect(bad.headers()['content-range']).toBe(`bytes */${size}`);

  const etag = head.headers().etag ?? '';
  expect((await request.get(path, { headers: { 'If-None-Match': etag } })).status()).toBe(304);

  for (const missing of [
    '/media/podcast/missing.mp3',
    '/media/podcast/%2e%2e/%2e%2e/package.json',
    '/media/x.html',
  ]) {
    expect((await request.get(missing)).status(), missing).toBe(404);
  }
  expect((await request.get('/podcast/no-such-episode/transcript.txt')).status()).toBe(404);
});

test('the podcast page lists the episodes newest first, with show notes, transcripts and the feed', async ({
  page,
}) => {
  await gotoReady(page, '/podcast');
  await expect(
    page.locator('link[rel="alternate"][type="application/rss+xml"][title="The Quill Reads podcast"]'),
  ).toHaveAttribute('href', '/podcast/feed.xml');
  await expect(page.getByRole('link', { name: 'Subscribe (RSS)' })).toHaveAttribute(
    'href',
    '/podcast/feed.xml',
  );
  // The demo episodes (an administrator's test may publish one of its own meanwhile).
  const episodes = page
    .getByRole('region', { name: 'Episodes, newest first' })
    .locator('article[id^="episode-quillreads-podcast-"]');
  await expect(episodes).toHaveCount(3);
  await expect(episodes.getByRole('heading', { level: 2 })).toHaveText([
    'When a child says reading is boring',
    'Read-aloud: The Lighthouse Keeper',
    'Why twenty minutes a day matters',
  ]);
  const newest = episodes.first();
  await expect(newest).toContainText('Episode 3');
  await expect(newest).toContainText('49 sec');
  await expect(newest.getByRole('heading', { name: 'Show notes' })).toBeVisible();

  const transcript = newest.getByText('graphic novels count: they are real reading');
  await expect(transcript).toBeHidden();
  await newest.getByText('Transcript', { exact: true }).click();
  await expect(transcript).toBeVisible();
  const link = newest.getByRole('link', { name: /Transcript as plain text/ });
  const text = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(await text.text()).toContain('There are no non-readers');
});

/** An episode's player, scrolled into view and hydrated (the islands are client:visible). */
async function playerFor(page: Page, title: string) {
  await page.getByRole('article', { name: title }).scrollIntoViewIfNeeded();
  await waitForIslands(page);
  const player = page.getByRole('group', { name: `Player: ${title}` });
  await expect(player).toBeVisible();
  return { player, audio: player.locator('audio') };
}

async function newestPlayer(page: Page) {
  await gotoReady(page, '/podcast');
  return playerFor(page, 'When a child says reading is boring');
}

test('the player plays, pauses, changes speed and only one episode plays at a time', async ({ page }) => {
  const { player, audio } = await newestPlayer(page);
  await player.getByRole('button', { name: 'Play: When a child says reading is boring' }).click();
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(0.3);
  await expect(
    player.getByRole('button', { name: 'Pause: When a child says reading is boring' }),
  ).toBeVisible();

  await player.getByLabel('Speed').selectOption('1.5');
  expect(await audio.evaluate((a: HTMLAudioElement) => a.playbackRate)).toBe(1.5);

  // Starting another episode pauses this one.
  const { player: other } = await playerFor(page, 'Read-aloud: The Lighthouse Keeper');
  await other.getByRole('button', { name: /^Play:/ }).click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  await expect(player.getByRole('button', { name: /^Play:/ })).toBeVisible();
  await other.getByRole('button', { name: /^Pause:/ }).click();
});

test('the player works from the keyboard and says where it is', async ({ page }) => {
  const { player, audio } = await newestPlayer(page);
  const slider = player.getByRole('slider', { name: 'Position' });
  await expect(slider).toHaveAttribute('aria-valuetext', '0 seconds of 49 seconds');

  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(slider).toHaveAttribute('aria-valuetext', '10 seconds of 49 seconds');
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuetext', '5 seconds of 49 seconds');

  await page.keyboard.press('Space');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(5);
  await page.keyboard.press('k');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);

  // Tab reaches every control in order; the skip buttons move the playhead.
  await player.getByRole('button', { name: /^Play:/ }).focus();
  await page.keyboard.press('Tab');
  await expect(slider).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(player.getByRole('button', { name: 'Back 15 s' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(player.getByRole('button', { name: 'Forward 30 s' })).toBeFocused();
  const before = await audio.evaluate((a: HTMLAudioElement) => a.currentTime);
  await page.keyboard.press('Enter');
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime))
    .toBeCloseTo(Math.min(before + 30, 49), 0);
  await page.keyboard.press('Tab');
  await expect(player.getByLabel('Speed')).toBeFocused();
});

test('axe finds nothing on the podcast page with the players ready and a transcript open', async ({
  page,
}) => {
  await gotoReady(page, '/podcast');
  for (const player of await page.getByRole('group', { name: /^Player:/ }).all()) {
    await player.scrollIntoViewIfNeeded();
  }
  await waitForIslands(page);
  await page.getByText('Transcript', { exact: true }).first().click();
  await expectNoViolations(page);
});
