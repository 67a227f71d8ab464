import type { Page } from '@playwright/test';
import { bearer, demoToken } from './apiTokens';
import { expect, expectNoViolations, gotoReady, HTTP_404_LOG, signedInAs, test } from './fixtures';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const CONDENSED = 'A-Bridged Condensed Program';

async function unreadCount(request: import('@playwright/test').APIRequestContext) {
  const res = await request.get('/api/me/notifications/unread', {
    headers: bearer(await demoToken('parent')),
  });
  return ((await res.json()) as { notificationCount: number }).notificationCount;
}

async function condensedPlanId(request: import('@playwright/test').APIRequestContext) {
  const plans = (await (await request.get('/api/plans')).json()) as { _id: string; name: string }[];
  const plan = plans.find((p) => p.name === CONDENSED);
  if (!plan) throw new Error('the condensed program is not seeded');
  return plan._id;
}

/** Picks the condensed program from the navbar, as a family would, and goes on to check-out. */
async function chooseCondensedProgram(page: Page) {
  await gotoReady(page, '/');
  await nav(page).getByRole('button', { name: 'Programs' }).click();
  await nav(page)
    .getByRole('link', { name: /A-Bridged condensed program/ })
    .click();
  await expect(page).toHaveURL('/a-bridged-program');
  await page
    .getByRole('complementary', { name: 'Your selection' })
    .getByRole('link', { name: 'Continue to check-out' })
    .click();
  await expect(page).toHaveURL('/check-out');
  await expect(page.getByRole('heading', { name: CONDENSED })).toBeVisible();
}

test.describe('the demo parent', () => {
  test.use(signedInAs('parent'));

  test('buys the condensed program for Maya with the sandbox and sees it confirmed everywhere', async ({
    page,
    request,
  }) => {
    const before = await unreadCount(request);
    await chooseCondensedProgram(page);
    const facts = page.getByRole('region', { name: CONDENSED });
    await expect(facts.getByText('5 weeks')).toBeVisible();
    await expect(facts.getByText('$199.99')).toBeVisible();

    // Nothing happens without a child chosen: the error is beside the choice.
    await page.getByRole('button', { name: 'Continue to payment: $199.99' }).click();
    await expect(page.getByText('Choose which child this program is for.')).toBeVisible();
    await page.getByRole('radio', { name: 'Maya' }).check();
    await page.getByRole('button', { name: 'Continue to payment: $199.99' }).click();
    const payment = page.getByRole('region', { name: 'Payment' });
    await expect(payment.getByRole('heading', { name: 'Test payment — no card is charged' })).toBeVisible();
    await expect(payment).toBeFocused();
    await expectNoViolations(page);

    await payment.getByRole('button', { name: 'Complete the test payment' }).click();
    await expect(page).toHaveURL(/\/confirmation\?order=[0-9a-f-]{36}$/);
    const state = page.getByRole('region', { name: 'Payment received: thank you!' });
    await expect(state).toBeVisible();
    await expect(state).toContainText(`Maya is enrolled in ${CONDENSED}`);
    await expect(state.getByText('Program starts', { exact: true })).toBeVisible();
    await expect(state.getByText('Program ends', { exact: true })).toBeVisible();
    await expect(state.getByText('$199.99')).toBeVisible();
    await expect(state.getByRole('link', { name: 'Book the introductory interview' })).toHaveAttribute(
      'href',
      '/schedule-interview',
    );
    await expectNoViolations(page);
    await expect(nav(page).locator('.navbar-badge')).toHaveText(new RegExp(`^${before + 1}`));

    await gotoReady(page, '/notification');
    await expect(page.getByRole('link', { name: `Maya is enrolled in ${CONDENSED}` })).toBeVisible();

    await gotoReady(page, '/profile');
    await expect(page.getByText(new RegExp(`${CONDENSED}, until \\w+ \\d+, \\d{4}`))).toBeVisible();
  });

  test('a declined test payment shows the order failed and offers to try again', async ({
    page,
    request,
  }) => {
    const planId = await condensedPlanId(request);
    await gotoReady(page, `/check-out?plan=${planId}`);
    await expect(page.getByRole('heading', { name: CONDENSED })).toBeVisible();
    await page.getByRole('radio', { name: 'Theo' }).check();
    await page.getByRole('button', { name: /Continue to payment/ }).click();
    await page.getByRole('button', { name: 'Decline the test payment' }).click();
    await expect(page).toHaveURL(/\/confirmation\?order=/);
    const state = page.getByRole('region', { name: 'The payment did not go through' });
    await expect(state).toBeVisible();
    await expect(state.getByRole('link', { name: 'Try again' })).toHaveAttribute(
      'href',
      `/check-out?plan=${planId}`,
    );
    await expectNoViolations(page);
  });

  test.describe(() => {
    // The API's 404 for an unknown order is logged by the browser like any failed request.
    test.use({ allowedConsoleErrors: [HTTP_404_LOG] });
    test('a confirmation for an order that is not the family’s says so', async ({ page }) => {
      await gotoReady(page, `/confirmation?order=${crypto.randomUUID()}`);
      await expect(page.getByRole('heading', { name: 'We could not find this order' })).toBeVisible();
      await gotoReady(page, '/confirmation');
      await expect(page.getByRole('heading', { name: 'We could not find this order' })).toBeVisible();
    });
  });

  test('check-out and confirmation look finished at 1280px and 320px', async ({ page, request }) => {
    const planId = await condensedPlanId(request);
    for (const width of [1280, 320]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoReady(page, `/check-out?plan=${planId}`);
      await page.getByRole('radio', { name: 'Theo' }).check();
      await page.getByRole('button', { name: /Continue to payment/ }).click();
      await expect(page.getByRole('heading', { name: 'Test payment — no card is charged' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/checkout-${width}.png`, fullPage: true });
      await page.getByRole('button', { name: 'Complete the test payment' }).click();
      await expect(page.getByRole('heading', { name: 'Payment received: thank you!' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/confirmation-${width}.png`, fullPage: true });
    }
  });
});

test('a shared check-out link shows the program to a signed-out visitor, with a sign-in that comes back', async ({
  page,
  request,
}) => {
  const planId = await condensedPlanId(request);
  await gotoReady(page, `/check-out?plan=${planId}`);
  await expect(page.getByRole('heading', { name: CONDENSED })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to continue' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(`/check-out?plan=${planId}`)}`,
  );
  await expectNoViolations(page);
  await gotoReady(page, `/check-out?plan=${crypto.randomUUID()}`);
  await expect(page.getByRole('heading', { name: 'This program is not offered any more' })).toBeVisible();
});
