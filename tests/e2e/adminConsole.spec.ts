import { bearer, demoToken } from './apiTokens';
import { expect, expectNoViolations, gotoReady, HTTP_404_LOG, signedInAs, test } from './fixtures';

test.use(signedInAs('admin'));

test.describe('the books page', () => {
  // It shows every book's cover, and a catalogue test running beside it may delete a book with its
  // cover while it loads: that cover answers 404 (seen once in CI's parallel run).
  test.use({ allowedConsoleErrors: [HTTP_404_LOG] });

  test('the admin console marks where you are and counts what waits for the team', async ({ page }) => {
    await gotoReady(page, '/admin/allBooks');
    const nav = page.getByRole('navigation', { name: 'Admin console' });
    await expect(nav.getByRole('link', { name: 'Books' })).toHaveAttribute('aria-current', 'page');
    // The demo content holds a post waiting for review.
    await expect(nav.getByRole('link', { name: /^Blog reviews \d+ waiting$/ })).toBeVisible();
    await nav.getByRole('link', { name: 'Audit log' }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
  });
});

test('the audit log shows a change with who made it, and keeps its search and sort in the address', async ({
  page,
  request,
}) => {
  // A change made through the API, as another administrator's page would.
  const token = await demoToken('admin');
  const title = `Audit trail ${Date.now()}`;
  const created = await request.post('/api/admin/books', {
    headers: bearer(token),
    data: { title, author: 'Ada Lovelace' },
  });
  expect(created.status()).toBe(201);
  const { id: bookId } = (await created.json()) as { id: string };

  await gotoReady(page, '/admin/audit');
  await page.getByLabel('What changed').selectOption({ label: 'Books' });
  await page.getByLabel('Search the log').fill(bookId);
  const row = page.getByRole('row').filter({ hasText: 'book.create' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('admin@example.com');
  await expect(row).toContainText(title);
  await expect(page).toHaveURL(/entity=book/);

  await page.getByRole('button', { name: /^Action/ }).click();
  await expect(page.getByRole('columnheader', { name: /^Action/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=action&dir=asc|dir=asc.*sort=action/);
  await page.reload();
  await expect(page.getByLabel('Search the log')).toHaveValue(bookId);
  await expect(page.getByRole('columnheader', { name: /^Action/ })).toHaveAttribute('aria-sort', 'ascending');
  await expect(page.getByRole('row').filter({ hasText: 'book.create' })).toHaveCount(1);
  await expectNoViolations(page);

  // A search that matches nothing says so.
  await page.getByLabel('Search the log').fill('no such change anywhere');
  await expect(page.getByText(/No changes match/)).toBeVisible();

  await request.delete(`/api/admin/books/${bookId}`, { headers: bearer(token) });
});

test('the jobs page shows the outbox of email: what waits, went and was given up', async ({ page }) => {
  await gotoReady(page, '/admin/jobs');
  const outbox = page.getByRole('region', { name: 'Email', exact: true });
  await expect(outbox.getByRole('heading', { name: 'Outbox', exact: true })).toBeVisible();
  for (const term of ['Waiting', 'Sending', 'Sent', 'Given up']) {
    await expect(outbox.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
  }
  // The e2e server's mail catcher takes every message, so none has been given up.
  await expect(outbox.getByText('No message has been given up.')).toBeVisible();
  await outbox.getByRole('button', { name: 'Refresh the outbox' }).click();
  await expect(outbox.getByRole('button', { name: 'Refresh the outbox' })).toHaveText('Refresh the outbox');
  await expectNoViolations(page);
  await page.screenshot({ path: 'test-results/admin-jobs-email.png', fullPage: true });
});
