// `npm run bench:pages` (and a gate of `npm test`): what a real browser downloads on a first visit to
// every public page, as the production server sends it (compression included). Chromium loads each
// page in a fresh profile at a phone's size and waits until the network is quiet; the transfer sizes
// come from the browser itself. Prints a table and exits 1 when a page is over its budget:
//  - JavaScript: 80 KB on marketing pages, 120 KB on /login, /signup and /check-out (issue 14);
//  - HTML: 14 KB (the first round trip);
//  - script files: 10 (issue 28; each is a request with its headers, and on HTTP/1.1 a wait for one
//    of the six connections).
// Bytes do not depend on the machine's speed, so this gate is stable in CI. Pass --no-build to
// measure the current build. The server runs on a temporary embedded database with the demo content.
import { chromium } from '@playwright/test';
import { publicPaths, startSiteWithDemoContent } from './bench-site.mjs';
import { findChromium } from './chromium.mjs';
import { run, step } from './lib.mjs';

const KB = 1024;
export const BUDGETS = {
  html: 14 * KB,
  js: 80 * KB,
  /** Pages that sign people in or take a card carry the sign-in or payment library. */
  jsForms: 120 * KB,
  /** Script files a first visit fetches. */
  scripts: 10,
};
const FORM_PAGES = new Set(['/login', '/signup', '/check-out']);
/** Lighthouse's mobile screen (Moto G Power). */
const VIEWPORT = { width: 412, height: 823 };

if (!process.argv.includes('--no-build')) {
  step('Building the site');
  if ((await run('astro', ['build'])) !== 0) process.exit(1);
}

const { base, stop } = await startSiteWithDemoContent();
process.on('exit', stop);

const kind = (type, url) => {
  if (type === 'document') return 'html';
  if (type === 'script') return 'js';
  if (type === 'stylesheet') return 'css';
  if (type === 'font') return 'font';
  if (type === 'image' || url.endsWith('.svg')) return 'img';
  return 'other';
};

async function measure(browser, path) {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  const page = await context.newPage();
  const finished = [];
  page.on('requestfinished', (request) => finished.push(request));
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  const bytes = { html: 0, js: 0, css: 0, font: 0, img: 0, other: 0, headers: 0 };
  let scripts = 0;
  const encodings = new Set();
  for (const request of finished) {
    if (!request.url().startsWith(base)) continue;
    const sizes = await request.sizes();
    const response = await request.response();
    const k = kind(request.resourceType(), request.url());
    // Each body as it crossed the wire (compressed when the server compressed it); the budgets are
    // about the bodies, and the headers are counted apart (HTTP/2 would compress them).
    bytes[k] += sizes.responseBodySize;
    if (k === 'js') scripts += 1;
    bytes.headers += sizes.responseHeadersSize;
    const encoding = response ? (await response.allHeaders())['content-encoding'] : undefined;
    if (k === 'js' || k === 'html') encodings.add(encoding ?? 'none');
  }
  await context.close();
  const jsBudget = FORM_PAGES.has(path) ? BUDGETS.jsForms : BUDGETS.js;
  return { path, bytes, scripts, jsBudget, encodings: [...encodings].join('+') };
}

const executablePath = findChromium();
const browser = await chromium.launch(
  executablePath && executablePath !== 'playwright' ? { executablePath } : {},
);
const rows = [];
try {
  for (const path of await publicPaths(base)) rows.push(await measure(browser, path));
} finally {
  await browser.close();
}

const kb = (n) => (n / KB).toFixed(1).padStart(6);
console.log(
  '\nFirst visit, as transferred (KB of bodies, compressed as served; the total adds every header), phone-sized window.\n',
);
console.log(
  `${'page'.padEnd(30)} ${'HTML'.padStart(6)} ${'CSS'.padStart(6)} ${'JS'.padStart(6)} ${'fonts'.padStart(6)} ${'img'.padStart(6)} ${'total'.padStart(6)}  JS/budget  scripts  encoding`,
);
const over = [];
for (const r of rows) {
  const total = Object.values(r.bytes).reduce((a, b) => a + b, 0);
  const htmlOver = r.bytes.html > BUDGETS.html;
  const jsOver = r.bytes.js > r.jsBudget;
  if (htmlOver) over.push(`${r.path}: HTML ${kb(r.bytes.html).trim()} KB > ${BUDGETS.html / KB} KB`);
  if (jsOver) over.push(`${r.path}: JS ${kb(r.bytes.js).trim()} KB > ${r.jsBudget / KB} KB`);
  const scriptsOver = r.scripts > BUDGETS.scripts;
  if (scriptsOver) over.push(`${r.path}: ${r.scripts} script files > ${BUDGETS.scripts}`);
  console.log(
    `${r.path.slice(0, 30).padEnd(30)} ${kb(r.bytes.html)}${htmlOver ? '!' : ' '}${kb(r.bytes.css)} ${kb(r.bytes.js)}${jsOver ? '!' : ' '}${kb(r.bytes.font)} ${kb(r.bytes.img)} ${kb(total)}  ${(r.bytes.js / r.jsBudget).toFixed(2).padStart(9)}  ${String(r.scripts).padStart(6)}${scriptsOver ? '!' : ' '}  ${r.encodings}`,
  );
}
console.log(
  `\nBudgets: HTML ${BUDGETS.html / KB} KB; JS ${BUDGETS.js / KB} KB (${BUDGETS.jsForms / KB} KB on ${[...FORM_PAGES].join(', ')}); ${BUDGETS.scripts} script files.`,
);
if (over.length > 0) {
  console.log(`✖ Over budget:\n  ${over.join('\n  ')}`);
  process.exit(1);
}
console.log('✔ Every public page is within its budgets.');
process.exit(0);
