import type { APIRequestContext, Page } from '@playwright/test';
import ICAL from 'ical.js';
import { DEMO_ACCOUNTS } from '../../src/features/demo/demoAccounts';
import { bearer, demoToken } from './apiTokens';
import { createEvent, createFamily, expect, gotoReady, signedInAs, test, waitForIslands } from './fixtures';

const auth = bearer;

/** A new story time, created as the administrator through the API. */
const storyTime = (request: APIRequestContext, over: Record<string, unknown> = {}) =>
  // Well after the demo events, so the list test still sees those first.
  createEvent(request, 60, {
    title: `Test story time ${Math.random().toString(36).slice(2, 8)}`,
    description: 'A story and a craft.',
    location: 'Riverside Library',
    capacity: 10,
    ageMin: 4,
    ageMax: 8,
    ...over,
  });

/** A new family with one child, made as the sign-up page would. */
async function newFamily(request: APIRequestContext, name: string) {
  const family = await createFamily(request, {
    displayName: `${name}'s parent`,
    children: [{ firstName: name, ageBand: '4-6', readingLevel: 'sprout' }],
  });
  return { headers: family.headers, childId: family.childIds[0] };
}

async function openFirstUpcoming(page: Page) {
  await gotoReady(page, '/events');
  const first = page.getByRole('region', { name: 'Coming up' }).getByRole('link').first();
  const title = (await first.textContent())?.trim() ?? '';
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  return title;
}

test.describe('a visitor in New York', () => {
  test.use({ timezoneId: 'America/New_York', locale: 'en-US' });

  test('sees upcoming events first, soonest first, then past ones, with seats, ages and local times', async ({
    page,
  }) => {
    await gotoReady(page, '/events');
    const upcoming = page.getByRole('region', { name: 'Coming up' });
    const past = page.getByRole('region', { name: 'Past events' });
    const upcomingTitles = await upcoming.getByRole('heading', { level: 3 }).allTextContents();
    expect(upcomingTitles.slice(0, 3)).toEqual([
      'Saturday Story Time: Under the Sea',
      'Meet the Author: Writing Stories with Animals',
      'Workshop for Parents: Reading Aloud with Confidence',
    ]);
    const pastTitles = await past.getByRole('heading', { level: 3 }).allTextContents();
    expect(pastTitles).toEqual(['Story Time: Dinosaur Adventures', 'Autumn Book Swap']);
    // Upcoming comes before past in the page.
    const [upBox, pastBox] = [await upcoming.boundingBox(), await past.boundingBox()];
    expect(upBox?.y ?? 0).toBeLessThan(pastBox?.y ?? 0);

    const author = upcoming.getByRole('listitem').filter({ hasText: 'Meet the Author' });
    await expect(author).toContainText('100 seats left');
    await expect(author).toContainText('Online');
    await expect(author).toContainText('Ages 8–12');
    await expect(upcoming.getByRole('listitem').filter({ hasText: 'Workshop for Parents' })).toContainText(
      'All ages',
    );
    await expect(past.getByRole('listitem').first()).toContainText('Ended');
    // The seeded story time starts at 15:00 UTC: 11 AM or 10 AM in New York, with the zone named.
    await expect(upcoming.getByRole('listitem').first().locator('time')).toHaveText(/1[01]:00.*E[DS]T/);
    // Issue 13, item 7: "Saturday Story Time" fell on a Monday; its date says Saturday now.
    await expect(upcoming.getByRole('listitem').first().locator('time')).toHaveText(/Sat/);
  });
});

test('an event page carries schema.org Event data and an .ics file a calendar imports', async ({ page }) => {
  const title = await openFirstUpcoming(page);
  const raw = await page.locator('script[type="application/ld+json"]').textContent();
  const data = JSON.parse(raw ?? '{}') as Record<string, unknown>;
  expect(data).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: title,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: 'Riverside Public Library, Children’s Room',
      address: { '@type': 'PostalAddress', streetAddress: '48 Willow Street', addressCountry: 'US' },
    },
    offers: { '@type': 'Offer', price: 0, priceCurrency: 'USD' },
  });
  await expect(page.locator('address.event-place')).toContainText('48 Willow Street');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    /\/social\/events\.png$/,
  );
  expect(Date.parse(String(data.startDate))).toBeGreaterThan(Date.now());
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`${page.url().split('/').pop()}$`),
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    'content',
    `${title} · Quill Reads`,
  );

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Add to calendar (.ics)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('saturday-story-time-under-the-sea.ics');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
  expect(vevent).not.toBeNull();
  for (const field of ['uid', 'dtstamp', 'dtstart', 'dtend', 'summary']) {
    expect(vevent?.getFirstPropertyValue(field), field).toBeTruthy();
  }
  expect(vevent?.getFirstPropertyValue('summary')).toBe(title);
  expect(String(vevent?.getFirstPropertyValue('dtstart'))).toBe(
    new Date(String(data.startDate)).toISOString().replace('.000', ''),
  );

  const res = await page.request.get(`${new URL(page.url()).pathname}.ics`);
  expect(res.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(res.headers()['content-disposition']).toMatch(/^attachment; filename=".+\.ics"$/);
  expect(res.headers()['cache-control']).toMatch(/^public/);
});

