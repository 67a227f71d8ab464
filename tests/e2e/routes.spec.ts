import { pathFor, ROUTES } from '../../src/platform/routes';
import {
  expect,
  expectLayout,
  expectNoViolations,
  HTTP_404_LOG,
  NOT_FOUND_HEADING,
  signedInAs,
  signedInTitle,
  test,
  waitForIslands,
} from './fixtures';

const publicRoutes = ROUTES.filter((r) => r.access === 'public' && r.path !== '/blogs/{id}');
const protectedRoutes = ROUTES.filter((r) => r.access !== 'public');

test.describe('public routes', () => {
  for (const route of publicRoutes) {
    // One visit a page: its layout, title and description, then axe once its islands have hydrated.
    test(`${route.path} renders inside the layout, and axe finds nothing`, async ({ page }) => {
      const response = await page.goto(route.path);
      expect(response?.status()).toBe(200);
      await expectLayout(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(/Quill Reads/);
      expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
      await waitForIslands(page);
      await expectNoViolations(page);
    });
  }

  // Issue 13, item 7: "Write tohello@quillreads.com". A line break before a link in a page's
  // source is dropped from the HTML, so words ran into the link that followed them.
  test('no word runs into a link on any public page', async ({ page }) => {
    for (const route of publicRoutes) {
      await page.goto(route.path);
      const joined = await page.evaluate(() =>
        [...document.querySelectorAll('main a')]
          .filter((a) => a.previousSibling?.nodeType === Node.TEXT_NODE)
          .filter((a) => /[A-Za-z,]$/.test(a.previousSibling?.textContent ?? ''))
          .map((a) => `${a.previousSibling?.textContent?.slice(-20)}|${a.textContent}`),
      );
      expect(joined, route.path).toEqual([]);
    }
  });

  test('every public page fits a 320px screen without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const route of publicRoutes) {
      await page.goto(route.path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, route.path).toBeLessThanOrEqual(0);
    }
  });

  test.describe('a blog post that does not exist', () => {
    test.use({ allowedConsoleErrors: [HTTP_404_LOG] });
    test('is the 404 page', async ({ page }) => {
      const response = await page.goto('/blogs/not-a-post');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND_HEADING);
    });
  });
});

test.describe('protected routes, signed out', () => {
  for (const route of protectedRoutes) {
    test(`${route.path} sends the visitor to /login and remembers the page`, async ({ page }) => {
      const path = pathFor(route, 'abc123');
      await page.goto(`${path}?from=test`);
      await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`${path}?from=test`)}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    });
  }
});

// Each protected page, opened by the role it is for: guide pages by the demo reading guide, the
// others by the administrator (who may open every family page too, with a family of their own).
for (const role of ['admin', 'guide'] as const) {
  test.describe(`protected routes, signed in as ${role === 'admin' ? 'an administrator' : 'a reading guide'}`, () => {
    test.use(signedInAs(role));
    for (const route of protectedRoutes.filter((r) => (r.access === 'guide') === (role === 'guide'))) {
      test(`${route.path} renders its shell, and axe finds nothing`, async ({ page }) => {
        const response = await page.goto(pathFor(route, 'abc123'));
        expect(response?.status()).toBe(200);
        await expectLayout(page);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.title);
        await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
        await expect(page.getByRole('heading', { name: 'This page is for administrators' })).toHaveCount(0);
        await expect(page).toHaveTitle(signedInTitle(route.title));
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
        // Still on the page (not sent away); a list may add its search and sort to the query.
        await expect.poll(() => new URL(page.url()).pathname).toBe(pathFor(route, 'abc123'));
        await waitForIslands(page);
        await expectNoViolations(page);
      });
    }
  });
}

test.describe('protected routes, signed in as a parent', () => {
  test.use(signedInAs('parent'));
  for (const route of protectedRoutes) {
    const staff = route.access === 'admin' || route.access === 'guide';
    const expectation = staff ? 'is refused with a clear page' : 'renders its shell';
    test(`${route.path} ${expectation}`, async ({ page }) => {
      await page.goto(pathFor(route, 'abc123'));
      const refusal = page.getByRole('heading', {
        name: /^This page is for (administrators|reading guides)$/,
      });
      if (staff) {
        await expect(refusal).toBeVisible();
        await expect(page.getByRole('link', { name: 'Go to your family profile' })).toHaveAttribute(
          'href',
          '/profile',
        );
      } else {
        await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
        await expect(refusal).toHaveCount(0);
      }
      await expect(page).toHaveURL(pathFor(route, 'abc123'));
    });
  }
});
