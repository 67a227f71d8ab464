import type { APIRequestContext, Page } from '@playwright/test';
import { addDays } from '../../src/platform/days';
import { bearer, demoToken } from './apiTokens';
import { expect, gotoReady, signedInAs, test } from './fixtures';

// A family far east of UTC: for half of every day its date is one ahead of the server's.
const ZONE = 'Pacific/Auckland';
const BOOK = 'The Magic Finger';

/** The browser's own date in ZONE, as the page counts "today". */
const localToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());

/** Maya's id, found as the site finds it (the API, as the demo parent). */
async function mayaId(request: APIRequestContext) {
  const headers = bearer(await demoToken('parent'));
  const children = (await (await request.get('/api/children', { headers })).json()) as {
    _id: string;
    name: string;
  }[];
  const maya = children.find((c) => c.name === 'Maya');
  if (!maya) throw new Error('the demo family has no Maya');
  return maya._id;
}

const SEVEN_DAYS = 'Maya read 7 days in a row';

/** Whether Maya's notifications already hold the seven-day milestone. */
async function sevenDaysAnnounced(request: APIRequestContext, childId: string) {
  const res = await request.get(`/api/children/${childId}`, { headers: bearer(await demoToken('parent')) });
  const child = (await res.json()) as { notifications: { title: string }[] };
  return child.notifications.some((n) => n.title === SEVEN_DAYS);
}

/** Removes what an earlier attempt of the test that writes may have left in Maya's log. */
async function removeLeftovers(request: APIRequestContext, childId: string) {
  const headers = bearer(await demoToken('parent'));
  const log = (await (
    await request.get(`/api/children/${childId}/reading?limit=100&today=${localToday()}`, { headers })
  ).json()) as { entries: { id: string; title: string }[] };
  for (const entry of log.entries.filter((e) => e.title === BOOK))
    await request.delete(`/api/children/${childId}/reading/${entry.id}`, { headers });
}

