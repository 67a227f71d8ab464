import { expect, expectLayout, HTTP_404_LOG, NOT_FOUND_HEADING, NOT_FOUND_TEXT, test } from './fixtures';

test.use({ allowedConsoleErrors: [HTTP_404_LOG] });

test('an unknown route answers 404 with the spec text inside the layout', async ({ page }) => {
  const response = await page.goto('/this/route/does-not-exist');
  expect(response?.status()).toBe(404);
  await expectLayout(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND_HEADING);
  await expect(page.getByText(NOT_FOUND_TEXT, { exact: true })).toBeVisible();
});

test('the 404 page goes home after 5000 ms, not before', async ({ page }) => {
  // Time stands still except when the test moves it, however slow the machine is.
  await page.clock.install({ time: new Date('2026-06-01T10:00:00Z') });
  await page.clock.pauseAt(new Date('2026-06-01T10:00:01Z'));
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND_HEADING);
  await page.clock.runFor(4900);
  await expect(page).toHaveURL('/no-such-page');
  await expect(page.getByText('We’ll take you to the home page in 1 second.')).toBeVisible();
  await page.clock.runFor(200);
  await page.clock.resume();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Raise a reader');
});

test('a visitor can stay on the 404 page', async ({ page }) => {
  await page.clock.install();
  await page.goto('/no-such-page');
  await page.getByRole('button', { name: 'Stay on this page' }).click();
  await page.clock.runFor(10_000);
  await expect(page).toHaveURL('/no-such-page');
  await expect(page.getByText('You’re staying on this page.', { exact: false })).toBeVisible();
});

test('leaving the 404 page early cancels the redirect', async ({ page }) => {
  await page.clock.install();
  await page.goto('/no-such-page');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL('/events');
  await page.clock.runFor(6000);
  await expect(page).toHaveURL('/events');
});

test('a 404 reached by a link inside the site also goes home', async ({ page }) => {
  await page.clock.install();
  await page.goto('/company');
  await page.evaluate(() => {
    const a = document.createElement('a');
    a.href = '/broken-link';
    a.textContent = 'A broken link';
    document.querySelector('main')?.append(a);
  });
  await page.getByRole('link', { name: 'A broken link' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NOT_FOUND_HEADING);
  await page.clock.runFor(5100);
  await expect(page).toHaveURL('/');
});
