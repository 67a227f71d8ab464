import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectNoViolations, gotoReady, HTTP_404_LOG, signedInAs, test } from './fixtures';

const SHOTS = process.env.E2E_SCREENSHOTS;

test.use(signedInAs('admin'));

/** The page fits a 320px screen without sideways scrolling; a screenshot at both widths when asked. */
async function checkWidths(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-320.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A real picture made here: a portrait PNG with a stripe, larger than covers are kept. */
const coverPng = () =>
  sharp({ create: { width: 1000, height: 1500, channels: 3, background: '#0c5a61' } })
    .composite([
      {
        input: { create: { width: 1000, height: 300, channels: 3, background: '#f4b13e' } },
        top: 600,
        left: 0,
      },
    ])
    .png()
    .toBuffer();

test('an admin adds a book with a checked ISBN, gives it a cover, edits it and deletes it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = `Moon Garden ${Date.now().toString(36)}`;
  await gotoReady(page, '/admin/allBooks');
  await expect(page.getByRole('heading', { name: 'Books in the catalogue' })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('A Wrinkle in Time');
  await expectNoViolations(page);
  await checkWidths(page, 'books-list');

  const form = page.getByRole('region', { name: 'Add a book' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Author').fill('Ruth Bright');
  const isbn = form.getByLabel('ISBN (optional)');
  await isbn.fill('978-0-306-40615-8');
  await form.getByLabel('Reading level').selectOption({ label: 'Branch (ages 8–10)' });
  await form.getByLabel('Youngest age').fill('8');
  await form.getByLabel('Oldest age').fill('11');
  await form.getByLabel('Summary (optional)').fill('A girl plants a garden that only grows by moonlight.');
  await form.getByRole('button', { name: 'Add the book' }).click();
  // The error sits beside the ISBN, is read with it, and the field has the focus.
  await expect(isbn).toHaveAccessibleDescription(/check digit is wrong/);
  await expect(isbn).toBeFocused();
  await expect(form.getByText('This ISBN’s check digit is wrong: look for a mistyped digit.')).toBeVisible();

  await isbn.fill('0-306-40615-2');
  await form.getByRole('button', { name: 'Add the book' }).click();
  await expect(form.getByRole('status')).toContainText(`“${title}” was added to the catalogue.`);
  await expect(isbn).toHaveValue('');
  await page.getByLabel('Search the catalogue').fill(title);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('9780306406157');
  await expect(row).toContainText('No cover');

  await form.getByRole('link', { name: 'Add its cover or edit it' }).click();
  await expect(page).toHaveURL(/\/updateBooks\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await page.getByLabel('Choose a cover').setInputFiles({
    name: 'moon-garden.png',
    mimeType: 'image/png',
    buffer: await coverPng(),
  });
  await page.getByRole('button', { name: 'Upload cover' }).click();
  await expect(page.getByText('The cover was saved.')).toBeVisible();
  const cover = page.getByRole('img', { name: `Cover of ${title}` });
  await expect(cover).toHaveAttribute('src', /^\/media\/books\/[0-9a-f-]{36}\.webp$/);
  await expectNoViolations(page);
  await checkWidths(page, 'book-editor');

  // The cover shows in the catalogue list, loaded for real.
  await gotoReady(page, `/admin/allBooks?q=${encodeURIComponent(title)}`);
  const thumb = page
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('img', { name: `Cover of ${title}` });
  await expect(thumb).toBeVisible();
  await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/books-list-with-cover.png` });

  await page.getByRole('link', { name: title }).click();
  const titleField = page.getByRole('region', { name: 'Details', exact: true }).getByLabel('Title');
  await titleField.fill(`${title} (new edition)`);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your changes were saved.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `${title} (new edition)` })).toBeVisible();

  await page.getByRole('button', { name: 'Delete book' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete “${title} (new edition)”?` });
  await expect(dialog).toContainText('No reading-log entry refers to it.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Delete book' }).click();
  await dialog.getByRole('button', { name: 'Delete book' }).click();
  await expect(page).toHaveURL(/\/admin\/allBooks/);
  await expect(page.getByText(`“${title} (new edition)” was deleted.`)).toBeVisible();
  await page.getByLabel('Search the catalogue').fill(title);
  await expect(page.getByText(`No book matches “${title}”.`, { exact: false })).toBeVisible();
});

test.describe('an unknown id', () => {
  // The API's 404 for the unknown id is logged by the browser.
  test.use({ allowedConsoleErrors: [HTTP_404_LOG] });

  test('an unknown book id shows a clear not-found state', async ({ page }) => {
    await gotoReady(page, '/updateBooks/00000000-0000-4000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'This book does not exist' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to the catalogue' })).toBeVisible();
  });
});

test('an admin adds a passage and edits it, with its word count shown', async ({ page }) => {
  test.setTimeout(90_000);
  const title = `Night Train ${Date.now().toString(36)}`;
  await gotoReady(page, '/admin/allReadonance');
  await expect(page.getByRole('table')).toContainText('The Garden Gate');
  await expectNoViolations(page);
  await checkWidths(page, 'passages-list');

  const form = page.getByRole('region', { name: 'Add a passage' });
  await form.getByRole('button', { name: 'Add the passage' }).click();
  await expect(form.getByLabel('Title')).toHaveAccessibleDescription('Enter the title.');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Reading level').selectOption({ label: 'Sapling (ages 6–8)' });
  const text = form.getByLabel('Text');
  await text.fill('The night train hums along the hills.\n\nIt carries sleepy people home.');
  await expect(text).toHaveAccessibleDescription(/^12 words/);
  await form.getByRole('button', { name: 'Add the passage' }).click();
  await expect(form.getByRole('status')).toContainText(`“${title}” was added (12 words).`);

  await page.getByLabel('Search the passages').fill(title);
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row.getByRole('cell').nth(2)).toHaveText('12');
  await expect(row).toContainText('None');
  await expect(row.getByRole('cell').nth(4)).toHaveText('Practice');
  await row.getByRole('link', { name: title }).click();

  await expect(page).toHaveURL(/\/updateReadonance\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('definition').first()).toHaveText('12 words');
  await expectNoViolations(page);
  await checkWidths(page, 'passage-editor');
  const details = page.getByRole('region', { name: 'Passage', exact: true });
  await details.getByLabel('Text').fill('All aboard the night train.');
  // Made a voice-portfolio passage: read every four weeks, kept out of practice.
  await details
    .getByLabel('Used for')
    .selectOption({ label: 'Voice portfolio: read every four weeks, never practised' });
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details.getByText('Your changes were saved. The passage has 5 words.')).toBeVisible();
  await expect(page.getByRole('definition').first()).toHaveText('5 words');
  await expect(page.locator('.catalogue-facts')).toContainText('Used forVoice portfolio');

  await page.getByRole('button', { name: 'Delete passage' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete “${title}”?` });
  await expect(dialog).toContainText('No child has practised with it yet.');
  await dialog.getByRole('button', { name: 'Delete passage' }).click();
  await expect(page.getByText(`“${title}” was deleted.`)).toBeVisible();
});