/** The number on one of the summary cards ("This week", "This month", "Streak"). */
async function card(page: Page, label: string): Promise<number> {
  const text = await page.locator('.rlog-card', { hasText: label }).locator('.rlog-card-value').textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

const expectCard = (page: Page, label: string, text: string) =>
  expect(page.locator('.rlog-card', { hasText: label }).locator('.rlog-card-value')).toHaveText(text);

const minutes = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'minute' : 'minutes'}`;
const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

test.describe('the reading log', () => {
  test.use({ ...signedInAs('parent'), timezoneId: ZONE, locale: 'en-NZ' });

  test('a reading entry updates the totals and streak', async ({ page, request }) => {
    const id = await mayaId(request);
    await removeLeftovers(request, id);
    await gotoReady(page, `/book-history/${id}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Maya’s reading' })).toBeVisible();
    const week = await card(page, 'This week');
    const streak = await card(page, 'Streak');
    const announced = await sevenDaysAnnounced(request, id);
    const chart = page.getByRole('img', { name: 'Minutes of reading per week, last 12 weeks' });
    await expect(chart).toBeVisible();

    // Add: a catalogue book, 25 minutes, four stars chosen with the keyboard.
    const form = page.getByRole('form', { name: 'Add reading' });
    await form.getByLabel('Search the catalogue').fill('magic');
    const books = form.getByLabel('Book from the catalogue');
    await expect(books.getByRole('option', { name: `${BOOK} — Roald Dahl` })).toBeAttached();
    await books.selectOption({ label: `${BOOK} — Roald Dahl` });
    await expect(form.getByLabel('Day')).toHaveValue(localToday());
    await form.getByLabel('Minutes read').fill('25');
    await form.getByRole('radio', { name: 'No stars' }).focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
    await expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(form.getByText('4 out of 5 stars.')).toBeVisible();
    await form.getByRole('button', { name: 'Add to the log' }).click();

    await expect(page.getByRole('status').getByText(`Added: ${BOOK}, 25 minutes.`)).toBeVisible();
    await expectCard(page, 'This week', minutes(week + 25));
    // Today was not read before: the streak grows by one (from nothing, or from up to yesterday).
    await expectCard(page, 'Streak', days(streak + 1));
    // On the seeded log (six days up to yesterday) this makes a week in a row: announced the first
    // time only (an earlier run, deleted since, has already earned it).
    if (streak + 1 === 7) {
      const notice = page.getByRole('status').filter({ hasText: 'Added:' });
      if (announced) await expect(notice).not.toContainText(SEVEN_DAYS);
      else await expect(notice).toContainText(`${SEVEN_DAYS}!`);
      expect(await sevenDaysAnnounced(request, id)).toBe(true);
    }
    // The chart is drawn from the new figures, and says so in words and in its table.
    await expect(page.locator('figcaption')).toContainText(`This week: ${minutes(week + 25)}.`);
    await page.getByText('The figures, week by week').click();
    const thisWeekRow = page.getByRole('row', { name: /this week/ });
    await expect(thisWeekRow.getByRole('cell').first()).toHaveText(minutes(week + 25));
    const entry = page.getByRole('listitem').filter({ hasText: BOOK });
    await expect(entry).toContainText('4 out of 5 stars');
    // The form is ready for the next book.
    await expect(form.getByLabel('Minutes read')).toHaveValue('');

    // Edit in place; focus comes back to the entry.
    await page.getByRole('button', { name: new RegExp(`^Edit “${BOOK}”, 25 minutes`) }).click();
    const edit = page.getByRole('form', { name: `Change ${BOOK}` });
    await expect(edit.getByLabel('Minutes read')).toHaveValue('25');
    await edit.getByLabel('Minutes read').fill('40');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').getByText(`Saved: ${BOOK}, 40 minutes.`)).toBeVisible();
    await expectCard(page, 'This week', minutes(week + 40));
    await expect(page.getByRole('button', { name: new RegExp(`^Edit “${BOOK}”, 40 minutes`) })).toBeFocused();

    // Delete asks first, saying what goes; "Keep it" keeps it.
    const deleteButton = page.getByRole('button', { name: new RegExp(`^Delete “${BOOK}”, 40 minutes`) });
    await deleteButton.click();
    const question = entry.getByText(
      new RegExp(`^Delete “${BOOK}”, 40 minutes on .+\\? This cannot be undone\\.$`),
    );
    await expect(question).toBeFocused();
    await entry.getByRole('button', { name: 'Keep it' }).click();
    await expect(deleteButton).toBeVisible();
    await deleteButton.click();
    await entry.getByRole('button', { name: 'Yes, delete it' }).click();
    await expect(page.getByRole('status').getByText(`Deleted: ${BOOK}, 40 minutes.`)).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: BOOK })).toHaveCount(0);
    await expectCard(page, 'This week', minutes(week));
    await expectCard(page, 'Streak', days(streak));
  });

  // Reads only (it runs beside the test above, which writes): nothing it sends is accepted.
  test('a day in the future is refused beside the field, and nothing is added', async ({ page, request }) => {
    await gotoReady(page, `/book-history/${await mayaId(request)}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Maya’s reading' })).toBeVisible();
    const week = await card(page, 'This week');
    const form = page.getByRole('form', { name: 'Add reading' });
    await form.getByRole('radio', { name: 'Not in the catalogue' }).check();
    await form.getByLabel('Title').fill('A book from next week');
    await form.getByLabel('Day').fill(addDays(localToday(), 3));
    await form.getByLabel('Minutes read').fill('-5');
    await form.getByRole('button', { name: 'Add to the log' }).click();

    const day = form.getByLabel('Day');
    await expect(day).toHaveAttribute('aria-invalid', 'true');
    await expect(day).toHaveAccessibleDescription(
      'That day is in the future: log reading once it has happened.',
    );
    await expect(day).toBeFocused();
    await expect(form.getByLabel('Minutes read')).toHaveAccessibleDescription('Enter at least 1 minute.');

    await form.getByLabel('Day').fill(localToday());
    await form.getByLabel('Minutes read').fill('1441');
    await form.getByRole('button', { name: 'Add to the log' }).click();
    await expect(day).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('A day has 1,440 minutes (24 hours): enter fewer.')).toBeVisible();
    await expectCard(page, 'This week', minutes(week));
  });
});

test.describe('someone else’s child', () => {
  test.use({ ...signedInAs('parent'), allowedConsoleErrors: [/status of 404/] });

  test('shows "not found", never another family’s log', async ({ page }) => {
    await gotoReady(page, '/book-history/00000000-0000-4000-8000-000000000000');
    await expect(
      page.getByRole('heading', { level: 2, name: 'We could not find this reading log' }),
    ).toBeVisible();
    await expect(
      page
        .getByRole('navigation', { name: 'Your children’s reading logs' })
        .getByRole('link', { name: 'Maya' }),
    ).toBeVisible();
    await expect(page.getByRole('form', { name: 'Add reading' })).toHaveCount(0);
  });
});
