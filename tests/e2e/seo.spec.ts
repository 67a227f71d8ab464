import { XMLParser } from 'fast-xml-parser';
import { listedStaticPaths } from '../../src/features/site/sitemap';
import { expect, test } from './fixtures';

test('robots.txt points to the sitemap and keeps crawlers out of the API and family pages', async ({
  request,
}) => {
  const res = await request.get('/robots.txt');
  expect(res.status()).toBe(200);
  const text = await res.text();
  expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  expect(text).toContain('Disallow: /api/');
  expect(text).toContain('Disallow: /admin/');
});

test('the sitemap lists the public pages and what the database published, nothing unpublished', async ({
  request,
}) => {
  const res = await request.get('/sitemap.xml');
  expect(res.headers()['content-type']).toContain('application/xml');
  const xml = new XMLParser().parse(await res.text());
  const locs = [xml.urlset.url].flat().map((u: { loc: string }) => new URL(u.loc).pathname);
  expect(locs).toEqual(expect.arrayContaining(listedStaticPaths()));
  const posts = (await (await request.get('/api/blogs?limit=50')).json()) as { posts: { id: string }[] };
  expect(posts.posts.length).toBeGreaterThan(0);
  for (const post of posts.posts) expect(locs).toContain(`/blogs/${post.id}`);
  expect(locs.filter((l) => l.startsWith('/blogs/'))).toHaveLength(posts.posts.length);
  expect(locs.some((l) => /^\/events\/[0-9a-f-]{36}$/.test(l))).toBe(true);
  expect(locs).not.toContain('/login');
});

test('every listed page has a canonical address and a description', async ({ page, request }) => {
  const posts = (await (await request.get('/api/blogs?limit=1')).json()) as { posts: { id: string }[] };
  for (const path of [...listedStaticPaths(), `/blogs/${posts.posts[0]?.id}`]) {
    await page.goto(path);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical, path).toMatch(/^https?:\/\//);
    expect(new URL(canonical ?? '').pathname, path).toBe(path);
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(description?.length ?? 0, path).toBeGreaterThan(40);
  }
});

// Issue 13, item 7: two near-identical contact pages. Both addresses stay; /contact is the one page.
test('/contact-us is the contact page, and names /contact as its canonical address', async ({ page }) => {
  await page.goto('/contact');
  const heading = await page.getByRole('heading', { level: 1 }).textContent();
  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading ?? '');
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical ?? '').pathname).toBe('/contact');
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/contact</loc>');
  expect(sitemap).not.toContain('/contact-us</loc>');
});

test('absolute addresses come from the site’s address, never from the Host a request names', async ({
  request,
}) => {
  const site = new URL((await (await request.get('/robots.txt')).text()).match(/Sitemap: (\S+)/)?.[1] ?? '');
  const events = (await (await request.get('/api/events')).json()) as { upcoming: { id: string }[] };
  const event = events.upcoming[0];
  const addresses = [
    '/sitemap.xml',
    '/robots.txt',
    '/blogs/rss.xml',
    '/podcast/feed.xml',
    '/events',
    '/blogs',
  ];
  if (event) addresses.push(`/events/${event.id}`, `/events/${event.id}.ics`);
  for (const path of addresses) {
    const res = await request.get(path, {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(res.status(), path).toBe(200);
    const body = await res.text();
    expect(body, path).not.toContain('evil.example');
    expect(body, path).toContain(site.origin);
  }
});
