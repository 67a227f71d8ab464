import type { APIRequestContext, Page } from '@playwright/test';
import {
  buyInSandbox,
  createFamily,
  expect,
  expectNoViolations,
  gotoReady,
  HTTP_404_LOG,
  lookAt,
  signedInAs,
  signInThroughLoginPage,
  test,
} from './fixtures';

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

/**
 * On the check-out page: chooses Theo and goes on to the payment step. Another test may have
 * enrolled Theo already: the new program then waits for that one, which the parent confirms.
 */
async function continueWithTheo(page: Page) {
  await page.getByRole('radio', { name: 'Theo' }).check();
  await expect(page.getByText('Starts', { exact: true })).toBeVisible();
  const confirm = page.getByRole('checkbox', { name: /^Yes, start .* for Theo on / });
  if (await confirm.isVisible()) await confirm.check();
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

test.describe('when a program starts (issue 13, item 4)', () => {
  test.use({ timezoneId: 'America/New_York', locale: 'en-US' });
  const day = (iso: string) =>
    new Intl.DateTimeFormat('en-US', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'America/New_York',
    }).format(new Date(iso));

  test('check-out says when a program starts and ends, warns about an overlap, and the profile shows the current program first', async ({
    page,
    request,
  }) => {
    // Check-out, a payment, the confirmation and the profile: several page loads with sign-in checks.
    test.setTimeout(60_000);
    const plans = (await (await request.get('/api/plans')).json()) as {
      id: string;
      name: string;
      startsOn: string | null;
    }[];
    const condensed = plans.find((p) => p.name === CONDENSED);
    const term = plans.find((p) => p.name === 'Rated Reads Term');
    const summer = plans.find((p) => p.name === 'Summer Reading Quest');
    if (!condensed || !term || !summer?.startsOn) throw new Error('the demo plans are not seeded');
    const family = await createFamily(request, {
      displayName: 'Dana Whitfield',
      children: [{ firstName: 'Ellis', ageBand: '6-8', readingLevel: 'sapling' }],
    });
    // Ellis is in the condensed program already (bought and paid through the API).
    const current = (await buyInSandbox(request, family, CONDENSED, family.childIds[0])).order.subscription;

    // A second program: check-out says it waits for the first, and will not go on without a word.
    await signInThroughLoginPage(page, family, `/check-out?plan=${term.id}`);
    await expect(page.getByRole('radio', { name: 'Ellis' })).toBeChecked();
    const warning = page
      .getByRole('note')
      .filter({ hasText: 'Ellis is already in A-Bridged Condensed Program' });
    await expect(warning).toContainText(`until ${day(current.endsAt)}`);
    await expect(page.getByText('Starts', { exact: true }).locator('..')).toContainText(day(current.endsAt));
    await page.getByRole('button', { name: /Continue to payment/ }).click();
    await expect(warning).toContainText('Tick the box to confirm when this program starts');
    await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toHaveCount(0);
    await expectNoViolations(page);
    await lookAt(page, 'checkout-overlap');
    await warning
      .getByRole('checkbox', { name: `Yes, start Rated Reads Term for Ellis on ${day(current.endsAt)}` })
      .check();
    await page.getByRole('button', { name: /Continue to payment/ }).click();
    await page.getByRole('button', { name: 'Complete the test payment' }).click();
    await expect(page.getByRole('heading', { name: 'Payment received: thank you!' })).toBeVisible();

    // The profile: the program Ellis is in now first, the one bought after it marked as queued.
    await gotoReady(page, '/profile');
    const program = page.getByRole('definition').filter({ hasText: CONDENSED });
    await expect(program).toContainText(`${CONDENSED}, until`);
    await expect(program.locator('.child-program').first()).toContainText(CONDENSED);
    await expect(program.locator('.child-program-queued')).toContainText(`Queued Rated Reads Term, starts`);

    // A seasonal program bought now starts on its season's day, and says so.
    await gotoReady(page, `/check-out?plan=${summer.id}`);
    const seasonDay = day(`${summer.startsOn}T12:00:00Z`);
    await expect(
      page.getByText(
        `is a seasonal program: bought now, it starts on the first day of its season, ${seasonDay}`,
      ),
    ).toBeVisible();
  });
});

// Issue 24, item 1: two tabs of one family, two programs for the same child, both showing "starts
// today". The second payment is refused before anything is paid, the new dates are shown, and the
// family continues (or not) with them. A reload continues the same order.
test('two tabs never pay for dates the family was not shown', async ({ page, request }) => {
  // Two tabs, two check-outs, a payment in each and the confirmation: many page loads.
  test.setTimeout(60_000);
  const plans = (await (await request.get('/api/plans')).json()) as { id: string; name: string }[];
  const condensed = plans.find((p) => p.name === CONDENSED);
  const term = plans.find((p) => p.name === 'Rated Reads Term');
  if (!condensed || !term) throw new Error('the demo plans are not seeded');
  const family = await createFamily(request, {
    displayName: 'Rory Quinn',
    children: [{ firstName: 'Ivo', ageBand: '6-8', readingLevel: 'sapling' }],
  });
  await signInThroughLoginPage(page, family, `/check-out?plan=${term.id}`);
  const tabB = await page.context().newPage();
  await gotoReady(tabB, `/check-out?plan=${condensed.id}`);
  for (const tab of [page, tabB]) {
    await expect(tab.getByRole('radio', { name: 'Ivo' })).toBeChecked();
    await expect(tab.getByText('Starts', { exact: true }).locator('..')).toContainText('Today');
    await tab.getByRole('button', { name: /Continue to payment/ }).click();
    await expect(tab.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
  }
  // A reload of tab B continues its order: still two orders in all.
  await tabB.reload();
  await tabB.getByRole('button', { name: /Continue to payment/ }).click();
  const orders = (await (await request.get('/api/me/orders', { headers: family.headers })).json()) as {
    items: unknown[];
  };
  expect(orders.items).toHaveLength(2);

  await page.getByRole('button', { name: 'Complete the test payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment received: thank you!' })).toBeVisible();

  await tabB.getByRole('button', { name: 'Complete the test payment' }).click();
  await expect(
    tabB.getByText(/Ivo’s programs changed since you saw the dates, so nothing was charged/),
  ).toBeVisible();
  await expect(tabB.getByRole('heading', { name: 'Payment', exact: true })).toHaveCount(0);
  const agree = tabB.getByRole('checkbox', { name: /^Yes, start A-Bridged Condensed Program for Ivo on / });
  await expect(agree).toBeVisible();
  await expectNoViolations(tabB);
  await lookAt(tabB, 'checkout-dates-changed');
  await agree.check();
  await tabB.getByRole('button', { name: /Continue to payment/ }).click();
  await tabB.getByRole('button', { name: 'Complete the test payment' }).click();
  await expect(tabB.getByRole('heading', { name: 'Payment received: thank you!' })).toBeVisible();
  const after = (await (await request.get('/api/me/orders', { headers: family.headers })).json()) as {
    items: { status: string; subscription: { startsAt: string; endsAt: string } | null }[];
  };
  expect(after.items.map((o) => o.status)).toEqual(['paid', 'paid']);
  const [second, first] = after.items;
  expect(second?.subscription?.startsAt).toBe(first?.subscription?.endsAt);
});
