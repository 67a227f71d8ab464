import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Browser } from '@playwright/test';
import {
  createEvent,
  createFamily,
  expect,
  expectNoViolations,
  expectPageFitsWindow,
  gotoReady,
  HTTP_404_LOG,
  signedInAs,
  signInThroughLoginPage,
  test,
  waitForIslands,
} from './fixtures';

/** A new family (one child) made through the API, and an event of its own with the child registered. */
async function familyAtAnEvent(request: APIRequestContext) {
  const family = await createFamily(request, {
    displayName: 'Robin Vale',
    children: [{ firstName: 'Wren', ageBand: '6-8', readingLevel: 'sapling' }],
  });
  // Far after the demo events, so the public list tests still see those first.
  const event = await createEvent(request, 75, {
    title: `Lighthouse Stories ${randomUUID().slice(0, 4)}`,
    description: 'Stories about the sea, read by the harbour.',
    location: 'Harbour Library',
    capacity: 12,
    ageMin: 6,
    ageMax: 9,
  });
  const registration = await request.post(`/api/events/${event.id}/registrations`, {
    headers: family.headers,
    data: { childId: family.childIds[0] },
  });
  expect(registration.status()).toBe(201);
  return { family, event };
}

/** The parent, signed in through the login page in a browser of their own. */
async function parentPage(browser: Browser, family: { email: string; password: string }, next: string) {
  // Not the administrator's stored session: a browser of the family's own.
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signInThroughLoginPage(page, family, next);
  return { page, close: () => context.close() };
}

