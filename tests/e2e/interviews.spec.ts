import type { APIRequestContext, Download, Page } from '@playwright/test';
import ICAL from 'ical.js';
import { bearer, demoToken } from './apiTokens';
import {
  createFamily,
  expect,
  expectNoViolations,
  gotoReady,
  lookAt,
  signedInAs,
  signInThroughLoginPage,
  test,
} from './fixtures';
import { inGuideTestWindow, steadyTimes, timeRadio } from './interviewTimes';

const PAGE = '/schedule-interview';

interface Interview {
  id: string;
  startsAt: string;
  status: string;
}

/** The times free for booking, soonest first, as a family (`headers`) is offered them. */
async function freeTimes(request: APIRequestContext, headers: Record<string, string>) {
  const free = (await (await request.get('/api/interviews/slots', { headers })).json()) as {
    slots: { startsAt: string }[];
  };
  return free.slots.map((slot) => slot.startsAt);
}

/**
 * Books, through the API, the free time `fromEnd` places from the end (1 is the latest: the
 * journeys that book through the page take the first ones); answers the booking and its time.
 */
async function bookLateTime(
  request: APIRequestContext,
  family: { headers: Record<string, string> },
  fromEnd: number,
) {
  const startsAt = String((await freeTimes(request, family.headers)).at(-fromEnd));
  const booked = await request.post('/api/interviews', { headers: family.headers, data: { startsAt } });
  expect(booked.status()).toBe(201);
  return { ...((await booked.json()) as { id: string; joinUrl: string }), startsAt };
}

/** The demo parent starts without an upcoming interview, whatever an earlier test left. */
async function cancelUpcoming(request: APIRequestContext) {
  const headers = bearer(await demoToken('parent'));
  const mine = (await (await request.get('/api/me/interviews', { headers })).json()) as {
    interviews: Interview[];
  };
  for (const i of mine.interviews.filter(
    (x) => x.status === 'booked' && Date.parse(x.startsAt) > Date.now(),
  )) {
    expect((await request.delete(`/api/interviews/${i.id}`, { headers })).status()).toBe(200);
  }
}

/** The calendar event inside a downloaded .ics file. */
async function eventIn(download: Download) {
  expect(download.suggestedFilename()).toBe('quill-reads-interview.ics');
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  const vevent = new ICAL.Component(ICAL.parse(Buffer.concat(chunks).toString('utf8'))).getFirstSubcomponent(
    'vevent',
  );
  expect(vevent).not.toBeNull();
  const value = (name: string) => String(vevent?.getFirstPropertyValue(name));
  return { value, dtstart: new Date(`${value('dtstart')}`).toISOString() };
}

/**
 * Clicks the button and reads the file it saves. The click and the download fail apart, each with
 * its own message, instead of both waiting out the test; the page fixture lists the page's errors.
 */
async function downloadFrom(page: Page, name: string) {
  const downloading = page.waitForEvent('download', { timeout: 20_000 });
  downloading.catch(() => undefined); // awaited below, after the click
  await page.getByRole('button', { name }).click({ timeout: 20_000 });
  const download = await downloading.catch((error: unknown) => {
    throw new Error(`No calendar file after clicking “${name}”`, { cause: error });
  });
  return eventIn(download);
}

/** The hour as the page writes it for an en-GB reader ("9:20", "0:20" after midnight). */
const hourIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { hour: 'numeric', minute: '2-digit', timeZone }).format(new Date(iso));

