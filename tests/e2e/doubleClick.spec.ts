import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { bearer, demoToken } from './apiTokens';
import {
  createEvent,
  createFamily,
  expect,
  fillContactForm,
  gotoReady,
  signedInAs,
  signInThroughLoginPage,
  test,
  waitForIslands,
} from './fixtures';
import { steadyTimes, timeRadio } from './interviewTimes';

// Issue 13, item 2: a double-click made two inquiries on the contact form and two drafts on "Save
// draft". Each creating form now sends once (the button stops a second send while the first is in
// flight) with one idempotency key, which the server honours. Each test double-clicks for real,
// then counts through the API what was made; it also checks that the page sent its create with an
// Idempotency-Key, the same on every send, so a retry after a lost answer makes nothing twice.

const unique = (words: string) => `${words} ${randomUUID().slice(0, 8)}`;

/**
 * Watches the creates the page sends: POSTs to a path matching `path` (and `which` of them). At the
 * end, each must have carried an Idempotency-Key, and all the same one: one submission.
 */
function watchCreates(page: Page, path: RegExp, which: (request: Request) => boolean = () => true) {
  const keys: (string | undefined)[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && path.test(new URL(request.url()).pathname) && which(request)) {
      keys.push(request.headers()['idempotency-key']);
    }
  });
  return {
    expectOneSubmission() {
      expect(keys.length, 'creates sent').toBeGreaterThan(0);
      expect(keys.filter((key) => !key).length, 'creates sent without an Idempotency-Key').toBe(0);
      expect(new Set(keys).size, 'keys, one a submission').toBe(1);
    },
  };
}

/**
 * The first create POSTed to `path` reaches the server and is made, but its answer is lost on the
 * way back (a phone losing signal): the page sees a network error. Later sends go through.
 */
async function loseFirstAnswer(page: Page, path: RegExp) {
  let lost = false;
  await page.route(
    (url) => path.test(url.pathname),
    async (route) => {
      if (lost || route.request().method() !== 'POST') return route.continue();
      lost = true;
      await route.fetch();
      await route.abort('failed');
    },
  );
}

/** A GET of the API as `headers` (a family's or the administrator's bearer token), as JSON. */
async function getJson<T>(request: APIRequestContext, path: string, headers: Record<string, string>) {
  const res = await request.get(path, { headers });
  expect(res.status(), path).toBe(200);
  return (await res.json()) as T;
}

const adminHeaders = async () => bearer(await demoToken('admin'));

/**
 * Exactly one record whose `field` (its title, or a plan's name) is `value` in an admin list, found
 * by searching for it; removed after unless `keep` (events are cancelled, never deleted).
 */
async function expectOneRecord(
  request: APIRequestContext,
  path: string,
  value: string,
  { field = 'title', keep = false }: { field?: 'title' | 'name'; keep?: boolean } = {},
) {
  const admin = await adminHeaders();
  const list = await getJson<{ items: ({ id: string } & Record<string, unknown>)[] }>(
    request,
    `${path}?q=${encodeURIComponent(value)}`,
    admin,
  );
  const found = list.items.filter((r) => r[field] === value);
  expect(found).toHaveLength(1);
  if (!keep) await request.delete(`${path}/${found[0]?.id}`, { headers: admin });
}

