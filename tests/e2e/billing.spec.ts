import type { Page } from '@playwright/test';
import {
  buyInSandbox,
  createFamily,
  emailsTo,
  expect,
  expectNoViolations,
  gotoReady,
  lookAt,
  signInThroughLoginPage,
  test,
} from './fixtures';

// Renewing programs as a family lives them, on the sandbox's billing and its test clock: buying
// one, the renewal a month later, a declined renewal and its recovery, a pause, a cancellation at
// the period's end, and a cancellation within 14 days with a refund; each with the email it sends,
// read from the local catcher.

const MONTHLY = 'Rated Reads Monthly';
const ZONE = 'America/New_York';
test.use({ locale: 'en-US', timezoneId: ZONE });

const billing = (page: Page) => page.getByRole('region', { name: 'Billing' });
const card = (page: Page, child: string) =>
  billing(page).getByRole('article', { name: `${child}: ${MONTHLY}` });
const paymentRows = (page: Page) => billing(page).getByRole('table').getByRole('row');

/** A new family whose child has bought the monthly plan through the check-out page; on its settings. */
async function memberFamily(page: Page, request: Parameters<typeof createFamily>[0], child: string) {
  const family = await createFamily(request, {
    displayName: 'Noor Haddad',
    children: [{ firstName: child, ageBand: '6-8', readingLevel: 'sapling' }],
  });
  const plans = (await (await request.get('/api/plans')).json()) as { id: string; name: string }[];
  const monthly = plans.find((p) => p.name === MONTHLY);
  if (!monthly) throw new Error('the demo plans are not seeded');
  await signInThroughLoginPage(page, family, `/check-out?plan=${monthly.id}`);
  await expect(page.getByText('First renewal', { exact: true }).locator('..')).toContainText(
    'until you cancel',
  );
  await page.getByRole('button', { name: /Continue to payment/ }).click();
  await page.getByRole('button', { name: 'Complete the test payment' }).click();
  await expect(page.getByRole('heading', { name: 'Payment received: thank you!' })).toBeVisible();
  await gotoReady(page, '/update-profile');
  await expect(card(page, child)).toContainText('Renews on');
  return family;
}

