import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';

/** The four seeded plans: admins may add more while the suite runs (tests/e2e/adminPlansEvents.spec.ts). */
async function expectSeededPlans(plans: Locator) {
  for (const name of [
    'Rated Reads Monthly',
    'Rated Reads Term',
    'Summer Reading Quest',
    'A-Bridged Condensed Program',
  ])
    await expect(plans.getByRole('heading', { level: 3, name })).toBeVisible();
}

test('the programs page lists the active plans from the database and choosing one goes to check-out', async ({
  page,
}) => {
  await page.goto('/programs');
  const plans = page.getByRole('list', { name: 'Plans you can choose' });
  await expectSeededPlans(plans);
  await expect(plans).toContainText('$199.99 for 5 weeks');
  await expect(plans).toContainText('$29.00 a month');
  await expect(plans).toContainText('$79.00 for 3 months');
  await plans.getByRole('button', { name: 'Choose Rated Reads Term' }).click();
  await expect(page).toHaveURL('/check-out');
  await expect(page.getByRole('heading', { name: 'Rated Reads Term' })).toBeVisible();
  await expect(page.getByText('$79.00')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Rated Reads Term' })).toBeVisible();
});

test.describe('a visitor whose browser prefers German', () => {
  test.use({ locale: 'de-DE' });
  test('sees prices formatted for their locale', async ({ page }) => {
    await page.goto('/summer-programs');
    await expect(page.getByRole('list', { name: 'Plans you can choose' })).toContainText('129,00 $');
  });
});

for (const path of ['/program-details', '/a-bridged-program']) {
  test(`${path} lists the active plans from the database`, async ({ page }) => {
    await page.goto(path);
    const plans = page.getByRole('list', { name: 'Plans you can choose' });
    await expectSeededPlans(plans);
    await expect(plans).toContainText('$199.99 for 5 weeks');
  });
}

test('the programs page ranks the books children rated highest from their reading logs', async ({ page }) => {
  await page.goto('/programs');
  const top = page.getByRole('list', { name: 'Books children rated highest in the last 30 days' });
  await expect(top.getByRole('listitem').first()).toBeVisible();
  const titles = await top.getByRole('heading', { level: 3 }).allTextContents();
  // Seeded: two 5-star books, a handful of 4s; never a child's name.
  expect(titles.slice(0, 2).sort()).toEqual(['Mercy Watson to the Rescue', 'The Snail and the Whale']);
  await expect(top).toContainText('5.0 out of 5');
  await expect(top).not.toContainText('Maya');
});
