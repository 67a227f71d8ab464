import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Locator, type Page } from '@playwright/test';
import { createEmulatorAccount } from '../../scripts/emulator.mjs';
import type { Role } from '../../src/platform/access';
import type { AgeBand, ReadingLevel } from '../../src/platform/domain';
import type { Child } from '../../src/platform/identity/user';
import { bearer, demoToken } from './apiTokens';

export interface SessionHint {
  role: Role;
  children?: Child[];
  activeChild?: number;
}

interface Fixtures {
  /** Console errors a test expects (a 404 page logs its own 404 response). */
  allowedConsoleErrors: RegExp[];
  /**
   * Sets the sign-in hint the site keeps on the device, as after a visit while signed in. Public
   * pages paint the navbar from it without loading the identity service; protected pages do not
   * trust it (use `test.use(signedInAs('parent'))` for those).
   */
  withSessionHint: (hint: SessionHint) => Promise<void>;
}

/**
 * Astro's client-side router, when the next page holds an inline module script (a server island's
 * loader), adds an empty `data:` module script only to wait on its load or error event. The
 * Content-Security-Policy refuses `data:` scripts, as it must (decision 28): the browser reports it,
 * the error event fires, and the router goes on. Any other refusal fails the test.
 */
const ASTRO_ROUTER_PROBE =
  /^Loading the script 'data:application\/javascript,' violates the following Content Security Policy directive/;

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],

  page: async ({ page, allowedConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const text = message.text();
      if (ASTRO_ROUTER_PROBE.test(text)) return;
      if (!allowedConsoleErrors.some((re) => re.test(text))) errors.push(text);
    });
    page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
    await use(page);
    expect(errors, 'unexpected console errors').toEqual([]);
  },

  withSessionHint: async ({ page }, use) => {
    await use(async ({ role, children = [], activeChild = 0 }) => {
      await page.addInitScript(
        ([session, userData, index]) => {
          localStorage.setItem('qr:session', session);
          localStorage.setItem('qr:userData', userData);
          localStorage.setItem('qr:activeChild', index);
        },
        [
          JSON.stringify({ status: 'signed-in', uid: `${role}-uid`, role }),
          JSON.stringify({ role, children }),
          String(activeChild),
        ] as const,
      );
    });
  },
});

export { expect };

/** The site's main navigation bar. */
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The site's three layout landmarks, present on every page. */
export async function expectLayout(page: Page) {
  await expect(mainNav(page)).toBeVisible();
  await expect(page.locator('main#main')).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
}

export const NOT_FOUND_HEADING = '404! Something went wrong!';
export const NOT_FOUND_TEXT = 'The page you’re looking for doesn’t exist.';
export const HTTP_404_LOG = /status of 404/;

/** The document title of a page, as the layout builds it. */
export function signedInTitle(title: string): string {
  return `${title} · Quill Reads`;
}

/**
 * Opens a page and waits until its islands have hydrated: before that, the server HTML is
 * visible but its buttons do nothing yet. `client:visible` islands below the fold are left alone.
 */
export async function gotoReady(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForIslands(page);
  return response;
}

export async function waitForIslands(page: Page) {
  // The guard renders a protected page's own islands only once it has decided: wait for it too.
  await page.waitForFunction(
    () =>
      document.querySelector('.guard-wait') === null &&
      Array.from(document.querySelectorAll('astro-island')).every((island) => {
        if (!island.hasAttribute('ssr')) return true;
        if (island.getAttribute('client') !== 'visible') return false;
        // An island box is display: contents; what scrolls into view is its first element.
        const box = (island.firstElementChild ?? island).getBoundingClientRect();
        return box.top > window.innerHeight || box.bottom < 0;
      }),
  );
}

/** A message the test server's mail catcher received (scripts/mailCatcher.mjs). */
export interface CaughtEmail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attachments: { filename: string; contentType: string; content: string }[];
}

/**
 * The messages sent to `address`, oldest first, once there are `count` of them: the outbox sends
 * within seconds of what it tells (a nudge), or at its next minute.
 */
export async function emailsTo(request: APIRequestContext, address: string, count: number) {
  const mailbox = `${process.env.E2E_MAIL_URL}/api/messages?to=${encodeURIComponent(address)}`;
  let messages: CaughtEmail[] = [];
  await expect
    .poll(
      async () => {
        messages = ((await (await request.get(mailbox)).json()) as CaughtEmail[]).reverse();
        return messages.length;
      },
      { timeout: 75_000, intervals: [500, 1000, 2000] },
    )
    .toBe(count);
  return messages;
}

/** Where the setup project keeps a signed-in session. */
export type DemoRole = 'parent' | 'admin' | 'guide';

export function authFile(role: DemoRole): string {
  return `test-results/.auth/${role}.json`;
}

/** For `test.use(...)`: pages open signed in as the demo parent (Maya and Theo), administrator or reading guide. */
export function signedInAs(role: DemoRole) {
  return { storageState: authFile(role) };
}