test.describe('the demo parent, in Paris', () => {
  test.use({ ...signedInAs('parent'), timezoneId: 'Europe/Paris', locale: 'en-GB' });
  // Both tests change the demo parent's booking: one after the other.
  test.describe.configure({ mode: 'serial' });

  test('books a time, gets the confirmation, notification and .ics, then reschedules and cancels', async ({
    page,
    request,
  }) => {
    // A long journey (three page loads, three downloads, four axe runs) on a shared machine.
    test.setTimeout(120_000);
    await cancelUpcoming(request);
    await gotoReady(page, PAGE);
    await expect(page.getByRole('heading', { name: 'Book your interview' })).toBeVisible();
    const times = page.getByRole('group', { name: 'Choose a time' });
    await expect(times.getByText('Times are in your time zone (Europe/Paris)')).toBeVisible();
    await expectNoViolations(page);

    // Keyboard: focus a time, arrow to the next one (two in a row the guides' tests leave alone).
    const radios = times.getByRole('radio');
    const all = await radios.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    const at = all.findIndex(
      (v, i) => i + 1 < all.length && !inGuideTestWindow(v) && !inGuideTestWindow(all[i + 1] ?? ''),
    );
    await radios.nth(at).focus();
    await page.keyboard.press('ArrowRight');
    const first = radios.nth(at + 1);
    await expect(first).toBeChecked();
    const startsAt = String(await first.getAttribute('value'));
    await expect(first).toHaveAccessibleName(new RegExp(hourIn(startsAt, 'Europe/Paris')));
    await page.getByRole('button', { name: 'Book this time' }).click();

    await expect(page.getByRole('heading', { name: 'Your interview is booked' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your interview is booked for Maya' }),
    ).toBeVisible();
    await expect(page.locator(`time[datetime="${startsAt}"]`)).toContainText(
      hourIn(startsAt, 'Europe/Paris'),
    );
    // Issue 13, item 8: the family is told how the interview happens.
    const join = page.getByRole('region', { name: 'How to join' });
    const joinUrl = String(
      await join.getByRole('link', { name: /Join the video call/ }).getAttribute('href'),
    );
    expect(joinUrl).toMatch(/^https:\/\/.+interview-[0-9a-f-]{36}$/);
    await expect(join.getByRole('link', { name: '+1 800 555 0142' })).toHaveAttribute(
      'href',
      'tel:+18005550142',
    );
    await expectNoViolations(page);
    await page.screenshot({ path: 'test-results/interviews-booked.png' });

    const booked = await downloadFrom(page, 'Add to calendar (.ics)');
    expect(booked.value('uid')).toMatch(/^interview-[0-9a-f-]{36}@/);
    expect(booked.dtstart).toBe(startsAt);
    expect(booked.value('dtstamp')).toBeTruthy();
    expect(booked.value('dtend')).toBeTruthy();
    expect(booked.value('summary')).toBe('Quill Reads introductory interview');
    expect(booked.value('sequence')).toBe('0');
    expect(booked.value('status')).toBe('CONFIRMED');
    expect(booked.value('location')).toBe(joinUrl);
    expect(booked.value('description')).toContain(`Join the video call: ${joinUrl}`);

    await gotoReady(page, '/notification');
    const note = page.getByRole('listitem').filter({ hasText: 'Introductory interview booked' }).first();
    await expect(note).toContainText(`Join the video call at ${joinUrl}, or ring +1 800 555 0142`);

    // Reschedule to another free time.
    await gotoReady(page, PAGE);
    await page.getByRole('button', { name: 'Reschedule' }).click();
    await expect(page.getByRole('heading', { name: 'Move your interview' })).toBeVisible();
    const movedTo = (await steadyTimes(page)).filter((v) => v !== startsAt)[3] ?? '';
    await timeRadio(page, movedTo).check();
    await page.getByRole('button', { name: 'Move my interview' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'moved to the new time' })).toBeVisible();
    await expect(page.locator(`time[datetime="${movedTo}"]`)).toBeVisible();
    const moved = await downloadFrom(page, 'Add to calendar (.ics)');
    expect(moved.value('uid')).toBe(booked.value('uid'));
    expect(moved.dtstart).toBe(movedTo);
    expect(moved.value('sequence')).toBe('1');

    // Cancel, after a confirmation.
    await page.getByRole('button', { name: 'Cancel interview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel your interview?' });
    await expect(dialog).toBeVisible();
    await expectNoViolations(page);
    await dialog.getByRole('button', { name: 'Yes, cancel the interview' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your interview is cancelled' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Book your interview' })).toBeVisible();
    await expect(page.locator(`input[type="radio"][value="${movedTo}"]`)).toBeVisible();
    const cancelled = await downloadFrom(page, 'Download the cancellation for your calendar (.ics)');
    expect(cancelled.value('uid')).toBe(booked.value('uid'));
    expect(cancelled.value('status')).toBe('CANCELLED');
    expect(cancelled.value('sequence')).toBe('2');
  });

  test('looks finished at 1280px and 320px, without sideways scrolling', async ({ page, request }) => {
    await cancelUpcoming(request);
    for (const width of [1280, 320]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoReady(page, PAGE);
      await expect(page.getByRole('heading', { name: 'Book your interview' })).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `test-results/interviews-${width}.png`, fullPage: width === 320 });
    }
  });
});

