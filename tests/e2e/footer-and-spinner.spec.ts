import { expect, gotoReady, test, waitForIslands } from './fixtures';

test('the footer shows the visitor’s current year and its links', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2031-03-01T12:00:00Z'));
  await gotoReady(page, '/');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('© 2031 Quill Reads');
  for (const [name, href] of <const>[
    ['Our company', '/company'],
    ['Our mission', '/mission'],
    ['Contact', '/contact'],
    ['Terms of use', '/terms-of-use'],
    ['Privacy policy', '/privacy-policy'],
  ]) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(footer.getByRole('link', { name: /on Instagram/ })).toBeVisible();
});

test('the footer year is right after a client-side page change too', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2032-07-01T12:00:00Z'));
  await gotoReady(page, '/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Our mission' }).click();
  await expect(page).toHaveURL('/mission');
  await expect(page.getByRole('contentinfo')).toContainText('© 2032 Quill Reads');
});

test('the spinner shows while the loading flag is set and hides after', async ({ page }) => {
  await gotoReady(page, '/elements');
  const status = page.locator('.qr-loading[role="status"]');
  await expect(status).toBeAttached();
  await expect(status.locator('.qr-spinner-dots > span')).toHaveCount(0);
  const demo = page.getByRole('button', { name: 'Show the loading indicator for 3 seconds' });
  await demo.scrollIntoViewIfNeeded();
  await waitForIslands(page);
  await demo.click();
  await expect(status).toContainText('Loading, please wait…');
  await expect(status.locator('.qr-spinner-dots > span')).toHaveCount(3);
  await expect(status.locator('.qr-spinner-dots > span')).toHaveCount(0, { timeout: 6000 });
});

test('the spinner beats, and holds still with reduced motion', async ({ browser }) => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    await gotoReady(page, '/elements');
    const animation = await page
      .locator('.spinner-box .qr-spinner-dots > span')
      .first()
      .evaluate((el) => getComputedStyle(el).animationName);
    expect(animation).toBe(reducedMotion === 'reduce' ? 'none' : 'qr-beat');
    await context.close();
  }
});

test('the site-wide loading indicator holds still with reduced motion', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await gotoReady(page, '/elements');
  const demo = page.getByRole('button', { name: 'Show the loading indicator for 3 seconds' });
  await demo.scrollIntoViewIfNeeded();
  await waitForIslands(page);
  await demo.click();
  const dot = page.locator('.qr-loading .qr-spinner-dots > span').first();
  await expect(dot).toBeVisible();
  expect(await dot.evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
  await expect(page.locator('.qr-loading')).toContainText('Loading, please wait…');
  await context.close();
});