test.describe('an administrator', () => {
  test.use(signedInAs('admin'));

  test('creates a plan that appears on /programs; a bad price is refused beside the field; then deletes it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const name = `Lantern Club ${randomUUID().slice(0, 4)}`;
    await gotoReady(page, '/admin/create-plans');
    await expect(page.getByRole('table', { name: /Plans/ })).toContainText('A-Bridged Condensed Program');
    await expectNoViolations(page);

    await page.getByRole('button', { name: 'Add a plan' }).click();
    const form = page.getByRole('form', { name: 'New plan' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Duration in months').fill('1.25');
    await expect(form.getByLabel('Duration in months')).toHaveAccessibleDescription(/“5 weeks”/);
    const price = form.getByLabel('Price in US dollars');
    await price.fill('19.999');
    await form.getByRole('button', { name: 'Create plan' }).click();
    await expect(price).toHaveAttribute('aria-invalid', 'true');
    await expect(price).toHaveAccessibleDescription(/at most two decimals/);
    await expect(price).toBeFocused();
    await expectNoViolations(page);

    await price.fill('24.50');
    await form.getByLabel('Description').fill('Five weeks of lighthouse stories.');
    await form.getByRole('button', { name: 'Create plan' }).click();
    await expect(page.getByRole('status').filter({ hasText: `“${name}” is created` })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('$24.50');
    await expect(row).toContainText('5 weeks');
    await expect(row).toContainText('On sale');

    // The plan list on the program pages is cached for a minute (docs/decisions/0008): a browser that
    // has not loaded it yet, like a family arriving now, sees the new plan at once.
    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const programs = await visitor.newPage();
    await programs.goto('/programs');
    const plans = programs.getByRole('list', { name: 'Plans you can choose' });
    await expect(plans.getByRole('listitem').filter({ hasText: name })).toContainText('$24.50 for 5 weeks');
    await visitor.close();

    // Nobody bought it, so it can be deleted, after a confirmation (and the program pages stay as seeded).
    await row.getByRole('link', { name }).click();
    await expect(page).toHaveURL(/\/updatePlan\//);
    await waitForIslands(page);
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Delete plan…' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete “${name}”?` });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Delete for good' }).click();
    await expect(page).toHaveURL(/\/admin\/create-plans/);
    await expect(page.getByRole('table', { name: /Plans/ })).toContainText('Rated Reads Monthly');
    await expect(page.getByRole('table', { name: /Plans/ })).not.toContainText(name);
  });

  test('editing a plan refuses a negative price beside the field and keeps the plan', async ({ page }) => {
    await gotoReady(page, '/admin/create-plans?q=Rated+Reads+Term');
    await page.getByRole('link', { name: 'Rated Reads Term' }).click();
    await waitForIslands(page);
    const form = page.getByRole('form', { name: 'Rated Reads Term' });
    const price = form.getByLabel('Price in US dollars');
    await expect(price).toHaveValue('79.00');
    await price.fill('-1');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(price).toHaveAccessibleDescription(/cannot be negative/);
    await expect(price).toBeFocused();
    await page.reload();
    await waitForIslands(page);
    await expect(
      page.getByRole('form', { name: 'Rated Reads Term' }).getByLabel('Price in US dollars'),
    ).toHaveValue('79.00');
  });

  test('edits and cancels an event with a registered child, and the parent sees both notifications', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    const { family, event } = await familyAtAnEvent(request);
    await gotoReady(page, `/admin/eventupdate?q=${encodeURIComponent(event.title)}`);
    const row = page.getByRole('row').filter({ hasText: event.title });
    await expect(row).toContainText('1 / 12');
    await expect(row).toContainText('Scheduled');
    await expectNoViolations(page);

    await row.getByRole('button', { name: `Registrations for ${event.title}` }).click();
    const panel = page.getByRole('region', { name: `Registrations for “${event.title}”` });
    await expect(panel).toContainText('1 child is registered, of 12 seats.');
    await expect(panel.getByRole('row').filter({ hasText: 'Wren' })).toContainText(family.email);
    await expectNoViolations(page);

    await row.getByRole('button', { name: `Edit ${event.title}` }).click();
    const form = page.getByRole('form', { name: `Edit “${event.title}”` });
    await form.getByLabel('Seats').fill('0');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByLabel('Seats')).toHaveAccessibleDescription(/at least one seat/);
    await expect(form.getByLabel('Seats')).toBeFocused();
    await expectNoViolations(page);
    await form.getByLabel('Seats').fill('15');
    await form.getByLabel('Venue (optional if online)').fill('Maple Street Community Hall');
    await form.getByLabel('Street address').fill('210 Maple Street');
    await form.getByLabel('Country code').fill('1X');
    await form.getByRole('button', { name: 'Save changes' }).click();
    // A bad country is refused beside its field, by the form's own check.
    await expect(form.getByLabel('Country code')).toHaveAccessibleDescription(/two-letter code/);
    await form.getByLabel('Country code').fill('us');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'is saved' })).toHaveText(
      `“${event.title}” is saved. 1 registered child was notified.`,
    );
    await expect(row).toContainText('Maple Street Community Hall');
    await expect(row).toContainText('1 / 15');

    await row.getByRole('button', { name: `Cancel ${event.title}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel “${event.title}”?` });
    await expect(dialog).toContainText('1 registered child is notified at once.');
    await expect(dialog.getByRole('button', { name: 'Keep the event' })).toBeFocused();
    await dialog.getByLabel('Reason for families (optional)').fill('The hall is closed for repairs.');
    await expectNoViolations(page);
    await dialog.getByRole('button', { name: 'Cancel the event' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'is cancelled' })).toHaveText(
      `“${event.title}” is cancelled. 1 registered child was notified.`,
    );
    await expect(row).toContainText('Cancelled');
    await expect(row.getByRole('button', { name: `Edit ${event.title}` })).toHaveCount(0);

    // The public page, its schema.org data and the calendar file all say it is cancelled.
    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const publicPage = await visitor.newPage();
    await publicPage.goto(`/events/${event.id}`);
    await expect(publicPage.getByText('This event has been cancelled')).toBeVisible();
    const data = JSON.parse(
      (await publicPage.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(data.eventStatus).toBe('https://schema.org/EventCancelled');
    const ics = await (await request.get(`/events/${event.id}.ics`)).text();
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('SEQUENCE:2');
    await visitor.close();

    const parent = await parentPage(browser, family, '/notification');
    const notes = parent.page.getByRole('list', { name: 'Wren’s notifications, newest first' });
    await expect(notes.getByRole('link', { name: `${event.title} is cancelled` })).toBeVisible();
    await expect(notes).toContainText('The hall is closed for repairs.');
    await expect(notes.getByRole('link', { name: `New place for ${event.title}` })).toBeVisible();
    await parent.close();
  });

  for (const [width, height] of [
    [1280, 900],
    [320, 720],
  ] as const) {
    test(`the plans, plan and events pages fit a ${width}px screen`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      for (const [path, ready] of [
        ['/admin/create-plans', 'A-Bridged Condensed Program'],
        ['/admin/eventupdate', 'Saturday Story Time'],
      ] as const) {
        await gotoReady(page, path);
        await expect(page.getByRole('main')).toContainText(ready);
        await page.screenshot({
          path: test.info().outputPath(`admin-pe${path.replaceAll('/', '-')}-${width}.png`),
          fullPage: true,
        });
        await expectPageFitsWindow(page);
      }
      await gotoReady(page, '/admin/create-plans?q=Monthly');
      await page.getByRole('link', { name: 'Rated Reads Monthly' }).click();
      await waitForIslands(page);
      await expect(page.getByRole('heading', { name: 'Rated Reads Monthly' })).toBeVisible();
      await page.screenshot({
        path: test.info().outputPath(`admin-pe-updatePlan-${width}.png`),
        fullPage: true,
      });
      await expectPageFitsWindow(page);
    });
  }

  test.describe('with an unknown id', () => {
    // The API's 404 answer is logged by the browser: it is what this test expects.
    test.use({ allowedConsoleErrors: [HTTP_404_LOG] });
    test('the plan editor shows a clear not-found state', async ({ page }) => {
      await gotoReady(page, `/updatePlan/${randomUUID()}`);
      await expect(page.getByRole('heading', { name: 'There is no such plan' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'All plans' })).toBeVisible();
      await expectNoViolations(page);
    });
  });
});
