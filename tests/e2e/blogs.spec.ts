import { XMLParser } from 'fast-xml-parser';
import { bearer, demoToken } from './apiTokens';
import { expect, gotoReady, HTTP_404_LOG, NOT_FOUND_HEADING, test } from './fixtures';

// Unpublished posts answer 404, which the browser logs.
test.use({ allowedConsoleErrors: [HTTP_404_LOG] });

test.describe('blogs from the database', () => {
  test('a post approved through the API appears on /blogs and its own page without a rebuild', async ({
    page,
    request,
  }) => {
    const parent = await demoToken('parent');
    const admin = await demoToken('admin');
    const title = `Reading by torchlight ${Date.now()}`;
    const created = await request.post('/api/me/blogs', {
      headers: bearer(parent),
      data: {
        title,
        contentHtml:
          '<h2>Why torches?</h2><p>Because a tent and a torch turn any chapter into an adventure.</p><script>window.hacked = true</script>',
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };

    // Not public while it is a draft or waiting for review.
    const draft = await page.goto(`/blogs/${id}`);
    expect(draft?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: NOT_FOUND_HEADING })).toBeVisible();

    expect((await request.post(`/api/me/blogs/${id}/submit`, { headers: bearer(parent) })).status()).toBe(
      200,
    );
    const reviewed = await request.post(`/api/admin/blogs/${id}/review`, {
      headers: bearer(admin),
      data: { decision: 'approve' },
    });
    expect(reviewed.status()).toBe(200);

    await gotoReady(page, '/blogs');
    const list = page.getByRole('region', { name: 'Posts, newest first' });
    await expect(list.getByRole('listitem').first().getByRole('heading')).toHaveText(title);
    await list.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(`/blogs/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('heading', { name: 'Why torches?' })).toBeVisible();
    await expect(page.getByText('By Jordan Rivers')).toBeVisible();
    await expect(page.getByText('1 min read')).toBeVisible();
    expect(await page.evaluate(() => (window as { hacked?: boolean }).hacked)).toBeUndefined();
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="article:published_time"]')).toHaveAttribute(
      'content',
      /^\d{4}-/,
    );
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(jsonLd).toMatchObject({ '@type': 'BlogPosting', headline: title });

    // The archives and the feed know it too.
    await gotoReady(page, '/archives');
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    const feed = await request.get('/blogs/rss.xml');
    expect(feed.headers()['content-type']).toContain('application/rss+xml');
    const rss = new XMLParser({ ignoreAttributes: false }).parse(await feed.text());
    const items = [rss.rss.channel.item].flat() as { title: string; link: string }[];
    expect(items.some((item) => item.title === title && item.link.endsWith(`/blogs/${id}`))).toBe(true);
  });

  test.describe('unpublished posts', () => {
    test('a draft, a post in review and a rejected post are the 404 page', async ({ page, request }) => {
      const mine = await request.get('/api/me/blogs', { headers: bearer(await demoToken('parent')) });
      const posts = (await mine.json()) as { id: string; status: string }[];
      for (const status of ['draft', 'submitted', 'rejected']) {
        const post = posts.find((p) => p.status === status);
        expect(post, status).toBeDefined();
        const res = await page.goto(`/blogs/${post?.id}`);
        expect(res?.status(), status).toBe(404);
        await expect(page.getByRole('heading', { name: NOT_FOUND_HEADING })).toBeVisible();
      }
      expect((await page.goto('/blogs/not-a-post'))?.status()).toBe(404);
    });
  });

  test('a damaged page link starts again at the newest posts', async ({ page }) => {
    await gotoReady(page, '/blogs?after=not-a-cursor');
    await expect(page).toHaveURL('/blogs');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notes from the reading nook');
    await expect(page.getByRole('link', { name: 'Follow the blog in a feed reader (RSS)' })).toBeVisible();
  });
});
