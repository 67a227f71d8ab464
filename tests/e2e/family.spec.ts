import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { DELETE_CONFIRMATION } from '../../src/features/family/family.schema';
import { idTokenFor } from './apiTokens';
import {
  createEvent,
  createFamily,
  expect,
  expectNoSidewaysScroll,
  expectNoViolations,
  gotoReady,
  mainNav,
  signInThroughLoginPage,
  test,
  waitForIslands,
} from './fixtures';

const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';

/** A new family made through the API (two children), signed in through the login page. */
async function newFamily(page: Page, request: APIRequestContext, next: string) {
  const family = await createFamily(request, {
    displayName: 'Casey Lane',
    children: [
      { firstName: 'Juniper', ageBand: '8-10', readingLevel: 'branch' },
      { firstName: 'Oscar', ageBand: '4-6', readingLevel: 'sprout' },
    ],
  });
  await signInThroughLoginPage(page, family, next);
  return family;
}

/** A notification for a child, made the way the product makes them: an event registration. */
async function registerForEvent(
  request: APIRequestContext,
  headers: Record<string, string>,
  childId: string,
) {
  const { id, title } = await createEvent(request, 40, {
    title: `Library visit ${randomUUID().slice(0, 4)}`,
    location: 'Riverside Library',
    capacity: 10,
  });
  const res = await request.post(`/api/events/${id}/registrations`, { headers, data: { childId } });
  expect(res.status()).toBe(201);
  return title;
}

test('the profile tab survives a reload, from sessionStorage "tabIndex"', async ({ page, request }) => {
  await newFamily(page, request, '/profile');
  const tabs = page.getByRole('tablist', { name: 'Your profile' });
  await expect(tabs.getByRole('tab', { name: 'Children' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('list', { name: 'Your children' }).getByRole('heading')).toHaveText([
    'Juniper',
    'Oscar',
  ]);
  await tabs.getByRole('tab', { name: 'Children' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { name: 'Notifications' })).toBeFocused();
  expect(await page.evaluate(() => sessionStorage.getItem('tabIndex'))).toBe('1');
  await page.reload();
  await waitForIslands(page);
  await expect(
    page.getByRole('tablist', { name: 'Your profile' }).getByRole('tab', { name: 'Notifications' }),
  ).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Juniper’s notifications' })).toBeVisible();
});

test('switching the active child moves the navbar name and the notifications; new ones arrive while the page is open', async ({
  page,
  request,
}) => {
  const family = await newFamily(page, request, '/profile');
  await expect(mainNav(page).locator('.navbar-profile-name')).toHaveText('Juniper');
  await page.getByRole('radio', { name: /Oscar/ }).first().check();
  await expect(mainNav(page).locator('.navbar-profile-name')).toHaveText('Oscar');

  await gotoReady(page, '/notification');
  await expect(page.getByRole('heading', { name: 'Oscar’s notifications' })).toBeVisible();
  await expect(page.getByText('Nothing here yet')).toBeVisible();

  // Something happens elsewhere: the navbar count and the list catch up without a reload, told
  // by the count's event stream at once (a poll would take up to 20 seconds).
  const title = await registerForEvent(request, family.headers, family.childIds[1] ?? '');
  const badge = mainNav(page).locator('.navbar-badge');
  await expect(badge).toHaveText(/^1/, { timeout: 5_000 });
  const list = page.getByRole('list', { name: 'Oscar’s notifications, newest first' });
  await expect(list.getByRole('link', { name: `Oscar is registered for ${title}` })).toBeVisible();
  await expect(list.getByText('New')).toBeVisible();
  // Issue 13, item 7: unread was pink with a red bar, which reads as an error. It is information.
  const unread = list.getByRole('listitem').filter({ hasText: title });
  const colours = await unread.evaluate((el) => {
    const style = getComputedStyle(el);
    return { bar: style.borderLeftColor, wash: style.backgroundColor };
  });
  expect(colours).toEqual({ bar: 'rgb(31, 90, 158)', wash: 'rgb(226, 236, 248)' });

  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'marked as read' })).toBeAttached();
  await expect(list.getByText('New')).toHaveCount(0);
  await expect(badge).toHaveCount(0);

  // Juniper's notifications are her own.
  await page.getByRole('radio', { name: 'Juniper' }).check();
  await expect(page.getByRole('heading', { name: 'Juniper’s notifications' })).toBeVisible();
  await expect(page.getByText('Nothing here yet')).toBeVisible();
  await expect(mainNav(page).locator('.navbar-profile-name')).toHaveText('Juniper');
});

