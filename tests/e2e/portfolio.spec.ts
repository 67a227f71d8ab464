import {
  createFamily,
  expect,
  expectNoViolations,
  gotoReady,
  lookAt,
  signedInAs,
  signInThroughLoginPage,
  test,
} from './fixtures';
import { fakeMicrophone } from './microphone';

const PAGE = '/readonance/oration';

// Chromium's fake microphone (a steady tone) and an automatic "Allow".
test.use(fakeMicrophone());

test('a child reads the portfolio passage once, and it waits four weeks for the next reading', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // A family of its own: each portfolio reading closes the turn for four weeks.
  const family = await createFamily(request, {
    displayName: 'Priya Nair',
    children: [{ firstName: 'Arjun', ageBand: '8-10', readingLevel: 'branch' }],
  });
  await signInThroughLoginPage(page, family, PAGE);
  const portfolio = page.getByRole('region', { name: 'Arjun’s voice portfolio' });
  await expect(portfolio).toContainText(
    'Once every four weeks, Arjun reads the same passage, “The Kite Festival”',
  );
  await expect(portfolio).toContainText('The first reading is the starting point');
  // The portfolio passage is not one to practise.
  await expect(page.getByLabel('Passage').locator('option', { hasText: 'The Kite Festival' })).toHaveCount(0);

  await portfolio.getByRole('button', { name: 'Read “The Kite Festival” for the portfolio' }).click();
  const title = page.getByRole('heading', { level: 2, name: 'The Kite Festival' });
  await expect(title).toBeFocused();
  await expect(page.getByText('The Kite Festival, for the voice portfolio')).toBeVisible();
  await expect(portfolio).toContainText('Reading for the portfolio now');

  await page.getByRole('button', { name: 'Start reading' }).click();
  await page.waitForTimeout(4_000);
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page.getByRole('heading', { name: 'Arjun’s attempt' })).toBeFocused();
  await page.getByRole('button', { name: 'Save with the recording' }).click();
  await expect(page.getByText('Saved to Arjun’s reading history.')).toBeVisible();

  // The reading is the portfolio's first, with its recording; the next opens in four weeks.
  const readings = portfolio.getByRole('list', { name: 'Arjun’s portfolio readings, oldest first' });
  await expect(readings.getByRole('listitem')).toHaveCount(1);
  await expect(readings.getByRole('listitem').first()).toContainText('Reading 1');
  await expect(readings.getByRole('button', { name: /^Play reading 1,/ })).toBeVisible();
  await expect(portfolio).toContainText('The next reading opens on');
  await expect(portfolio.getByRole('button', { name: /for the portfolio$/ })).toHaveCount(0);
  await expectNoViolations(page);

  // Practising again goes back to the library's passages.
  await page.getByRole('button', { name: 'Practise again' }).click();
  await expect(page.getByLabel('Passage')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'The Kite Festival' })).toHaveCount(0);
});

test.describe('the demo family', () => {
  test.use(signedInAs('parent'));

  test('sees Maya’s readings side by side, how far she has come, and that the next one is open', async ({
    page,
  }) => {
    await gotoReady(page, PAGE);
    await page.getByLabel('Reader').selectOption({ label: 'Maya' });
    const portfolio = page.getByRole('region', { name: 'Maya’s voice portfolio' });
    const readings = portfolio.getByRole('list', { name: 'Maya’s portfolio readings, oldest first' });
    await expect(readings.getByRole('listitem')).toHaveCount(2);
    // 67 of 71 words right in 46.9 s, then 69 in 42.4 s, each heard on the device.
    await expect(readings.getByRole('listitem').nth(0)).toContainText('86 words correct a minute');
    await expect(readings.getByRole('listitem').nth(1)).toContainText('98 words correct a minute');
    await expect(readings.getByRole('listitem').nth(1)).toContainText('Figures only, no recording');
    await expect(portfolio).toContainText(': 12 more words correct a minute.');
    await expect(
      portfolio.getByRole('button', { name: 'Read “The Kite Festival” for the portfolio' }),
    ).toBeVisible();
    // Listening's readings are on her chart too, as open points beside the guide's.
    const trend = page.getByRole('region', { name: 'Maya’s words correct per minute' });
    await expect(trend).toContainText('Counted by listening on the device');
    await expectNoViolations(page);
    await lookAt(page, 'voice-portfolio');
  });
});