test('a renewing program renews on the clock, recovers from a declined card, pauses and cancels', async ({
  page,
  request,
}) => {
  // A purchase, four clock moves and five changes, each read back from the page and the mailbox.
  test.setTimeout(150_000);
  const family = await memberFamily(page, request, 'Layla');
  await expect(card(page, 'Layla')).toContainText('at $29.00 a month');
  await expect(paymentRows(page)).toHaveCount(2);
  await expectNoViolations(page);
  await lookAt(page, 'billing-active');
  await page.setViewportSize({ width: 375, height: 900 });
  await billing(page).screenshot({ path: 'test-results/screens/billing-active-375.png' });
  await page.setViewportSize({ width: 1280, height: 900 });

  // A month later: renewed, a second payment with its receipt.
  await billing(page).getByRole('button', { name: 'Move a month forward' }).click();
  await expect(billing(page).getByText('The test clock moved a month forward.')).toBeVisible();
  await expect(paymentRows(page)).toHaveCount(3);
  await expect(paymentRows(page).nth(1)).toContainText(`${MONTHLY} for Layla (renewal)`);

  // The card declines the next renewal: past due, told, then paid again once the card works.
  await billing(page).getByRole('button', { name: 'Make the test card decline' }).click();
  // The clock moves only once the card's change is saved (a click straight after could overtake it).
  await expect(billing(page).getByText('The test card now declines every charge.')).toBeVisible();
  await billing(page).getByRole('button', { name: 'Move a month forward' }).click();
  await expect(card(page, 'Layla')).toContainText(
    'The renewal of $29.00 was declined. We try the card again on',
  );
  await expect(paymentRows(page).nth(1)).toContainText('Declined');
  await expectNoViolations(page);
  await lookAt(page, 'billing-past-due');
  await billing(page).getByRole('button', { name: 'Make the test card work' }).click();
  await expect(billing(page).getByText('The test card works again.')).toBeVisible();
  await card(page, 'Layla').getByRole('button', { name: 'Try the payment again now' }).click();
  await expect(card(page, 'Layla')).toContainText('Renews on');
  await expect(paymentRows(page).nth(1)).toContainText('Paid');

  // A pause of two weeks: its dates said before, its state after.
  await card(page, 'Layla').getByRole('button', { name: 'Pause' }).click();
  const pause = page.getByRole('dialog', { name: `Pause Layla: ${MONTHLY}?` });
  await pause.getByLabel('How long?').selectOption('2');
  await expect(pause).toContainText('Resumes on');
  await expectNoViolations(page);
  await pause.getByRole('button', { name: 'Pause for 2 weeks' }).click();
  await expect(card(page, 'Layla')).toContainText('Paused until');

  // Cancelled at the period's end, with a reason; and the way back.
  await card(page, 'Layla').getByRole('button', { name: 'Cancel…' }).click();
  const cancel = page.getByRole('dialog', { name: `Cancel Layla: ${MONTHLY}?` });
  await cancel.getByLabel('Why are you cancelling? (optional)').fill('We are moving house.');
  await cancel.getByRole('button', { name: 'Cancel at the period’s end' }).click();
  await expect(card(page, 'Layla')).toContainText('Cancelled: runs until');
  await expect(card(page, 'Layla').getByRole('button', { name: 'Keep renewing' })).toBeVisible();
  await lookAt(page, 'billing-cancelled');

  // The receipt of the renewal, a page of its own.
  await paymentRows(page)
    .nth(2)
    .getByRole('link', { name: /Receipt/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Receipt' })).toContainText('$29.00');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^quillreads-receipt-[0-9a-f]{8}\.pdf$/);
  await expectNoViolations(page);
  await lookAt(page, 'receipt');

  const mail = await emailsTo(request, family.email, 6);
  // The outbox sends in batches, so the messages may arrive in another order than they were caused.
  const subjects = mail.map((m) => m.subject);
  const named = (subject: string | RegExp) =>
    mail.find((m) => (typeof subject === 'string' ? m.subject === subject : subject.test(m.subject)));
  expect(subjects.filter((s) => s === `Your renewal receipt: ${MONTHLY} for Layla ($29.00)`)).toHaveLength(2);
  expect(subjects).toContain(`Your receipt: ${MONTHLY} for Layla ($29.00)`);
  const failed = named(`We could not renew Layla’s ${MONTHLY}`);
  const paused = named(new RegExp(`^Layla’s ${MONTHLY} is paused until `));
  expect(failed?.text).toContain('We will try the card again on');
  expect(paused?.text).toMatch(/the next renewal is on/);
  expect(named(new RegExp(`^Layla’s ${MONTHLY} will end on `))?.text).toContain(
    'nothing more will be charged',
  );
  const renewal = named(`Your renewal receipt: ${MONTHLY} for Layla ($29.00)`);
  for (const [name, message] of [
    ['renewal-receipt', renewal],
    ['renewal-failed', failed],
    ['paused', paused],
  ] as const) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.setContent(message?.html ?? '');
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth),
        `${name} at ${width}px`,
      ).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/screens/email-${name}-${width}.png`, fullPage: true });
    }
  }
});

test('cancelling within 14 days refunds the unused part and ends the program', async ({ page, request }) => {
  test.setTimeout(90_000);
  const family = await memberFamily(page, request, 'Omar');
  await card(page, 'Omar').getByRole('button', { name: 'Cancel…' }).click();
  const cancel = page.getByRole('dialog', { name: `Cancel Omar: ${MONTHLY}?` });
  await cancel.getByRole('radio', { name: /Now, with \$\d+\.\d\d refunded/ }).check();
  await expectNoViolations(page);
  await cancel.getByRole('button', { name: 'Cancel and refund' }).click();
  await expect(card(page, 'Omar')).toContainText('cancelled with a refund');
  await expect(paymentRows(page).nth(1)).toContainText('Refunded $');
  await expect(card(page, 'Omar').getByRole('button')).toHaveCount(0);
  // The receipt and the refund's message: sent by the outbox in one round, in either order.
  const subjects = (await emailsTo(request, family.email, 2)).map((m) => m.subject);
  expect(subjects).toContainEqual(expect.stringMatching(/^Your receipt: /));
  expect(subjects).toContainEqual(
    expect.stringMatching(new RegExp(`^Omar’s ${MONTHLY} is cancelled and \\$\\d+\\.\\d\\d refunded$`)),
  );
});

test('the weekly plan by email, asked for in the settings, stopped in one click from the message', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const family = await createFamily(request, {
    displayName: 'Ines Moreau',
    children: [{ firstName: 'Remy', ageBand: '8-10', readingLevel: 'branch' }],
  });
  await signInThroughLoginPage(page, family, '/update-profile');
  const email = page.getByRole('region', { name: 'Email' });
  const weekly = email.getByRole('checkbox', { name: /Email me each child’s weekly plan/ });
  await expect(weekly).not.toBeChecked();
  await weekly.click();
  await expect(weekly).toBeChecked();
  await expect(email.getByText('You will get each new weekly plan by email.')).toBeVisible();
  await expectNoViolations(page);

  await buyInSandbox(request, family, MONTHLY, family.childIds[0]);
  const messages = await emailsTo(request, family.email, 2);
  const plan = messages.find((m) => m.subject.startsWith('Remy’s reading plan for the week of'));
  expect(plan?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const unsubscribe =
    plan?.html.match(/href="([^"]*email-preferences[^"]*)"/)?.[1]?.replaceAll('&amp;', '&') ?? '';
  expect(unsubscribe).toContain('/email-preferences?token=');

  await page.goto(new URL(unsubscribe).pathname + new URL(unsubscribe).search);
  await expect(page.getByRole('heading', { name: 'Weekly plan emails' })).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Unsubscribe from the weekly plans' }).click();
  await expect(page.getByText(/^Done: you will no longer get the weekly plans by email/)).toBeVisible();
  const prefs = await request.get('/api/me/email-preferences', { headers: family.headers });
  expect(await prefs.json()).toEqual({ weeklyPlans: false, guideMessages: false });
});