test.describe('an unknown event', () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });
  test('is the 404 page, and has no calendar file', async ({ page, request }) => {
    for (const path of ['/events/00000000-0000-4000-8000-000000000000', '/events/not-an-id']) {
      const res = await page.goto(path);
      expect(res?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: '404! Something went wrong!' })).toBeVisible();
    }
    expect((await request.get('/events/00000000-0000-4000-8000-000000000000.ics')).status()).toBe(404);
  });
});

test('a signed-out visitor is asked to sign in and comes back to the event', async ({ page }) => {
  await openFirstUpcoming(page);
  const eventUrl = page.url();
  await waitForIslands(page);
  const link = page.getByRole('link', { name: 'Sign in to register a child' });
  await expect(link).toHaveAttribute('href', /^\/login\?next=%2Fevents%2F/);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await waitForIslands(page);
  await page.getByLabel('Email address').fill(DEMO_ACCOUNTS.parent.email);
  await page.getByLabel('Password').fill(DEMO_ACCOUNTS.parent.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(eventUrl);
  await waitForIslands(page);
  await expect(page.getByRole('button', { name: 'Register Theo' })).toBeVisible();
});

test.describe('a signed-in parent', () => {
  test.use(signedInAs('parent'));

  test('registers a child, finds it in the child’s notifications, and cancels', async ({ page, request }) => {
    const event = await storyTime(request, { capacity: 3 });
    await gotoReady(page, `/events/${event.id}`);
    const panel = page.getByRole('complementary', { name: 'Register a child' });
    await panel.scrollIntoViewIfNeeded();
    await waitForIslands(page);
    await expect(panel).toContainText('3 seats left.');
    await panel.getByRole('button', { name: 'Register Maya' }).click();
    await expect(panel.getByRole('status')).toHaveText(
      `Maya is registered for ${event.title}. You will find it in Maya’s notifications.`,
    );
    await expect(panel).toContainText('2 seats left.');
    // The pressed button is replaced: focus stays in Maya's row, on its new button.
    await expect(panel.getByRole('button', { name: 'Cancel Maya’s registration' })).toBeFocused();

    const children = await request.get('/api/children', { headers: auth(await demoToken('parent')) });
    const maya = (
      (await children.json()) as { name: string; notifications: { title: string; link: string }[] }[]
    ).find((c) => c.name === 'Maya');
    expect(maya?.notifications[0]).toMatchObject({
      title: `Maya is registered for ${event.title}`,
      link: `/events/${event.id}`,
    });

    await panel.getByRole('button', { name: 'Cancel Maya’s registration' }).click();
    const confirm = panel.getByRole('button', { name: 'Yes, cancel Maya’s registration' });
    await expect(confirm).toBeFocused();
    await confirm.click();
    await expect(panel.getByRole('status')).toHaveText('Maya’s registration is cancelled.');
    await expect(panel).toContainText('3 seats left.');
    await expect(panel.getByRole('button', { name: 'Register Maya' })).toBeFocused();
  });
});

test('the last seat goes to exactly one of two parents registering at the same moment', async ({
  page,
  request,
}) => {
  const event = await storyTime(request, { capacity: 1, title: `One-seat story time ${Date.now()}` });
  const [a, b] = await Promise.all([newFamily(request, 'Ada'), newFamily(request, 'Ben')]);
  const results = await Promise.all(
    [a, b].map((f) =>
      request.post(`/api/events/${event.id}/registrations`, {
        headers: f.headers,
        data: { childId: f.childId },
      }),
    ),
  );
  expect(results.map((r) => r.status()).sort()).toEqual([201, 409]);
  const refused = results.find((r) => r.status() === 409);
  expect(await refused?.json()).toMatchObject({
    error: { code: 'event_full', message: 'This event is full.' },
  });

  await gotoReady(page, `/events/${event.id}`);
  const panel = page.getByRole('complementary', { name: 'Register a child' });
  await panel.scrollIntoViewIfNeeded();
  await waitForIslands(page);
  await expect(panel).toContainText('This event is full.');
  await expect(panel.getByRole('link', { name: 'Sign in to register a child' })).toHaveCount(0);

  await gotoReady(page, '/events');
  await expect(
    page.getByRole('region', { name: 'Coming up' }).getByRole('listitem').filter({ hasText: event.title }),
  ).toContainText('Full');
});

// Issue 13, item 7: event cards had no Register button.
test('an upcoming event card has a Register button that opens the registration panel', async ({ page }) => {
  await gotoReady(page, '/events');
  const card = page.getByRole('region', { name: 'Coming up' }).getByRole('listitem').first();
  const title = (await card.getByRole('heading', { level: 3 }).textContent())?.trim() ?? '';
  const register = card.getByRole('link', { name: `Register for ${title}` });
  await expect(register).toHaveText('Register');
  // Past events take no registrations, so their cards have no button.
  await expect(
    page.getByRole('region', { name: 'Past events' }).getByRole('link', { name: /^Register/ }),
  ).toHaveCount(0);
  await register.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Register a child' })).toBeVisible();
});
