import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoViolations, gotoReady, HTTP_404_LOG, signedInAs, test } from './fixtures';

const CONDENSED = 'A-Bridged Condensed Program';

async function condensedPlanId(request: APIRequestContext) {
  const plans = (await (await request.get('/api/plans')).json()) as { id: string; name: string }[];
  const plan = plans.find((p) => p.name === CONDENSED);
  if (!plan) throw new Error('the condensed program is not seeded');
  return plan.id;
}

/** Opens the condensed program's check-out page, showing the program; answers the plan's id. */
async function openCondensedCheckout(page: Page, request: APIRequestContext) {
  const planId = await condensedPlanId(request);
  await gotoReady(page, `/check-out?plan=${planId}`);
  await expect(page.getByRole('heading', { name: CONDENSED })).toBeVisible();
  return planId;
}

/** On the check-out page: chooses Theo and goes on to the payment step. */
async function continueWithTheo(page: Page) {
  await page.getByRole('radio', { name: 'Theo' }).check();
  await page.getByRole('button', { name: /Continue to payment/ }).click();
}

// The whole journey (navbar, check-out, payment, confirmation, interview, notifications,
// profile) is journey.spec.ts, with a family of its own: here, the other ways a check-out goes.
test.describe('the demo parent', () => {
  test.use(signedInAs('parent'));

  test('a declined test payment shows the order failed and offers to try again', async ({
    page,
    request,
  }) => {
    const planId = await openCondensedCheckout(page, request);
    await continueWithTheo(page);
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
      await continueWithTheo(page);
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
  const planId = await openCondensedCheckout(page, request);
  await expect(page.getByRole('link', { name: 'Sign in to continue' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(`/check-out?plan=${planId}`)}`,
  );
  await expectNoViolations(page);
  await gotoReady(page, `/check-out?plan=${crypto.randomUUID()}`);
  await expect(page.getByRole('heading', { name: 'This program is not offered any more' })).toBeVisible();
});