test('a child can be edited and removed after a confirmation that says what goes', async ({
  page,
  request,
}) => {
  await newFamily(page, request, '/update-profile');
  // Issue 13, item 7: "Edit or remove" was tiny grey text; it reads as a control now.
  const hint = page.getByRole('main').getByText('Edit or remove').first();
  const look = await hint.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      size: Number.parseFloat(style.fontSize),
      weight: Number(style.fontWeight),
      border: style.borderTopWidth,
    };
  });
  expect(look.size).toBeGreaterThanOrEqual(16);
  expect(look.weight).toBeGreaterThanOrEqual(700);
  expect(look.border).toBe('2px');
  await page.getByRole('main').getByText('Oscar', { exact: true }).click();
  const form = page.getByRole('form', { name: 'Oscar’s profile' });
  await form.getByLabel('Reading level').selectOption('sapling');
  await form.getByRole('button', { name: 'Save Oscar’s profile' }).click();
  await expect(form.getByText('Oscar’s profile is saved.')).toBeVisible();

  await page.getByRole('button', { name: 'Remove Oscar’s profile…' }).click();
  await expect(page.getByText(/deletes Oscar’s profile with their reading log/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Keep Oscar’s profile' })).toBeFocused();
  await page.getByRole('button', { name: 'Yes, remove Oscar' }).click();
  const main = page.getByRole('main');
  await expect(main.getByText('Oscar', { exact: true })).toHaveCount(0);
  await expect(main.getByText('Juniper', { exact: true })).toBeVisible();
});

