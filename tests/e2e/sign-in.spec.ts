import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { createEmulatorAccount } from '../../scripts/emulator.mjs';
import { DEMO_ACCOUNTS } from '../../src/features/demo/demoAccounts';
import { expect, gotoReady, mainNav, signedInAs, test, waitForIslands } from './fixtures';

const uniqueEmail = () => `family-${randomUUID().slice(0, 8)}@example.com`;

async function addChild(page: Page, name: string) {
  await expect(page).toHaveURL('/createProfile');
  await waitForIslands(page);
  await page.getByLabel('First name or nickname').fill(name);
  await page.getByLabel('Age band').selectOption('6-8');
  await page.getByLabel('Reading level').selectOption('sapling');
  await page.getByText('Dinosaurs').click();
  await page.getByRole('button', { name: 'Add this child' }).click();
  await expect(page).toHaveURL('/profile');
}

test('a new family signs up through the pages, adds a child and sees the short name in the navbar', async ({
  page,
}) => {
  await gotoReady(page, '/login');
  await page.getByRole('link', { name: 'Create a family account' }).click();
  await expect(page).toHaveURL('/signup');
  // Typed before the form has hydrated, the name would be reset by React's first render.
  await waitForIslands(page);
  await page.getByLabel('Your name').fill('Morgan Reed');
  await page.getByLabel('Email address').fill(uniqueEmail());
  await page.getByLabel('Password').fill('a good long password');
  await page.getByRole('checkbox', { name: /parent or guardian/ }).check();
  await page.getByRole('button', { name: 'Create my family account' }).click();

  await addChild(page, 'Maximilian Junior');
  await expect(mainNav(page).locator('.navbar-profile-name')).toHaveText('Maximil');
  await expect(page.getByText('Signed in as Morgan Reed')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/');
  await expect(mainNav(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.goto('/profile');
  await expect(page).toHaveURL('/login?next=%2Fprofile');
});

test('someone signed in without a family account is sent to /signup and finishes there', async ({ page }) => {
  const email = uniqueEmail();
  await createEmulatorAccount(email, 'another good password');
  await gotoReady(page, '/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('another good password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/signup/);
  await expect(page.getByText(`You are signed in as ${email}`)).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await page.getByLabel('Your name').fill('Robin Ames');
  await page.getByRole('checkbox', { name: /parent or guardian/ }).check();
  await page.getByRole('button', { name: 'Create my family account' }).click();
  await addChild(page, 'Zoë Marie');
  await expect(mainNav(page).locator('.navbar-profile-name')).toHaveText('Zoë');
});

test('a protected page returns to itself after sign-in', async ({ page }) => {
  await page.goto('/book-history/some-child?week=3');
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent('/book-history/some-child?week=3')}`);
  await waitForIslands(page);
  await page.getByLabel('Email address').fill(DEMO_ACCOUNTS.parent.email);
  await page.getByLabel('Password').fill(DEMO_ACCOUNTS.parent.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/book-history/some-child?week=3');
  await expect(page.getByRole('heading', { level: 1, name: 'Reading history' })).toBeVisible();
  await expect(mainNav(page).locator('.navbar-profile-name')).toHaveText('Maya');
});

test.describe('sign-in errors', () => {
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test('say what is wrong, beside the field', async ({ page }) => {
    await gotoReady(page, '/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your email address.')).toBeVisible();
    await expect(page.getByLabel('Email address')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter your password.')).toBeVisible();

    await page.getByLabel('Email address').fill(DEMO_ACCOUNTS.parent.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('That email and password do not match.')).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveAttribute('aria-describedby', 'login-password-error');

    await page.getByLabel('Email address').fill('nobody-here@example.com');
    await page.getByLabel('Password').fill('whatever it is');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText(/no account with this email|do not match/)).toBeVisible();
  });

  test('a forgotten password gets a reset link without revealing who has an account', async ({ page }) => {
    await gotoReady(page, '/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email address').fill(DEMO_ACCOUNTS.parent.email);
    await page.getByRole('button', { name: 'Send the reset link' }).click();
    await expect(
      page.getByRole('status').getByText(/a link to choose a new password is on its way/),
    ).toBeVisible();
  });

  test('signing up asks for consent and a long enough password', async ({ page }) => {
    await gotoReady(page, '/signup');
    await page.getByLabel('Your name').fill('Sam');
    await page.getByLabel('Email address').fill(uniqueEmail());
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create my family account' }).click();
    await expect(page.getByText('Please accept the privacy policy to create your account.')).toBeVisible();
    await expect(page.getByText('Choose a password of at least 8 characters.')).toBeVisible();
    await expect(page).toHaveURL('/signup');
  });
});

test.describe('a signed-in parent', () => {
  test.use(signedInAs('parent'));

  test('switches the active child and the navbar follows, also after a reload', async ({ page }) => {
    await gotoReady(page, '/profile');
    await expect(mainNav(page).locator('.navbar-profile-name')).toHaveText('Maya');
    await page.getByRole('radio', { name: /Theo/ }).check();
    await expect(mainNav(page).locator('.navbar-profile-name')).toHaveText('Theo');
    await page.reload();
    await expect(page.getByRole('radio', { name: /Theo/ })).toBeChecked();
    await expect(mainNav(page).locator('.navbar-profile-name')).toHaveText('Theo');
  });

  test('adding a child checks the details and names the field', async ({ page }) => {
    await gotoReady(page, '/createProfile');
    await page.getByLabel('First name or nickname').fill('R2D2');
    await page.getByRole('button', { name: 'Add this child' }).click();
    await expect(page.getByText('Use letters, spaces, hyphens or apostrophes only.')).toBeVisible();
    await expect(page.getByText('Give a birth year or choose an age band.')).toBeVisible();
    await expect(page.getByText('Choose a reading level.')).toBeVisible();
    await expect(page).toHaveURL('/createProfile');
  });
});

test.describe('when the account check cannot reach the server', () => {
  test.use({ ...signedInAs('parent'), allowedConsoleErrors: [/Failed to load resource/] });

  test('a protected page says so and offers to try again, which works once the server answers', async ({
    page,
  }) => {
    // No sign-in hint on this device, and the login/register call fails.
    await page.addInitScript(() => localStorage.removeItem('qr:session'));
    await page.route('**/api/user/loginRegister', (route) => route.abort('connectionrefused'));
    await page.goto('/notification');
    await expect(page.getByRole('heading', { name: 'We could not check your sign-in' })).toBeVisible();
    await expect(page).toHaveURL('/notification');

    await page.unroute('**/api/user/loginRegister');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'We could not check your sign-in' })).toHaveCount(0);
  });
});