/** A datetime-local value `days` from now at 10:00, in this machine's time zone (the browser's too). */
function localDateTime(days: number, hour = 10) {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`;
}

test('a double-click on the contact form sends one message', async ({ page, request }) => {
  const subject = unique('Double-click');
  await gotoReady(page, '/contact');
  const form = page.getByRole('form', { name: 'Contact form' });
  await form.scrollIntoViewIfNeeded();
  await waitForIslands(page);
  const creates = watchCreates(page, /^\/api\/inquiries$/);
  await fillContactForm(form, {
    name: 'Priya Shah',
    email: `priya-${Date.now()}@example.com`,
    subject,
    text: 'Does a double-click send this twice?',
  });
  await form.getByRole('button', { name: 'Send message' }).dblclick();
  await expect(page.getByRole('heading', { name: /Thank you, Priya Shah/ })).toBeVisible();

  const list = await getJson<{ items: { subject: string }[] }>(
    request,
    `/api/admin/inquiries?q=${encodeURIComponent(subject)}`,
    await adminHeaders(),
  );
  expect(list.items.filter((i) => i.subject === subject)).toHaveLength(1);
  creates.expectOneSubmission();
});

test('a double-click on "Create my family account" makes one account', async ({ page, request }) => {
  const email = `family-${randomUUID().slice(0, 8)}@example.com`;
  await gotoReady(page, '/signup');
  // The sign-in's own login/register calls carry no registration: only the sign-up's is a create.
  const creates = watchCreates(
    page,
    /^\/api\/user\/loginRegister$/,
    (r) => (r.postDataJSON() as { registration?: unknown } | null)?.registration !== undefined,
  );
  await page.getByLabel('Your name').fill('Morgan Reed');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('a good long password');
  await page.getByRole('checkbox', { name: /parent or guardian/ }).check();
  await page.getByRole('button', { name: 'Create my family account' }).dblclick();
  await expect(page).toHaveURL('/createProfile');

  const accounts = await getJson<{ items: { email: string }[] }>(
    request,
    `/api/admin/users?q=${encodeURIComponent(email)}`,
    await adminHeaders(),
  );
  expect(accounts.items.filter((a) => a.email === email)).toHaveLength(1);
  creates.expectOneSubmission();
});

test.describe('a new family', () => {
  /** A family of its own (no child, or one), signed in through the login page and sent to `next`. */
  async function newFamily(page: Page, request: APIRequestContext, next: (childIds: string[]) => string) {
    const family = await createFamily(request, {
      displayName: 'Casey Lane',
      children: [{ firstName: 'Juniper', ageBand: '4-6', readingLevel: 'sprout' }],
    });
    await signInThroughLoginPage(page, family, next(family.childIds));
    return { headers: family.headers, juniper: family.childIds[0] ?? '' };
  }

  /** Fills the add-a-child form for Oscar. */
  async function fillChild(page: Page) {
    await page.getByLabel('First name or nickname').fill('Oscar');
    await page.getByLabel('Age band').selectOption('6-8');
    await page.getByLabel('Reading level').selectOption('sapling');
  }

  const oscars = async (request: APIRequestContext, headers: Record<string, string>) =>
    (await getJson<{ name: string }[]>(request, '/api/children', headers)).filter((c) => c.name === 'Oscar');

  test('a double-click on "Add this child" adds one child', async ({ page, request }) => {
    const { headers } = await newFamily(page, request, () => '/createProfile');
    const creates = watchCreates(page, /^\/api\/children$/);
    await fillChild(page);
    await page.getByRole('button', { name: 'Add this child' }).dblclick();
    await expect(page).toHaveURL('/profile');

    expect(await oscars(request, headers)).toHaveLength(1);
    creates.expectOneSubmission();
  });

  test.describe('when an answer is lost on the way back', () => {
    // The lost answer is a failed request, which the browser logs.
    test.use({ allowedConsoleErrors: [/net::ERR_FAILED/] });

    test('"Add this child" again adds the child once', async ({ page, request }) => {
      const { headers } = await newFamily(page, request, () => '/createProfile');
      const creates = watchCreates(page, /^\/api\/children$/);
      await loseFirstAnswer(page, /^\/api\/children$/);
      await fillChild(page);
      await page.getByRole('button', { name: 'Add this child' }).click();
      await expect(page.getByText('We could not reach Quill Reads.', { exact: false })).toBeVisible();
      // The server did add Oscar; sending the form again must not add him a second time.
      await page.getByRole('button', { name: 'Add this child' }).dblclick();
      await expect(page).toHaveURL('/profile');

      expect(await oscars(request, headers)).toHaveLength(1);
      creates.expectOneSubmission();
    });

    test('a double-click on "Try saving again" keeps one read-aloud attempt', async ({ page, request }) => {
      // No microphone: the attempt is timed only, which is quick to make.
      await page.addInitScript(() => {
        navigator.mediaDevices.getUserMedia = () =>
          Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      });
      const { headers, juniper } = await newFamily(page, request, () => '/readonance/oration');
      const recordings = new RegExp(`^/api/children/${juniper}/recordings$`);
      const creates = watchCreates(page, recordings);
      await loseFirstAnswer(page, recordings);

      await page.getByRole('button', { name: 'Start reading' }).click();
      await expect(page.getByText('Timing (no recording)')).toBeVisible();
      await page.waitForTimeout(1_500);
      await page.getByRole('button', { name: 'Finish' }).click();
      await expect(page.getByRole('heading', { name: 'Juniper’s attempt' })).toBeVisible();
      await expect(page.getByText('Your reading is still here: try saving again.')).toBeVisible();
      // The first save was made; its answer never came. Saving again, twice over, keeps it once.
      await page.getByRole('button', { name: 'Try saving again' }).dblclick();
      await expect(page.getByText('Saved to Juniper’s reading history.')).toBeVisible();

      const saved = await getJson<unknown[]>(request, `/api/children/${juniper}/recordings`, headers);
      expect(saved).toHaveLength(1);
      creates.expectOneSubmission();
    });
  });

  test('a double-click on "Register" takes one seat', async ({ page, request }) => {
    const event = await createEvent(request, 65, {
      title: unique('Double-click story time'),
      description: 'A story and a craft.',
      location: 'Riverside Library',
      capacity: 5,
    });
    const { headers, juniper } = await newFamily(page, request, () => `/events/${event.id}`);
    const panel = page.getByRole('complementary', { name: 'Register a child' });
    await panel.scrollIntoViewIfNeeded();
    await waitForIslands(page);
    const creates = watchCreates(page, new RegExp(`^/api/events/${event.id}/registrations$`));
    await panel.getByRole('button', { name: 'Register Juniper' }).dblclick();
    await expect(panel.getByRole('status')).toHaveText(
      `Juniper is registered for ${event.title}. You will find it in Juniper’s notifications.`,
    );
    // Before, the second click could answer "already registered" over the success.
    await expect(panel.locator('.form-alert-error')).toHaveCount(0);

    const registrations = await getJson<{ childIds: string[]; seatsLeft: number }>(
      request,
      `/api/events/${event.id}/registrations`,
      headers,
    );
    expect(registrations).toMatchObject({ childIds: [juniper], seatsLeft: 4 });
    creates.expectOneSubmission();
  });

  test('a double-click on "Book this time" books one interview', async ({ page, request }) => {
    const { headers } = await newFamily(page, request, () => '/schedule-interview');
    const creates = watchCreates(page, /^\/api\/interviews$/);
    // A time the other interview tests leave alone: well down the list.
    await timeRadio(page, (await steadyTimes(page))[6] ?? '').check();
    await page.getByRole('button', { name: 'Book this time' }).dblclick();
    await expect(page.getByRole('heading', { name: 'Your interview is booked' })).toBeVisible();
    await expect(page.locator('.iv-card .form-alert-error')).toHaveCount(0);

    const mine = await getJson<{ interviews: { id: string; status: string }[] }>(
      request,
      '/api/me/interviews',
      headers,
    );
    expect(mine.interviews.filter((i) => i.status === 'booked')).toHaveLength(1);
    creates.expectOneSubmission();
    // Give the time back for the other tests.
    await request.delete(`/api/interviews/${mine.interviews[0]?.id}`, { headers });
  });

  test('a double-click on "Continue to payment" makes one order', async ({ page, request }) => {
    const plans = await getJson<{ id: string; name: string }[]>(request, '/api/plans', {});
    const plan = plans.find((p) => p.name === 'A-Bridged Condensed Program');
    if (!plan) throw new Error('the condensed program is not seeded');
    const { headers } = await newFamily(page, request, () => `/check-out?plan=${plan.id}`);
    const creates = watchCreates(page, /^\/api\/checkout$/);
    // Juniper is the only child, so she is chosen already.
    await expect(page.getByRole('radio', { name: 'Juniper' })).toBeChecked();
    await page.getByRole('button', { name: /Continue to payment/ }).dblclick();
    await expect(page.getByRole('heading', { name: 'Test payment — no card is charged' })).toBeVisible();

    const orders = await getJson<{ items: unknown[] }>(request, '/api/me/orders', headers);
    expect(orders.items).toHaveLength(1);
    creates.expectOneSubmission();
  });

  test('a double-click on "Add to the log" adds one entry', async ({ page, request }) => {
    const title = unique('The Double Click');
    const { headers, juniper } = await newFamily(page, request, ([id]) => `/book-history/${id}`);
    const form = page.getByRole('form', { name: 'Add reading' });
    const creates = watchCreates(page, new RegExp(`^/api/children/${juniper}/reading$`));
    await form.getByRole('radio', { name: 'Not in the catalogue' }).check();
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Minutes read').fill('20');
    await form.getByRole('button', { name: 'Add to the log' }).dblclick();
    // Once saved, the form empties for the next book.
    await expect(form.getByLabel('Minutes read')).toHaveValue('');

    const log = await getJson<{ entries: { title: string }[] }>(
      request,
      `/api/children/${juniper}/reading?limit=100`,
      headers,
    );
    expect(log.entries.filter((e) => e.title === title)).toHaveLength(1);
    creates.expectOneSubmission();
  });
});

test.describe('signed in as a parent', () => {
  test.use(signedInAs('parent'));

  test('a double-click on "Save draft" of a new post saves one draft', async ({ page, request }) => {
    const title = unique('One draft');
    await gotoReady(page, '/user/myblogs/new');
    const creates = watchCreates(page, /^\/api\/me\/blogs$/);
    await page.getByLabel('Title').fill(title);
    await page.getByRole('textbox', { name: 'Your post' }).click();
    await page.keyboard.type('A double-click should save this once.');
    await page.getByRole('button', { name: 'Save draft' }).dblclick();
    await expect(page).toHaveURL(/\/user\/myblogs\/[0-9a-f-]{36}$/);

    const parent = bearer(await demoToken('parent'));
    const mine = await getJson<{ id: string; title: string }[]>(request, '/api/me/blogs', parent);
    const drafts = mine.filter((p) => p.title === title);
    expect(drafts).toHaveLength(1);
    creates.expectOneSubmission();
    await request.delete(`/api/me/blogs/${drafts[0]?.id}`, { headers: parent });
  });
});

test.describe('signed in as the administrator', () => {
  test.use(signedInAs('admin'));

  test('a double-click on "Save episode" creates one podcast episode', async ({ page, request }) => {
    const title = unique('One episode');
    await gotoReady(page, '/admin/podcastupdate');
    await page.getByRole('link', { name: 'New episode' }).click();
    await expect(page.getByRole('heading', { name: 'New episode' })).toBeFocused();
    const creates = watchCreates(page, /^\/api\/admin\/podcast$/);
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Summary').fill('Said once, however often the button is pressed.');
    await page.getByRole('button', { name: 'Save episode' }).dblclick();
    await expect(page.getByText('Saved as a draft: only the team can see it.')).toBeVisible();
    await expect(page).toHaveURL(/#edit\/[0-9a-f-]{36}$/);

    creates.expectOneSubmission();
    await expectOneRecord(request, '/api/admin/podcast', title);
  });

  test('a double-click on "Add the book" adds one book', async ({ page, request }) => {
    const title = unique('Moon Garden');
    await gotoReady(page, '/admin/allBooks');
    const form = page.getByRole('region', { name: 'Add a book' });
    const creates = watchCreates(page, /^\/api\/admin\/books$/);
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Author').fill('Ruth Bright');
    await form.getByRole('button', { name: 'Add the book' }).dblclick();
    await expect(form.getByRole('status')).toContainText(`“${title}” was added to the catalogue.`);

    creates.expectOneSubmission();
    await expectOneRecord(request, '/api/admin/books', title);
  });

  test('a double-click on "Add the passage" adds one passage', async ({ page, request }) => {
    // Last by title, at the top level: families' practice pages keep showing their own passages first.
    const title = unique('Zz Night Train');
    await gotoReady(page, '/admin/allReadonance');
    const form = page.getByRole('region', { name: 'Add a passage' });
    const creates = watchCreates(page, /^\/api\/admin\/passages$/);
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Reading level').selectOption('canopy');
    await form
      .getByLabel('Text')
      .fill('The night train hums along the hills. It carries sleepy people home.');
    await form.getByRole('button', { name: 'Add the passage' }).dblclick();
    await expect(form.getByRole('status')).toContainText(`“${title}” was added`);

    creates.expectOneSubmission();
    await expectOneRecord(request, '/api/admin/passages', title);
  });

  test('a double-click on "Create the account" creates one account', async ({ page, request }) => {
    const email = `created-${randomUUID().slice(0, 8)}@example.com`;
    await gotoReady(page, '/admin/create-new-account');
    const creates = watchCreates(page, /^\/api\/admin\/users$/);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Their name').fill('Robin Twice');
    await page.getByRole('radio', { name: /^Parent/ }).check();
    await page.getByRole('checkbox', { name: /agreed to our privacy policy/ }).check();
    await page.getByRole('button', { name: 'Create the account' }).dblclick();
    await expect(page.getByRole('heading', { name: 'Robin Twice’s account is ready' })).toBeVisible();

    const accounts = await getJson<{ items: { email: string }[] }>(
      request,
      `/api/admin/users?q=${encodeURIComponent(email)}`,
      await adminHeaders(),
    );
    expect(accounts.items.filter((a) => a.email === email)).toHaveLength(1);
    creates.expectOneSubmission();
  });

  test('a double-click on "Create plan" creates one plan', async ({ page, request }) => {
    const name = unique('Twice Club');
    await gotoReady(page, '/admin/create-plans');
    await page.getByRole('button', { name: 'Add a plan' }).click();
    const form = page.getByRole('form', { name: 'New plan' });
    const creates = watchCreates(page, /^\/api\/admin\/plans$/);
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Duration in months').fill('1');
    await form.getByLabel('Price in US dollars').fill('9.50');
    await form.getByLabel('Description').fill('A plan made by a double-click test.');
    // Retired, so the program pages other tests read stay as seeded.
    await form.getByRole('checkbox', { name: 'Families can buy this plan' }).uncheck();
    await form.getByRole('button', { name: 'Create plan' }).dblclick();
    await expect(page.getByRole('status').filter({ hasText: `“${name}” is created` })).toBeVisible();

    creates.expectOneSubmission();
    await expectOneRecord(request, '/api/admin/plans', name, { field: 'name' });
  });

  test('a double-click on "Create event" creates one event', async ({ page, request }) => {
    const title = unique('Twice story time');
    await gotoReady(page, '/admin/eventupdate');
    await page.getByRole('button', { name: 'Add an event' }).click();
    const form = page.getByRole('form', { name: 'New event' });
    const creates = watchCreates(page, /^\/api\/admin\/events$/);
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('A story and a craft, made by a double-click test.');
    // Far ahead, after every event other tests look at.
    await form.getByLabel('Starts').fill(localDateTime(400, 10));
    await form.getByLabel('Ends').fill(localDateTime(400, 11));
    await form.getByLabel('Venue (optional if online)').fill('Riverside Library');
    await form.getByLabel('Street address').fill('48 Willow Street');
    await form.getByLabel('Town or city').fill('Springfield');
    await form.getByLabel('Postal code').fill('62701');
    await form.getByLabel('Country code').fill('US');
    await form.getByLabel('Seats').fill('8');
    await form.getByRole('button', { name: 'Create event' }).dblclick();
    await expect(page.getByRole('status').filter({ hasText: `“${title}” is created` })).toBeVisible();

    creates.expectOneSubmission();
    await expectOneRecord(request, '/api/admin/events', title, { keep: true });
  });

  test('a double-click on "Save as draft" of a team post saves one draft', async ({ page, request }) => {
    const title = unique('Team draft');
    await gotoReady(page, '/admin/blogwriting');
    const creates = watchCreates(page, /^\/api\/admin\/blogs$/);
    await page.getByLabel('Title').fill(title);
    await page.getByRole('textbox', { name: 'The post' }).click();
    await page.keyboard.type('A double-click should save this once.');
    await page.getByRole('button', { name: 'Save as draft' }).dblclick();
    await expect(page.getByText('Draft saved. Only the team can see it', { exact: false })).toBeVisible();

    const list = await getJson<{ items: { title: string }[] }>(
      request,
      `/api/admin/blogs?status=all&q=${encodeURIComponent(title)}`,
      await adminHeaders(),
    );
    expect(list.items.filter((p) => p.title === title)).toHaveLength(1);
    creates.expectOneSubmission();
  });

  test('a double-click on "Run a test payment" runs one', async ({ page, request }) => {
    await gotoReady(page, '/admin/test-payment');
    const creates = watchCreates(page, /^\/api\/admin\/test-payments$/);
    // Other tests run test payments too, at any moment: the runs are told apart by the ids this page got.
    const answered: Promise<string>[] = [];
    page.on('response', (response) => {
      const sent = response.request();
      if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/api/admin/test-payments') {
        answered.push(response.json().then((run: { id: string }) => run.id));
      }
    });
    const setup = page.getByRole('region', { name: 'This environment' });
    await setup.getByRole('button', { name: /^Run a test payment/ }).dblclick();
    const run = page.getByRole('region', { name: /^This test payment/ });
    await expect(run.getByText('Succeeded', { exact: true })).toBeVisible();

    const ids = new Set(await Promise.all(answered));
    expect(ids.size, 'runs the page was answered').toBe(1);
    const { runs } = await getJson<{ runs: { id: string }[] }>(
      request,
      '/api/admin/test-payments',
      await adminHeaders(),
    );
    expect(runs.filter((r) => ids.has(r.id))).toHaveLength(1);
    creates.expectOneSubmission();
  });
});
