import { createFamily, expect, expectNoViolations, signInThroughLoginPage, test } from './fixtures';

// Issue 28 (decision 35): a signed-in page asks for its data from its head, once, as soon as the
// session is restored; a second visit shows the last answer at once, marked as refreshing, and the
// device forgets every copy at sign-out.

type Page = import('@playwright/test').Page;

const dataCopies = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('qr:data:')));

/** Holds back the answers to `url` until `release()`; `asked()` counts the requests. */
async function holdBack(page: Page, url: string) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let count = 0;
  await page.route(url, async (route) => {
    count += 1;
    await held;
    await route.continue();
  });
  return { release: () => release(), asked: () => count };
}

test('a second visit shows the last reading log at once while it refreshes; sign-out forgets it', async ({
  page,
  request,
}) => {
  const family = await createFamily(request, {
    displayName: 'Inès Laurent',
    children: [{ firstName: 'Amadou', ageBand: '6-8', readingLevel: 'sapling' }],
  });
  const [childId] = family.childIds;
  await signInThroughLoginPage(page, family, `/book-history/${childId}`);
  await expect(page.getByRole('heading', { name: 'Amadou’s reading' })).toBeVisible();
  expect(await dataCopies(page)).toEqual(expect.arrayContaining([`qr:data:reading:${childId}`]));

  // The log's answer held back: the page still shows the last one, and says it is updating.
  const log = await holdBack(page, `**/api/children/${childId}/reading?*`);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Amadou’s reading' })).toBeVisible();
  const note = page.getByRole('status').filter({ hasText: 'Showing your last visit; updating…' });
  await expect(note).toBeVisible();
  await expectNoViolations(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: 'test-results/screens/last-visit-refreshing-375.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/screens/last-visit-refreshing-1280.png' });

  log.release();
  await expect(note).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Amadou’s reading' })).toBeVisible();
  // Asked once: the head's early request is the one the log took.
  expect(log.asked()).toBe(1);

  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Amadou' })).toBeVisible();
  expect(await dataCopies(page)).toEqual(
    expect.arrayContaining([`qr:data:reading:${childId}`, 'qr:data:profile']),
  );
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/');
  expect(await dataCopies(page)).toEqual([]);
});

test('the profile shows the family from the last visit until the account check answers', async ({
  page,
  request,
}) => {
  const family = await createFamily(request, {
    displayName: 'Tomasz Nowak',
    children: [{ firstName: 'Zofia', ageBand: '8-10', readingLevel: 'branch' }],
  });
  await signInThroughLoginPage(page, family, '/profile');
  await expect(page.getByRole('heading', { name: 'Zofia' })).toBeVisible();

  const check = await holdBack(page, '**/api/user/loginRegister');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Zofia' })).toBeVisible();
  await expect(page.getByText('Showing your last visit; updating…')).toBeVisible();
  check.release();
  await expect(page.getByText('Showing your last visit; updating…')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Zofia' })).toBeVisible();
});
