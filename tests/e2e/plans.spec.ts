import { expect, test } from './fixtures';

test('the programs page lists the active plans from the database and choosing one goes to check-out', async ({
  page,
}) => {
  await page.goto('/programs');
  const plans = page.getByRole('list', { name: 'Plans you can choose' });
  await expect(plans.getByRole('listitem')).toHaveCount(4);
  await expect(plans).toContainText('$199.99 for 5 weeks');
  await expect(plans).toContainText('$29.00 for 1 month');
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
