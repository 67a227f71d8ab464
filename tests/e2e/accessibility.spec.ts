import { bearer, demoToken } from './apiTokens';
import {
  expect,
  expectNoViolations,
  gotoReady,
  HTTP_404_LOG,
  signedInAs,
  test,
  waitForIslands,
} from './fixtures';

test.describe('axe finds nothing', () => {
  // Every route's page, signed out and as an administrator, is checked by routes.spec.ts on the
  // visit that checks its layout; here, the states a visit alone does not show.
  test('on an event page', async ({ page }) => {
    await gotoReady(page, '/events');
    await page.getByRole('region', { name: 'Coming up' }).getByRole('link').first().click();
    await expect(page.getByRole('link', { name: 'Sign in to register a child' })).toBeVisible();
    await expectNoViolations(page);
  });

  test.describe('signed in as a parent', () => {
    test.use(signedInAs('parent'));
    test('on an event page with the registration panel', async ({ page }) => {
      await gotoReady(page, '/events');
      await page.getByRole('region', { name: 'Coming up' }).getByRole('link').first().click();
      await waitForIslands(page);
      await expect(page.getByRole('button', { name: /^(Register|Cancel) Maya/ })).toBeVisible();
      await expectNoViolations(page);
    });

    test('on an admin page refusing a parent', async ({ page }) => {
      await gotoReady(page, '/admin/allBooks');
      await expect(page.getByRole('heading', { name: 'This page is for administrators' })).toBeVisible();
      await expectNoViolations(page);
    });

    test('on a child’s reading log with its chart, figures and form', async ({ page, request }) => {
      // Three full axe runs on a long page: more than the default 30 s on a busy 2-core machine.
      test.setTimeout(90_000);
      const children = await request.get('/api/children', { headers: bearer(await demoToken('parent')) });
      const maya = ((await children.json()) as { _id: string; name: string }[]).find(
        (c) => c.name === 'Maya',
      );
      await gotoReady(page, `/book-history/${maya?._id}`);
      await expect(page.getByRole('img', { name: /Minutes of reading per week/ })).toBeVisible();
      for (const summary of ['The figures, week by week', 'Month by month'])
        await page.getByText(summary).click();
      await page
        .getByRole('button', { name: /^Delete / })
        .first()
        .click();
      await expect(page.getByText(/This cannot be undone/)).toBeVisible();
      await expectNoViolations(page);
      await page
        .getByRole('button', { name: /^Edit / })
        .first()
        .click();
      await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
      await expectNoViolations(page);
    });

    test('on the family profile with its children', async ({ page }) => {
      await gotoReady(page, '/profile');
      await expect(page.getByRole('radio', { name: /Maya/ })).toBeVisible();
      await expectNoViolations(page);
    });

    // myblogs
    test('on the list of the family’s posts and on a post in the editor', async ({ page }) => {
      await gotoReady(page, '/user/myblogs');
      await expect(page.getByText('Needs changes').first()).toBeVisible();
      await expectNoViolations(page);
      await page.getByRole('link', { name: 'Edit “Why we stopped reading at bedtime”' }).click();
      await expect(page.getByRole('textbox', { name: 'Your post' })).toBeVisible();
      await expectNoViolations(page);
      await page.getByRole('button', { name: 'Picture' }).click();
      await expect(page.getByRole('dialog', { name: 'Add a picture' })).toBeVisible();
      await expectNoViolations(page);
    });
  });

  test('on the sign-in page showing an error', async ({ page }) => {
    await gotoReady(page, '/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your email address.')).toBeVisible();
    await expectNoViolations(page);
  });

  test.describe('on the 404 page', () => {
    test.use({ allowedConsoleErrors: [HTTP_404_LOG] });
    test('and on a missing blog post', async ({ page }) => {
      for (const path of ['/no-such-page', '/blogs/unknown']) {
        await page.clock.install();
        await page.goto(path);
        await expectNoViolations(page);
      }
    });
  });

  test('with the hamburger menu and the programs dropdown open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoReady(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Programs' }).click();
    await expect(page.locator('#programs-menu')).toBeVisible();
    await expectNoViolations(page);
  });

  test('with the loading indicator showing', async ({ page }) => {
    // /elements is the longest page: axe alone can take most of 30 s on a busy 2-core machine.
    test.setTimeout(90_000);
    await gotoReady(page, '/elements');
    const demo = page.getByRole('button', { name: 'Show the loading indicator for 3 seconds' });
    await demo.scrollIntoViewIfNeeded();
    await waitForIslands(page);
    await demo.click();
    await expect(page.locator('.qr-loading')).toContainText('Loading');
    await expectNoViolations(page);
  });
});