test('the booking reads the same on the interview page and in the notification, in each reader’s zone', async ({
  browser,
  request,
}) => {
  const family = await createFamily(request, {
    displayName: 'Travelling parent',
    children: [{ firstName: 'Noor', ageBand: '6-8', readingLevel: 'sapling' }],
  });
  const { startsAt, id } = await bookLateTime(request, family, 2);

  const seen: string[] = [];
  for (const [timezoneId, locale, zoneName] of [
    ['Europe/Paris', 'en-GB', /GMT\+1|CET|CEST|GMT\+2/],
    ['America/New_York', 'en-US', /EST|EDT/],
  ] as const) {
    const context = await browser.newContext({ timezoneId, locale });
    const page = await context.newPage();
    await signInThroughLoginPage(page, family, PAGE);
    const onPage = String(await page.locator(`time[datetime="${startsAt}"]`).first().textContent());
    expect(onPage).toMatch(zoneName);
    await gotoReady(page, '/notification');
    const note = page.getByRole('listitem').filter({ hasText: 'Introductory interview booked' });
    await expect(note).toContainText(onPage);
    seen.push(onPage);
    await context.close();
  }
  // Two readers, two clocks: the same instant, written differently for each.
  expect(seen[0]).not.toBe(seen[1]);
  expect((await request.delete(`/api/interviews/${id}`, { headers: family.headers })).status()).toBe(200);
});

test('a signed-out visitor sees what to expect and a sign-in link that comes back', async ({ page }) => {
  await gotoReady(page, PAGE);
  await expect(page.getByRole('heading', { name: 'What to expect' })).toBeVisible();
  const signIn = page.getByRole('link', { name: 'Sign in to book an interview' });
  await expect(signIn).toHaveAttribute('href', `/login?next=${encodeURIComponent(PAGE)}`);
  await expectNoViolations(page);
});

test('two families booking one time at the same moment: one booking', async ({ request }) => {
  const family = async () =>
    (await createFamily(request, { displayName: 'Racing parent', children: [] })).headers;
  const [a, b] = await Promise.all([family(), family()]);
  // The latest free time: the journeys above use the first ones.
  const startsAt = String((await freeTimes(request, a)).at(-1));
  const answers = await Promise.all(
    [a, b].map((headers) => request.post('/api/interviews', { headers, data: { startsAt } })),
  );
  expect(answers.map((r) => r.status()).sort()).toEqual([201, 409]);
  const [first, second] = answers;
  if (!first || !second) throw new Error('two answers expected');
  const [winner, loser] = first.status() === 201 ? [first, second] : [second, first];
  expect(((await loser.json()) as { error: { code: string } }).error.code).toBe('slot_taken');
  expect(await freeTimes(request, a)).not.toContain(startsAt);
  // Give the time back for the next run.
  const winnerHeaders = winner === first ? a : b;
  const { id } = (await winner.json()) as { id: string };
  expect((await request.delete(`/api/interviews/${id}`, { headers: winnerHeaders })).status()).toBe(200);
});

test.describe('the team', () => {
  test.use(signedInAs('admin'));

  test('sees each booking in the console with the child, the parent to contact and the call', async ({
    page,
    request,
  }) => {
    const family = await createFamily(request, {
      displayName: 'Imogen Okafor',
      children: [{ firstName: 'Kit', ageBand: '8-10', readingLevel: 'sapling' }],
    });
    const { startsAt, id, joinUrl } = await bookLateTime(request, family, 3);

    await gotoReady(page, '/profile');
    await page.getByRole('link', { name: 'Interviews' }).first().click();
    await expect(page).toHaveURL(/\/admin\/interviews/);
    await expect(page.getByRole('heading', { name: 'Interview bookings', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search bookings' }).fill('Imogen Okafor');
    const row = page.getByRole('row').filter({ hasText: 'Imogen Okafor' });
    await expect(row).toContainText('Kit');
    // In the words families see, not the codes.
    await expect(row).toContainText('8–10 years, Sapling (ages 6–8)');
    await expect(row).toContainText(family.email);
    await expect(row.getByRole('link', { name: /Open the call/ })).toHaveAttribute('href', joinUrl);
    await expect(row.locator(`time[datetime="${startsAt}"]`)).toBeVisible();
    await expectNoViolations(page);
    await lookAt(page, 'admin-interviews');

    expect((await request.delete(`/api/interviews/${id}`, { headers: family.headers })).status()).toBe(200);
  });
});
