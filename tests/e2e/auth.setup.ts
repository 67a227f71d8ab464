import { mkdirSync } from 'node:fs';
import { DEMO_ACCOUNTS } from '../../src/features/demo/demoAccounts';
import { authFile, expect, gotoReady, test } from './fixtures';

mkdirSync('test-results/.auth', { recursive: true });

for (const role of ['parent', 'admin'] as const) {
  test(`sign in as the demo ${role}`, async ({ page }) => {
    const account = DEMO_ACCOUNTS[role];
    await gotoReady(page, '/login?next=%2Fprofile');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByText(`Signed in as ${account.displayName}`)).toBeVisible();
    // Firebase keeps its session in IndexedDB.
    await page.context().storageState({ path: authFile(role), indexedDB: true });
  });
}