test('a parent confirms their email from the settings, and their contact messages become part of their data', async ({
  page,
  request,
}) => {
  const family = await newFamily(page, request, '/update-profile');
  await request.post('/api/inquiries', {
    data: {
      name: 'Casey Lane',
      email: family.email,
      subject: 'Library cards',
      message: 'Do you work with our library?',
    },
  });
  const details = page.getByRole('region', { name: 'Your details' });
  await expect(details.getByText('Your email address is not confirmed yet.')).toBeVisible();
  const before = await request.get('/api/me/export', { headers: family.headers });
  expect(((await before.json()) as { contactMessages: unknown[] }).contactMessages).toEqual([]);

  await details.getByRole('button', { name: 'Send me a confirmation link' }).click();
  const news = page.locator('#email-confirmation-status');
  await expect(news).toContainText(`We sent a link to ${family.email}.`);
  await expect(news).toBeFocused();
  // Not opened yet: the page says so.
  await details.getByRole('button', { name: 'I have opened the link' }).click();
  await expect(details.getByText('Your address is not confirmed yet')).toBeVisible();

  // What the parent does with the emailed link (the emulator shows it).
  const codes = await fetch(`http://${EMULATOR}/emulator/v1/projects/demo-quillreads/oobCodes`);
  const { oobCodes } = (await codes.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  const code = oobCodes.filter((c) => c.email === family.email && c.requestType === 'VERIFY_EMAIL').at(-1);
  expect(code, 'a confirmation link was emailed').toBeTruthy();
  const applied = await fetch(
    `http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:update?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ oobCode: code?.oobCode }),
    },
  );
  expect(applied.status).toBe(200);

  await details.getByRole('button', { name: 'I have opened the link' }).click();
  await expect(news).toHaveText('Your email address is confirmed.');
  await expect(news).toBeFocused();
  const after = await request.get('/api/me/export', {
    headers: { Authorization: `Bearer ${await idTokenFor(family.email, family.password)}` },
  });
  const messages = ((await after.json()) as { contactMessages: { subject: string }[] }).contactMessages;
  expect(messages.map((m) => m.subject)).toEqual(['Library cards']);
});

test('deleting the account leaves nothing of the family behind, sign-in included', async ({
  page,
  request,
}) => {
  const family = await newFamily(page, request, '/update-profile');
  const exportRes = await request.get('/api/me/export', { headers: family.headers });
  expect(((await exportRes.json()) as { children: unknown[] }).children).toHaveLength(2);
  // Issue 13, item 7: it said "Oscar and Juniper’s profiles"; each child has a profile of their own.
  await expect(
    page.getByText(/This deletes your account, the profiles of (Juniper and Oscar|Oscar and Juniper),/),
  ).toBeVisible();

  // Issue 24, item 6: what else it means, said before anything is deleted.
  await expect(page.getByText('A program that is running ends at once, without a refund')).toBeVisible();
  await expect(
    page.getByText(/Messages sent from an address you have not confirmed stay with our team/),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Delete our account…' }).click();
  const form = page.getByRole('form', { name: 'Delete your family’s account' });
  await form.getByRole('button', { name: 'Delete everything' }).click();
  await expect(form.getByText(`Type “${DELETE_CONFIRMATION}” to confirm.`)).toBeVisible();
  await form.getByLabel(`Type “${DELETE_CONFIRMATION}” to confirm`).fill(DELETE_CONFIRMATION);
  await form.getByLabel('Your password').fill(family.password);
  // Pressed twice, the deletion is sent once.
  const deletions: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'DELETE' && r.url().endsWith('/api/me')) deletions.push(r.url());
  });
  await form.getByRole('button', { name: 'Delete everything' }).dblclick();
  await expect(page).toHaveURL('/?account=deleted');
  expect(deletions).toHaveLength(1);
  await expect(mainNav(page).getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('Your family’s account and everything in it are deleted.')).toBeVisible();

  // The sign-in is gone, and the API knows nothing of the family any more.
  await expect(idTokenFor(family.email, family.password)).rejects.toThrow();
  const after = await request.get('/api/me/export', { headers: family.headers });
  expect(after.status()).toBe(403);
  expect(((await after.json()) as { error: { code: string } }).error.code).toBe('registration_required');
});

// Issue 13, item 7: a 40-character name (the longest allowed) made /profile scroll sideways at 375px.
test('a long child name fits a phone on every tab of the profile', async ({ page, request }) => {
  const name = 'Wilhelminaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
  expect(name).toHaveLength(40);
  const family = await createFamily(request, {
    displayName: 'Robin Long',
    children: [{ firstName: name, ageBand: '6-8', readingLevel: 'sapling' }],
  });
  await page.setViewportSize({ width: 375, height: 800 });
  await signInThroughLoginPage(page, family, '/profile');
  for (const tab of ['Children', 'Notifications', 'Reading plan', 'Reading', 'Account']) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(page.getByRole('tab', { name: tab, exact: true })).toHaveAttribute('aria-selected', 'true');
    await expectNoSidewaysScroll(page);
  }
  for (const path of ['/update-profile', `/book-history/${family.childIds[0]}`, '/notification']) {
    await gotoReady(page, path);
    await expectNoSidewaysScroll(page);
  }
});

// Issue 24, item 6: the calendar address is found again after a reload, and stopped only once the
// parent confirms.
test('the calendar address stays on the page and is stopped only after a confirmation', async ({
  page,
  request,
}) => {
  await newFamily(page, request, '/profile');
  await page.getByRole('tab', { name: 'Reading plan' }).click();
  const calendar = page.getByRole('region', { name: 'Reading sessions in your calendar' });
  await calendar.getByRole('button', { name: 'Get the calendar address' }).click();
  const address = calendar.getByLabel('Calendar address');
  await expect(address).toBeFocused();
  const url = await address.inputValue();
  expect(url).toMatch(/\/api\/calendar\/[\w-]{32}\/plans\.ics$/);

  await page.reload();
  await expect(calendar.getByLabel('Calendar address')).toHaveValue(url);
  await calendar.getByRole('button', { name: 'Stop this address…' }).click();
  await expect(calendar.getByText('Stop this address? Calendars that use it stop updating')).toBeVisible();
  await expect(calendar.getByRole('button', { name: 'Stop the address' })).toBeFocused();
  await calendar.getByRole('button', { name: 'Keep it' }).click();
  await expect(calendar.getByLabel('Calendar address')).toHaveValue(url);
  expect((await request.get(url)).status()).toBe(200);

  await calendar.getByRole('button', { name: 'Stop this address…' }).click();
  await calendar.getByRole('button', { name: 'Stop the address' }).click();
  await expect(calendar.getByText('The calendar address is stopped')).toBeVisible();
  await expect(calendar.getByRole('button', { name: 'Get the calendar address' })).toBeFocused();
  expect((await request.get(url)).status()).toBe(404);
  await expectNoViolations(page);
});

// Issue 24, item 6: the privacy policy says the device forgets the family at sign-out.
test('signing out forgets the program chosen on this device', async ({ page, request }) => {
  await newFamily(page, request, '/profile');
  await gotoReady(page, '/programs');
  await page
    .getByRole('button', { name: /^Choose/ })
    .first()
    .click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('qr:basket'))).not.toBeNull();
  await gotoReady(page, '/profile');
  await page.getByRole('tab', { name: 'Children' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL('/');
  const kept = await page.evaluate(() =>
    Object.keys({ ...localStorage, ...sessionStorage }).filter((k) => k.startsWith('qr:')),
  );
  expect(kept.filter((k) => k !== 'qr:session')).toEqual([]);
});
