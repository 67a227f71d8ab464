import {
  buyInSandbox,
  createFamily,
  expect,
  expectNoSidewaysScroll,
  expectNoViolations,
  gotoReady,
  HTTP_404_LOG,
  lookAt,
  signedInAs,
  signInThroughLoginPage,
  test,
} from './fixtures';

const CONDENSED = 'A-Bridged Condensed Program';

// Issue 15's journey: a program bought in the sandbox → its first weekly plan appears (made by the
// production server's job queue) → a planned book is logged → the plan shows it done → the wall
// shows its cover.
test('a program bought in the sandbox brings a weekly plan; a planned book logged is ticked off and lands on the wall', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const family = await createFamily(request, {
    displayName: 'Grace Mensah',
    children: [{ firstName: 'Kofi', ageBand: '8-10', readingLevel: 'branch', interests: ['Animals'] }],
  });
  const [kofiId] = family.childIds;
  await signInThroughLoginPage(page, family, '/profile');

  // Before buying: the tab says what a program brings.
  await page.getByRole('tab', { name: 'Reading plan' }).click();
  await expect(page.getByText('Weekly plans come with a program')).toBeVisible();

  // Bought and paid in the sandbox, as the check-out page does.
  await buyInSandbox(request, family, CONDENSED, kofiId);

  // The first plan: made by the job within seconds of the payment; the tab polls until it is there.
  await page.reload();
  await page.getByRole('tab', { name: 'Reading plan' }).click();
  const plan = page.getByRole('region', { name: 'Kofi’s week 1 of 5' });
  await expect(plan).toBeVisible({ timeout: 60_000 });
  await expect(plan.getByText(CONDENSED)).toBeVisible();
  const books = plan.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 4 }) });
  expect(await books.count()).toBeGreaterThanOrEqual(3);
  await expect(books.first()).toContainText('Why this book:');
  await expect(plan.getByRole('listitem').filter({ hasText: 'books read' })).toContainText(/0 of \d/);
  await expect(plan.getByRole('listitem').filter({ hasText: 'minutes of the goal' })).toContainText('0 /');
  await expectNoViolations(page);
  await expectNoSidewaysScroll(page);

  // The first planned book, logged from the reading log's catalogue list.
  const first = books.first();
  const title =
    ((await first.getByRole('heading', { level: 4 }).textContent()) ?? '').split(' by ')[0]?.trim() ?? '';
  const author = ((await first.locator('.plan-book-author').textContent()) ?? '').replace(/^by /, '').trim();
  // Each book's link names its book (five links, five names), and opens the log with it chosen.
  await first.getByRole('link', { name: `Log it (${title}) in the reading log` }).click();
  await expect(page).toHaveURL(new RegExp(`/book-history/${kofiId}\\?book=`));
  const form = page.getByRole('form', { name: 'Add reading' });
  const catalogue = form.getByLabel('Book from the catalogue');
  await expect(catalogue.locator('option:checked')).toHaveText(`${title} — ${author}`);
  // One session is not a book: begun, in progress.
  await form.getByLabel('Minutes read').fill('20');
  await form.getByRole('button', { name: 'Add to the log' }).click();
  await expect(page.getByRole('status').getByText(`Added: ${title}, 20 minutes.`)).toBeVisible();
  await gotoReady(page, `/reading-plan/${kofiId}`);
  const begun = page
    .getByRole('region', { name: 'Kofi’s week 1 of 5' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(begun.getByText('In progress: logged, not finished yet.')).toBeVisible();

  // Finished the next day… here, in a second entry ticked "Finished it", with its stars.
  await gotoReady(page, `/book-history/${kofiId}`);
  await form.getByLabel('Search the catalogue').fill(title);
  await expect(catalogue.getByRole('option', { name: `${title} — ${author}` })).toBeAttached();
  await catalogue.selectOption({ label: `${title} — ${author}` });
  await form.getByLabel('Minutes read').fill('10');
  await form.getByRole('checkbox', { name: 'Finished it' }).check();
  // The star's label covers its radio, as it should for a pointer: the radio itself is what is chosen.
  await form.getByRole('radio', { name: '4 stars' }).check({ force: true });
  await form.getByRole('button', { name: 'Add to the log' }).click();
  await expect(page.getByRole('status').getByText(`Added: ${title}, 10 minutes.`)).toBeVisible();
  await expect(page.getByText('Finished', { exact: true }).first()).toBeVisible();

  // The plan ticks it off and counts the minutes, on its printable page too.
  await gotoReady(page, `/reading-plan/${kofiId}`);
  const printable = page.getByRole('region', { name: 'Kofi’s week 1 of 5' });
  await expect(printable.getByRole('listitem').filter({ hasText: 'books read' })).toContainText(/1 of \d/);
  const done = printable.getByRole('listitem').filter({ hasText: title });
  await expect(done.getByText('✓ Finished: it is on the finished-books wall')).toBeVisible();
  await expect(printable.getByRole('listitem').filter({ hasText: 'minutes of the goal' })).toContainText(
    '30 /',
  );
  await expect(page.getByRole('button', { name: 'Print the plan' })).toBeVisible();
  await expectNoViolations(page);
  await lookAt(page, 'reading-plan');

  // The wall: the book's cover and title.
  await gotoReady(page, `/reading-wall/${kofiId}`);
  const wall = page.getByRole('list', { name: 'Finished books' });
  await expect(wall.getByRole('listitem').filter({ hasText: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kofi’s finished books' })).toBeVisible();
  await expectNoViolations(page);
  await lookAt(page, 'reading-wall');
});

test.describe('a child who is not in the family', () => {
  test.use({ ...signedInAs('parent'), allowedConsoleErrors: [HTTP_404_LOG] });

  test('has no plan and no wall to show: "not found", never another family’s', async ({ page }) => {
    await gotoReady(page, '/reading-plan/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('There is no such plan in your family.')).toBeVisible();
    await gotoReady(page, '/reading-wall/00000000-0000-4000-8000-000000000000');
    await expect(page.getByText('There is no such child in your family.')).toBeVisible();
  });
});
