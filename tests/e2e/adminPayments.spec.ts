import type { APIRequestContext } from '@playwright/test';
import {
  buyInSandbox,
  createFamily,
  expect,
  expectNoViolations,
  gotoReady,
  lookAt,
  signedInAs,
  test,
  waitForIslands,
} from './fixtures';

const CONDENSED = 'A-Bridged Condensed Program';

test.use(signedInAs('admin'));

/** A new family whose child Rosa has bought the condensed program in the sandbox. */
async function familyWithPaidOrder(request: APIRequestContext) {
  const family = await createFamily(request, {
    displayName: 'Inés Duarte',
    children: [{ firstName: 'Rosa', ageBand: '6-8', readingLevel: 'sapling' }],
  });
  const { orderId } = await buyInSandbox(request, family, CONDENSED, family.childIds[0]);
  return { ...family, orderId };
}

test('an admin runs a test payment and sees every step of it succeed', async ({ page }) => {
  // A run, a reload and three accessibility checks: on a busy machine this takes more than 30 s.
  test.setTimeout(60_000);
  await gotoReady(page, '/admin/test-payment');
  const setup = page.getByRole('region', { name: 'This environment' });
  await expect(setup.getByText('Sandbox: no Stripe keys are set, no card is charged')).toBeVisible();
  await expect(setup.getByText(/\/api\/payments\/webhook$/)).toBeVisible();
  await expectNoViolations(page);

  await setup.getByRole('button', { name: 'Run a test payment of $1.00' }).click();
  const run = page.getByRole('region', { name: /^This test payment/ });
  await expect(run).toBeFocused();
  await expect(run.getByText('Succeeded', { exact: true })).toBeVisible();
  const steps = run.getByRole('listitem');
  await expect(steps).toHaveCount(5);
  for (const [i, label] of [
    'Payment settings',
    'Payment created',
    'Paid with the test card',
    'Signed event received by the webhook',
    'Recorded as paid',
  ].entries()) {
    await expect(steps.nth(i)).toContainText(label);
    await expect(steps.nth(i)).toContainText('Done');
  }
  await expect(steps.nth(3)).toContainText('signature verified');
  await expectNoViolations(page);
  await lookAt(page, 'test-payment');

  // The run is kept: after a reload it is among the earlier test payments, with its steps.
  await gotoReady(page, '/admin/test-payment');
  const earlier = page.getByRole('region', { name: 'Earlier test payments' });
  await earlier
    .getByText(/by Ada Okafor · Sandbox · Succeeded/)
    .first()
    .click();
  await expect(earlier.getByText('Recorded as paid').first()).toBeVisible();
  await expectNoViolations(page);
});

test('an admin refunds a family’s order: asked why, recorded on the order, program ended, child told', async ({
  page,
  request,
}) => {
  const family = await familyWithPaidOrder(request);
  await gotoReady(page, `/admin/users?q=${encodeURIComponent(family.email)}`);
  await page.getByRole('link', { name: 'Inés Duarte', exact: true }).click();
  await expect(page).toHaveURL(/\/view-user-page\/[0-9a-f-]{36}$/);
  await waitForIslands(page);
  const kids = page.getByRole('table', { name: 'Children' });
  await expect(kids.getByRole('row', { name: /Rosa/ })).toContainText(CONDENSED);
  const orders = page.getByRole('table', { name: 'Orders' });
  const row = orders.getByRole('row', { name: new RegExp(CONDENSED) });
  await expect(row).toContainText('Paid');
  await expect(row).toContainText('$199.99');

  await row.getByRole('button', { name: `Refund: ${CONDENSED} for Rosa` }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund this order?' });
  await expect(dialog).toContainText('The whole $199.99 goes back to the card that paid');
  await expect(dialog.getByRole('button', { name: 'Keep the order as it is' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Refund in full' }).click();
  await expect(dialog.getByText('Say why, in a few words, for the record.')).toBeVisible();
  await expectNoViolations(page);
  await dialog
    .getByLabel('Reason, for the record')
    .fill('The family asked by phone: Rosa is changing school.');
  await dialog.getByRole('button', { name: 'Refund in full' }).click();
  await expect(dialog).toBeHidden();

  const status = page.getByRole('status').filter({ hasText: 'refunded' });
  await expect(status).toHaveText('$199.99 refunded for A-Bridged Condensed Program. Rosa was notified.');
  await expect(status).toBeFocused();
  await expect(row).toContainText('Refunded');
  await expect(row).toContainText(
    /by Ada Okafor: The family asked by phone: Rosa is changing school\. \(refund re_sandbox_/,
  );
  await expect(row.getByRole('button')).toHaveCount(0);
  await expect(kids.getByRole('row', { name: /Rosa/ })).toContainText('No active program');
  await expectNoViolations(page);
  await lookAt(page, 'view-user-refunded');

  // The family's side: the order says refunded, Rosa has the notification.
  const order = (await (
    await request.get(`/api/orders/${family.orderId}`, { headers: family.headers })
  ).json()) as {
    status: string;
  };
  expect(order.status).toBe('refunded');
  const notes = (await (
    await request.get(`/api/children/${family.childIds[0]}/notifications`, { headers: family.headers })
  ).json()) as { notifications: { title: string }[] };
  expect(notes.notifications.map((n) => n.title)).toContain(`$199.99 refunded for ${CONDENSED}`);
});

test('an admin cancels an unpaid order, and a new family’s empty order list says so', async ({
  page,
  request,
}) => {
  const family = await createFamily(request, {
    displayName: 'Tomás Ibarra',
    children: [{ firstName: 'Lucía', ageBand: '8-10', readingLevel: 'sapling' }],
  });
  await gotoReady(page, `/admin/users?q=${encodeURIComponent(family.email)}`);
  await page.getByRole('link', { name: 'Tomás Ibarra', exact: true }).click();
  await waitForIslands(page);
  await expect(
    page.getByText('No orders. Purchases of plans appear here once the family buys one.'),
  ).toBeVisible();

  const plans = (await (await request.get('/api/plans')).json()) as { id: string; name: string }[];
  const started = await request.post('/api/checkout', {
    headers: family.headers,
    data: { planId: plans.find((p) => p.name === CONDENSED)?.id, childId: family.childIds[0] },
  });
  const { orderId } = (await started.json()) as { orderId: string };
  await page.reload();
  await waitForIslands(page);
  const row = page.getByRole('table', { name: 'Orders' }).getByRole('row', { name: new RegExp(CONDENSED) });
  await expect(row.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
  await row.getByRole('button', { name: `Cancel order: ${CONDENSED} for Lucía` }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this unpaid order?' });
  await dialog.getByLabel('Reason, for the record').fill('Check-out abandoned; the family will call back.');
  await dialog.getByRole('button', { name: 'Cancel the order' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'cancelled' })).toHaveText(
    `The unpaid order for ${CONDENSED} was cancelled.`,
  );
  await expect(row).toContainText('Cancelled');
  // The family can no longer pay it.
  const pay = await request.post(`/api/orders/${orderId}/sandbox-pay`, {
    headers: family.headers,
    data: { outcome: 'succeed' },
  });
  expect(pay.status()).toBe(409);
});
