// `npm run bench:family`: the pages families use every day, on a throttled phone (issue 28). Signs
// the demo parent in through the local emulator in Chromium, then opens each page:
//  - cold: a new browser profile holding only the sign-in (no HTTP cache, no copy of the page's data);
//  - warm: the same profile opening the page a second time;
//  - floor: cold, with the page's data request fired by the browser at navigation start (the token
//    in hand): no design that asks the API after the HTML can show the data sooner.
// Prints, per page, the time from navigation to the page's own data on screen (median, min–max of
// the runs), the JavaScript bodies received, the requests, the waterfall's depth up to the data
// request, and the layout shift. A benchmark, not a test: run it on a quiet machine.
// Pass --no-build to measure the current build, --runs N (default 3), page paths to measure only
// those, --waterfall to print each page's first cold visit request by request.
import { chromium } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../src/features/demo/demoAccounts.ts';
import { startSiteWithDemoContent } from './bench-site.mjs';
import { findChromium } from './chromium.mjs';
import { EMULATOR_HOST, startEmulator } from './emulator.mjs';
import { run, step } from './lib.mjs';
import { PHONE, VIEWPORT, visit } from './pageTiming.mjs';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 3;
const only = args.filter((a) => a.startsWith('/'));
/** What the device keeps as copies of pages' data (cleared for a cold visit). */
const DATA_COPY_PREFIX = 'qr:data:';

if (!args.includes('--no-build')) {
  step('Building the site');
  if ((await run('astro', ['build'])) !== 0) process.exit(1);
}
step('Starting the local sign-in emulator');
const stopEmulator = await startEmulator();
const { base, stop } = await startSiteWithDemoContent({ signIn: true });
process.on('exit', stop);

async function idToken({ email, password }) {
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

async function loginRegister(token) {
  const res = await fetch(`${base}/api/user/loginRegister`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ timeZone: 'UTC' }),
  });
  const body = await res.json();
  if (!body.data) throw new Error(`loginRegister answered ${res.status}: ${JSON.stringify(body)}`);
  return body.data;
}

/** Signs in through the login page; answers the browser state that holds the sign-in only. */
async function signedInState(browser, account) {
  const context = await browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();
  await page.goto(`${base}/login?next=%2Fprofile`, { waitUntil: 'networkidle' });
  await page.getByRole('textbox', { name: 'Email address' }).fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/profile$/, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  // Firebase keeps the session in IndexedDB, which a new context restores after its first scripts
  // may have looked; a copy in localStorage (which Firebase also reads, then moves) is there first.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
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
      }),
  );
  const state = await context.storageState();
  await context.close();
  for (const origin of state.origins)
    origin.localStorage = origin.localStorage.filter((item) => !item.name.startsWith(DATA_COPY_PREFIX));
  return state;
}

const parentToken = await idToken(DEMO_ACCOUNTS.parent);
const adminToken = await idToken(DEMO_ACCOUNTS.admin);
const family = await loginRegister(parentToken);
const maya = family.children.find((c) => c.name === 'Maya') ?? family.children[0];
const today = new Date().toISOString().slice(0, 10);
const get = (path) => ({ method: 'GET', url: `${base}/api${path}` });

/** The pages, what shows their own data, and the request that brings it. */
const PAGES = [
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
].filter((p) => only.length === 0 || only.some((o) => p.path.startsWith(o)));

const executablePath = findChromium();
const browser = await chromium.launch(
  executablePath && executablePath !== 'playwright' ? { executablePath } : {},
);
const states = {
  parent: await signedInState(browser, DEMO_ACCOUNTS.parent),
  admin: await signedInState(browser, DEMO_ACCOUNTS.admin),
};

async function measure(target) {
  const storageState = target.admin ? states.admin : states.parent;
  const token = target.admin ? adminToken : parentToken;
  const options = {
    url: `${base}${target.path}`,
    selector: target.selector,
    dataPath: new URL(target.data.url).pathname,
  };
  const rows = { cold: [], warm: [], floor: [] };
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: VIEWPORT, storageState, serviceWorkers: 'block' });
    rows.cold.push(await visit(context, await context.newPage(), options));
    rows.warm.push(await visit(context, await context.newPage(), options));
    await context.close();
    const fresh = await browser.newContext({ viewport: VIEWPORT, storageState, serviceWorkers: 'block' });
    rows.floor.push(
      await visit(fresh, await fresh.newPage(), { ...options, floor: { request: target.data, token } }),
    );
    await fresh.close();
  }
  return rows;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const secs = (xs) => {
  const s = xs.map((x) => x / 1000);
  return `${median(s).toFixed(2)} (${Math.min(...s).toFixed(2)}–${Math.max(...s).toFixed(2)})`;
};

step(
  `Each page ${runs}× cold, warm and floor: ${VIEWPORT.width}px, ${PHONE.latency} ms round trip, 1.6 Mbit/s, CPU ${PHONE.cpu}× slower`,
);
const table = [];
try {
  for (const target of PAGES) {
    const rows = await measure(target);
    const first = rows.cold[0];
    table.push({
      page: target.path.replace(/[0-9a-f-]{36}/, '{id}'),
      'cold s': secs(rows.cold.map((r) => r.dataAt)),
      'warm s': secs(rows.warm.map((r) => r.dataAt)),
      'floor s': secs(rows.floor.map((r) => r.floorAt)),
      'cold/floor': (
        median(rows.cold.map((r) => r.dataAt)) / median(rows.floor.map((r) => r.floorAt))
      ).toFixed(2),
      'JS KB': (first.jsBytes / 1024).toFixed(1),
      requests: first.requests,
      scripts: first.scripts,
      chain: first.chain ?? '–',
      CLS: Math.max(...rows.cold.map((r) => r.shift), ...rows.warm.map((r) => r.shift)).toFixed(3),
    });
    console.log(`  ${target.path}: measured`);
    if (args.includes('--waterfall'))
      console.log(
        `    data on screen at ${first.dataAt.toFixed(0)} ms\n    ${first.waterfall.join('\n    ')}`,
      );
  }
} finally {
  await browser.close();
  await stopEmulator();
}
console.table(table);
console.log(
  'cold: a new profile with the sign-in only; warm: its second visit; floor: the data request fired at navigation start.\nJS KB: compressed bodies of the cold visit; chain: requests one after another up to the data request; CLS: the worst run.',
);
process.exit(0);
