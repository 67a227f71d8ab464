import { mkdirSync } from 'node:fs';
import { DEMO_ACCOUNTS } from '../../src/features/demo/demoAccounts';
import { authFile, expect, gotoReady, test } from './fixtures';

mkdirSync('test-results/.auth', { recursive: true });

for (const role of ['parent', 'admin', 'guide'] as const) {
  test(`sign in as the demo ${role}`, async ({ page }) => {
    const account = DEMO_ACCOUNTS[role];
    // A reading guide lands in the guide console; the others are sent to the profile.
    await gotoReady(page, role === 'guide' ? '/login' : '/login?next=%2Fprofile');
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    if (role === 'guide') {
      await expect(page).toHaveURL('/guide');
      await expect(page.getByRole('heading', { level: 2, name: 'Readers you follow' })).toBeVisible();
    } else {
      await expect(page).toHaveURL('/profile');
      await expect(page.getByText(`Signed in as ${account.displayName}`)).toBeVisible();
    }
    await keepSessionInLocalStorage(page);
    await page.context().storageState({ path: authFile(role) });
  });
}

/**
 * Firebase keeps its session in IndexedDB. A context restores IndexedDB asynchronously, and now and
 * then Firebase looked before the restore had finished and found nobody signed in; localStorage is
 * in place before any script runs. Firebase reads every persistence the site lists
 * (src/platform/identity/firebase.client.ts) and moves a user it finds in localStorage to
 * IndexedDB, so each test's page starts signed in, every time.
 */
async function keepSessionInLocalStorage(page: import('@playwright/test').Page) {
  const copied = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('firebaseLocalStorageDb');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result
            .transaction('firebaseLocalStorage', 'readonly')
            .objectStore('firebaseLocalStorage')
            .getAll();
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            const records = read.result as { fbase_key: string; value: unknown }[];
            for (const r of records) localStorage.setItem(r.fbase_key, JSON.stringify(r.value));
            resolve(records.filter((r) => r.fbase_key.startsWith('firebase:authUser:')).length);
          };
        };
      }),
  );
  expect(copied, 'the signed-in user Firebase keeps').toBe(1);
}
