// One site as bench-family.mjs measures it: its pages with the demo family's ids, and the browser
// state of the demo parent and administrator signed in through its login page.
import { DEMO_ACCOUNTS } from '../src/features/demo/demoAccounts.ts';
import { EMULATOR_HOST } from './emulator.mjs';
import { networkQuiet, trackRequests, VIEWPORT } from './pageTiming.mjs';

/** What the device keeps as copies of pages' data (cleared for a cold visit). */
const DATA_COPY_PREFIX = 'qr:data:';
/** The ID token the last signed-in page kept (src/platform/client/storageKeys.ts). */
const TOKEN_HINT_KEY = 'qr:token';

export async function idToken({ email, password }) {
  const res = await fetch(
    `http://${EMULATOR_HOST}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-key`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, returnSecureToken: true }),
    },
  );
  return (await res.json()).idToken;
}

async function loginRegister(base, token) {
  const res = await fetch(`${base}/api/user/loginRegister`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ timeZone: 'UTC' }),
  });
  const body = await res.json();
  if (!body.data) throw new Error(`loginRegister answered ${res.status}: ${JSON.stringify(body)}`);
  return body.data;
}

/** Copies Firebase's session from IndexedDB to localStorage, which a new context restores first. */
function keepSessionInLocalStorage() {
  return new Promise((resolve) => {
    indexedDB.open('firebaseLocalStorageDb').onsuccess = (event) => {
      const read = event.target.result
        .transaction('firebaseLocalStorage')
        .objectStore('firebaseLocalStorage')
        .getAll();
      read.onsuccess = () => {
        for (const r of read.result) localStorage.setItem(r.fbase_key, JSON.stringify(r.value));
        resolve(null);
      };
    };
  });
}

/** Signs in through the login page; answers the browser state that holds the sign-in only. */
async function signedInState(browser, base, account) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.goto(`${base}/login?next=%2Fprofile`, { waitUntil: 'networkidle' });
  await page.getByRole('textbox', { name: 'Email address' }).fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  const requests = trackRequests(page);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/profile$/, { timeout: 60_000 });
  await page.waitForLoadState('load');
  await networkQuiet(requests.inFlight);
  requests.stop();
  // The ID token the signed-in page keeps for the next one (tokenHint.ts), written once restored;
  // a build from before it (--before) keeps none.
  await page
    .waitForFunction((key) => localStorage.getItem(key) !== null, TOKEN_HINT_KEY, { timeout: 5000 })
    .catch(() => {});
  // Firebase keeps the session in IndexedDB, which a new context restores after its first scripts
  // may have looked; a copy in localStorage (which Firebase also reads, then moves) is there first.
  await page.evaluate(keepSessionInLocalStorage);
  const state = await context.storageState();
  await context.close();
  for (const origin of state.origins)
    origin.localStorage = origin.localStorage.filter((item) => !item.name.startsWith(DATA_COPY_PREFIX));
  return state;
}

/**
 * The same sign-in an hour or more later: the ID token the last page kept has expired (it is not
 * used then), so the page waits for the identity service to restore the session.
 */
function withoutTokenHint(state) {
  return {
    ...state,
    origins: state.origins.map((origin) => ({
      ...origin,
      localStorage: origin.localStorage.filter((item) => item.name !== TOKEN_HINT_KEY),
    })),
  };
}

/** The pages, what shows their own data, and the request that brings it. */
function pagesOf(base, family) {
  const maya = family.children.find((c) => c.name === 'Maya') ?? family.children[0];
  const today = new Date().toISOString().slice(0, 10);
  const get = (path) => ({ method: 'GET', url: `${base}/api${path}` });
  return [
    {
      path: `/reading-plan/${maya._id}`,
      selector: 'section.plan',
      data: get(`/children/${maya._id}/plan?today=${today}`),
    },
    {
      path: '/profile',
      selector: '.profile-card',
      data: { method: 'POST', url: `${base}/api/user/loginRegister`, body: { timeZone: 'UTC' } },
    },
    { path: `/book-history/${maya._id}`, selector: '.rlog', data: get(`/children/${maya._id}/reading`) },
    {
      path: '/notification',
      selector: '.notes-list, .notes-empty',
      data: get(`/children/${family.children[0]._id}/notifications`),
    },
    { path: `/reading-wall/${maya._id}`, selector: 'section.wall', data: get(`/children/${maya._id}/wall`) },
    { path: '/admin/users', selector: '.users-table tbody tr', data: get('/admin/users'), admin: true },
  ];
}

/** A running site, ready to measure: its pages, the signed-in states and the tokens. */
export async function prepareSite(browser, base) {
  const tokens = { parent: await idToken(DEMO_ACCOUNTS.parent), admin: await idToken(DEMO_ACCOUNTS.admin) };
  const family = await loginRegister(base, tokens.parent);
  const parent = await signedInState(browser, base, DEMO_ACCOUNTS.parent);
  const admin = await signedInState(browser, base, DEMO_ACCOUNTS.admin);
  return {
    base,
    pages: pagesOf(base, family),
    tokens,
    states: { parent, admin, parentLater: withoutTokenHint(parent), adminLater: withoutTokenHint(admin) },
  };
}