export interface NewChild {
  firstName: string;
  ageBand: AgeBand;
  readingLevel: ReadingLevel;
  interests?: string[];
}

/**
 * A new family of its own, made through the API as the sign-up page would: an emulator account,
 * its registration, then its children in order (the first is the family's active child). For tests
 * that change what a family has (orders, an interview) without sharing the demo parent.
 */
export async function createFamily(
  request: APIRequestContext,
  { displayName, children }: { displayName: string; children: NewChild[] },
) {
  const email = `family-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'a family password';
  const account = (await createEmulatorAccount(email, password)) as { uid: string; idToken: string };
  const headers = bearer(account.idToken);
  const registered = await request.post('/api/user/loginRegister', {
    headers,
    data: { uid: account.uid, email, registration: { displayName, acceptPrivacyPolicy: true } },
  });
  expect(registered.status()).toBe(201);
  const ids: string[] = [];
  for (const child of children) {
    const res = await request.post('/api/children', { headers, data: child });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { _id: string })._id);
  }
  return { email, password, headers, childIds: ids };
}

/**
 * Buys the plan named `planName` for the family's child and pays for it in the sandbox, through
 * the API as the check-out page does (checkout.spec.ts walks its pages); answers the paid order.
 */
export async function buyInSandbox(
  request: APIRequestContext,
  family: { headers: Record<string, string> },
  planName: string,
  childId: string | undefined,
) {
  const plans = (await (await request.get('/api/plans')).json()) as { id: string; name: string }[];
  const started = await request.post('/api/checkout', {
    headers: family.headers,
    data: { planId: plans.find((p) => p.name === planName)?.id, childId },
  });
  expect(started.status()).toBe(201);
  const { orderId } = (await started.json()) as { orderId: string };
  const paid = await request.post(`/api/orders/${orderId}/sandbox-pay`, {
    headers: family.headers,
    data: { outcome: 'succeed' },
  });
  expect(paid.status()).toBe(200);
  return { orderId, order: (await paid.json()) as { subscription: { startsAt: string; endsAt: string } } };
}

/**
 * A new event, created as the demo administrator through the API: an hour long, `daysAhead` days
 * from now (well after the demo events, so the list tests still see those first), with `data`.
 */
/** A venue's postal address for the events the tests make. */
export const TEST_VENUE_ADDRESS = {
  streetAddress: '1 Test Lane',
  addressLocality: 'Springfield',
  postalCode: '62701',
  addressCountry: 'US',
};

export async function createEvent(
  request: APIRequestContext,
  daysAhead: number,
  data: Record<string, unknown>,
) {
  const start = Date.now() + daysAhead * 86_400_000;
  const res = await request.post('/api/admin/events', {
    headers: bearer(await demoToken('admin')),
    data: {
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + 3_600_000).toISOString(),
      // An event at a venue needs its postal address.
      ...(data.location ? TEST_VENUE_ADDRESS : {}),
      ...data,
    },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; title: string };
}

/** Fills the contact form's four fields (it is not sent). */
export async function fillContactForm(
  form: Locator,
  message: { name: string; email: string; subject: string; text: string },
) {
  await form.getByLabel('Your name').fill(message.name);
  await form.getByLabel('Email address').fill(message.email);
  await form.getByLabel('Subject').fill(message.subject);
  await form.getByLabel('Message').fill(message.text);
}

/** Signs in through the login page, as a family does, and waits for `next` to be ready. */
export async function signInThroughLoginPage(
  page: Page,
  { email, password }: { email: string; password: string },
  next = '/profile',
) {
  await gotoReady(page, `/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(next);
  await waitForIslands(page);
}

/** Screenshots at 1280px and 320px (kept in test-results/screens to look at), with no sideways scroll at 320px. */
export async function lookAt(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `test-results/screens/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.screenshot({ path: `test-results/screens/${name}-320.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The page itself is no wider than the window: it never scrolls sideways. */
export async function expectPageFitsWindow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Nothing wider than the window (wide tables scroll inside their own box), and so no sideways scroll. */
export async function expectNoSidewaysScroll(page: Page) {
  const wide = await page.evaluate(() => {
    const clipped = (el: Element | null): boolean =>
      el !== null &&
      el !== document.body &&
      (getComputedStyle(el).overflowX !== 'visible' || clipped(el.parentElement));
    return Array.from(document.querySelectorAll('body *'))
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !clipped(el.parentElement))
      .slice(0, 5)
      .map(
        (el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`,
      );
  });
  expect(wide, 'elements wider than the window').toEqual([]);
  await expectPageFitsWindow(page);
}

/** The bar for every page: WCAG 2.2 A and AA, and axe's best practices. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe finds nothing on the page as it is now (dialogs and states included). Only violations are
 * asked for in full: axe then keeps one example of each rule that passed instead of every node,
 * which spares about a sixth of its time on a long page (docs/performance.md).
 */
export async function expectNoViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}
