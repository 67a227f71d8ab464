import { DEMO_ACCOUNTS } from '../../src/features/demo/demoAccounts';
import { expect, gotoReady, lookAt, mainNav, signedInAs, test, waitForIslands } from './fixtures';

// Issue 13, item 1: the team could not find the console. Signing in lands them on the posts waiting
// for review; the navbar and their profile carry a way in; families see none of it.

test('an administrator who signs in lands in the console, with a Console link in the navbar', async ({
  page,
}) => {
  const admin = DEMO_ACCOUNTS.admin;
  await gotoReady(page, '/login');
  await page.getByLabel('Email address').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/admin/approveblogs');
  await waitForIslands(page);
  const consoleLink = mainNav(page).getByRole('link', { name: 'Console' });
  await expect(consoleLink).toBeVisible();
  await expect(consoleLink).toHaveAttribute('href', '/admin/approveblogs');
});

test.describe('signed in as an administrator', () => {
  test.use(signedInAs('admin'));

  test('the profile opens the console and each of its sections', async ({ page }) => {
    await gotoReady(page, '/profile');
    const panel = page.getByRole('region', { name: 'The team console' });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Open the console' })).toHaveAttribute(
      'href',
      '/admin/approveblogs',
    );
    await expect(panel.getByRole('link', { name: 'Inquiries' })).toHaveAttribute('href', '/admin/inquiries');
    await expect(panel.getByRole('link', { name: 'Accounts' })).toHaveAttribute('href', '/admin/users');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(mainNav(page).getByRole('link', { name: 'Console' })).toBeVisible();
    await lookAt(page, 'profile-admin');
  });
});

test.describe('signed in as a parent', () => {
  test.use(signedInAs('parent'));

  test('families see no console link, in the navbar or on the profile', async ({ page }) => {
    await gotoReady(page, '/profile');
    await expect(page.getByText(`Signed in as ${DEMO_ACCOUNTS.parent.displayName}`)).toBeVisible();
    await expect(mainNav(page).getByRole('link', { name: 'Console' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'The team console' })).toHaveCount(0);
  });

  // Issue 13, item 7: the signed-in tool pages spent about 300px on the marketing hero.
  test('the family’s tool pages open with a slim title bar, not the marketing hero', async ({ page }) => {
    for (const path of ['/profile', '/notification', '/update-profile', '/user/myblogs']) {
      await gotoReady(page, path);
      const header = await page.locator('.page-header').boundingBox();
      expect(header?.height ?? 0, path).toBeLessThanOrEqual(170);
    }
  });
});

test('signed out, the navbar says "Sign in" in words, as every page does', async ({ page }) => {
  await gotoReady(page, '/');
  await expect(mainNav(page).getByRole('link', { name: 'Sign in' })).toHaveText('Sign in');
  await expect(mainNav(page).getByText('Sign in')).toBeVisible();
});
