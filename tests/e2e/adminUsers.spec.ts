import { randomUUID } from 'node:crypto';
import { createEmulatorAccount } from '../../scripts/emulator.mjs';
import { bearer, demoToken, idTokenFor } from './apiTokens';
import { expect, expectNoViolations, gotoReady, lookAt, signedInAs, test, waitForIslands } from './fixtures';

const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const PROJECT = 'demo-quillreads';

test.use(signedInAs('admin'));

/** What the person does with the emailed link (the emulator shows it): choose a password. */
async function setPasswordFromEmail(email: string, password: string) {
  const res = await fetch(`http://${EMULATOR}/emulator/v1/projects/${PROJECT}/oobCodes`);
  const { oobCodes } = (await res.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  const code = oobCodes.filter((c) => c.email === email && c.requestType === 'PASSWORD_RESET').at(-1);
  expect(code, 'a set-password link was emailed').toBeTruthy();
  const reset = await fetch(
    `http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode: code?.oobCode, newPassword: password }),
    },
  );
  expect(reset.status).toBe(200);
}

test('an admin creates a parent account, who sets a password and signs in; the admin disables and enables it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  const email = `created-${randomUUID().slice(0, 8)}@example.com`;
  const name = `Robin Created ${randomUUID().slice(0, 4)}`;

  await gotoReady(page, '/admin/users');
  await expect(page.getByRole('heading', { name: 'All accounts' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoViolations(page);
  await lookAt(page, 'admin-users');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL('/admin/create-new-account');
  await waitForIslands(page);

  // Nothing filled in: each problem is shown beside its field.
  await page.getByRole('button', { name: 'Create the account' }).click();
  await expect(page.getByText('Enter their email address.')).toBeVisible();
  await expect(page.getByText('Enter their name.')).toBeVisible();
  await expect(page.getByText('Choose parent, administrator or reading guide.')).toBeVisible();
  await expect(page.getByText('Confirm that they agreed to the privacy policy.')).toBeVisible();
  await expect(page.getByLabel('Email address')).toBeFocused();
  await expectNoViolations(page);
  await lookAt(page, 'create-account');

  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Their name').fill(name);
  await page.getByRole('radio', { name: /^Parent/ }).check();
  await page.getByRole('checkbox', { name: /agreed to our privacy policy/ }).check();
  await page.getByRole('button', { name: 'Create the account' }).click();
  await expect(page.getByRole('heading', { name: `${name}’s account is ready` })).toBeFocused();
  await expect(page.getByText(`We sent a link to set a password to ${email}`)).toBeVisible();
  await expectNoViolations(page);

  // The new person chooses a password from the email and signs in, in a browser of their own.
  await setPasswordFromEmail(email, 'my own password');
  // Playwright gives new contexts the file's options, the admin's session included: start empty.
  const theirs = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const theirPage = await theirs.newPage();
  await gotoReady(theirPage, '/login?next=%2Fprofile');
  await theirPage.getByLabel('Email address').fill(email);
  await theirPage.getByLabel('Password').fill('my own password');
  await theirPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(theirPage).toHaveURL('/profile');
  await expect(theirPage.getByText(`Signed in as ${name}`)).toBeVisible();
  await theirs.close();
  const token = await idTokenFor(email, 'my own password');

  // The admin finds the account and disables it: its API calls are refused; then enables it.
  await gotoReady(page, '/admin/users');
  await page.getByLabel('Search accounts').fill(email);
  const row = page.getByRole('row', { name: new RegExp(email) });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2);
  await row.getByRole('link', { name: `Manage ${name}` }).click();
  await waitForIslands(page);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expectNoViolations(page);
  await page.getByRole('button', { name: 'Disable this account' }).click();
  const dialog = page.getByRole('dialog', { name: `Disable ${name}’s account?` });
  await expect(dialog).toBeVisible();
  await expectNoViolations(page);
  await dialog.getByRole('button', { name: 'Disable the account' }).click();
  await expect(page.getByRole('status').getByText(`${name}’s account is disabled.`)).toBeVisible();
  await expect(page.getByText('Disabled', { exact: true })).toBeVisible();
  const refused = await request.get('/api/me', { headers: bearer(token) });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('account_disabled');

  await page.getByRole('button', { name: 'Enable this account' }).click();
  await expect(page.getByRole('status').getByText(`${name}’s account is enabled again.`)).toBeVisible();
  expect((await request.get('/api/me', { headers: bearer(token) })).status()).toBe(200);
});

test('the view of the demo parent shows Maya and Theo, and an honest empty list of orders', async ({
  page,
}) => {
  await gotoReady(page, '/admin/users?q=parent%40example.com');
  await page.getByRole('link', { name: 'Jordan Rivers', exact: true }).click();
  await expect(page).toHaveURL(/\/view-user-page\/[0-9a-f-]{36}$/);
  await waitForIslands(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Jordan Rivers' })).toBeVisible();
  const kids = page.getByRole('table', { name: 'Children' });
  await expect(kids.getByRole('rowheader')).toHaveText(['Maya', 'Theo']);
  // The demo family's orders depend on what other specs bought; a new family's empty state is in adminPayments.spec.ts.
  await expect(page.getByRole('heading', { name: /^Orders/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage this account' })).toBeVisible();
  await expectNoViolations(page);
  await lookAt(page, 'view-user');
});

test('an admin removes a child after a confirmation that says what goes with them', async ({
  page,
  request,
}) => {
  const email = `family-${randomUUID().slice(0, 8)}@example.com`;
  const account = (await createEmulatorAccount(email, 'a family password')) as {
    uid: string;
    idToken: string;
  };
  const headers = bearer(account.idToken);
  const registered = await request.post('/api/user/loginRegister', {
    headers,
    data: { uid: account.uid, email, registration: { displayName: 'Casey Lane', acceptPrivacyPolicy: true } },
  });
  const { id } = ((await registered.json()) as { data: { id: string } }).data;
  for (const firstName of ['Juniper', 'Oscar']) {
    await request.post('/api/children', {
      headers,
      data: { firstName, ageBand: '6-8', readingLevel: 'sapling' },
    });
  }

  await gotoReady(page, `/admin/users/${id}`);
  const children = page.getByRole('region', { name: 'Children' });
  await expect(children.getByRole('listitem')).toHaveCount(2);
  await children.getByRole('button', { name: 'Remove Juniper' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Juniper?' });
  await expect(dialog).toContainText('reading log');
  await expect(dialog).toContainText('read-aloud recordings');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoViolations(page);
  await page.screenshot({ path: 'test-results/screens/remove-child-1280.png' });
  await dialog.getByRole('button', { name: 'Remove Juniper for good' }).click();
  await expect(children.getByText('Juniper and everything about them were removed.')).toBeVisible();
  await expect(children.getByRole('listitem')).toHaveCount(1);
  await expect(children.getByRole('listitem')).toContainText('Oscar');
  const left = (await (await request.get('/api/children', { headers })).json()) as { name: string }[];
  expect(left.map((c) => c.name)).toEqual(['Oscar']);
});

test.describe('refusals', () => {
  // One pattern: Playwright would read a second array item as fixture options.
  test.use({ allowedConsoleErrors: [/status of 40[49]/] });

  test('trying to remove your own administrator role shows the refusal beside the control', async ({
    page,
    request,
  }) => {
    const token = await demoToken('admin');
    const me = (await (await request.get('/api/me', { headers: bearer(token) })).json()) as { id: string };
    await gotoReady(page, `/admin/users/${me.id}`);
    const roles = page.getByRole('group', { name: /Role of/ });
    await expect(roles.getByText('This is your own account')).toBeVisible();
    await roles.getByRole('radio', { name: 'Parent' }).check();
    await page.getByRole('button', { name: 'Save the role' }).click();
    await expect(roles.locator('.error')).toHaveText(
      /only enabled administrator|your own administrator role/,
    );
    await expect(roles.getByRole('radio', { name: 'Parent' })).toHaveAttribute('aria-invalid', 'true');
    await expectNoViolations(page);
    await lookAt(page, 'manage-user');
    const after = (await (await request.get('/api/me', { headers: bearer(token) })).json()) as {
      role: string;
    };
    expect(after.role).toBe('admin');
  });

  test('an unknown account says so', async ({ page }) => {
    await gotoReady(page, '/admin/users/not-an-account');
    await expect(page.getByRole('heading', { name: 'This account does not exist' })).toBeVisible();
    await gotoReady(page, `/view-user-page/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'This account does not exist' })).toBeVisible();
    await gotoReady(page, `/admin/users/${randomUUID()}`);
    await expect(page.getByRole('heading', { name: 'This account does not exist' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Find the account in the list of accounts' })).toBeVisible();
  });
});
