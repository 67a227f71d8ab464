// `npm run bench:pages`: builds the site, serves it, and prints for every public route the
// bytes a first visit downloads: HTML, CSS and JavaScript, raw and gzip, and the total.
// JavaScript counts every module the page loads to hydrate its islands (their static imports
// included). Pass --no-build to measure the current build.
import { spawn } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { ROUTES } from '../src/platform/routes.ts';
import { portIsFree, run, step } from './lib.mjs';

const JS_BUDGET_GZIP = 80 * 1024;
const port = Number(process.env.BENCH_PORT ?? 4391);
const base = `http://127.0.0.1:${port}`;

if (!process.argv.includes('--no-build')) {
  step('Building the site');
  if ((await run('astro', ['build'])) !== 0) process.exit(1);
}
if (!(await portIsFree(port, '127.0.0.1'))) {
  console.error(`✖ Port ${port} is in use; set BENCH_PORT to a free port.`);
  process.exit(1);
}
const server = spawn(process.execPath, ['dist/server/entry.mjs'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
  stdio: 'ignore',
});
process.on('exit', () => server.kill());

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${base}/`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  throw new Error('the server did not start');
}

const cache = new Map();
async function download(url) {
  if (!cache.has(url)) {
    const res = await fetch(url);
    const body = Buffer.from(await res.arrayBuffer());
    cache.set(url, body);
  }
  return cache.get(url);
}

const attr = (html, re) => Array.from(html.matchAll(re), (m) => m[1]);

/** Every module a page's scripts load at start-up, following static imports. */
async function collectJs(entry, pageUrl, seen) {
  const url = new URL(entry, pageUrl).href;
  if (seen.has(url)) return;
  seen.add(url);
  const code = (await download(url)).toString('utf8');
  const imports = [
    ...attr(code, /\bimport\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g),
    ...attr(code, /\bexport\s*[\w*{}\s,$]+from\s*["']([^"']+)["']/g),
  ];
  for (const spec of imports) {
    if (spec.startsWith('.') || spec.startsWith('/')) await collectJs(spec, url, seen);
  }
}

function sizes(buffers) {
  const raw = buffers.reduce((n, b) => n + b.length, 0);
  const gzip = buffers.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
  return { raw, gzip };
}

async function measure(path) {
  const pageUrl = `${base}${path}`;
  const html = await download(pageUrl);
  const text = html.toString('utf8');
  const css = attr(text, /<link[^>]+rel="stylesheet"[^>]*href="([^"]+)"/g);
  const scripts = [
    ...attr(text, /<script[^>]+type="module"[^>]*src="([^"]+)"/g),
    ...attr(text, /<link[^>]+rel="modulepreload"[^>]*href="([^"]+)"/g),
    ...attr(text, /component-url="([^"]+)"/g),
    ...attr(text, /renderer-url="([^"]+)"/g),
    ...attr(text, /before-hydration-url="([^"]+)"/g),
  ];
  const seen = new Set();
  for (const s of scripts) await collectJs(s.replaceAll('&amp;', '&'), pageUrl, seen);
  const cssBuffers = await Promise.all(css.map((href) => download(new URL(href, pageUrl).href)));
  const jsBuffers = await Promise.all([...seen].map((u) => download(u)));
  return { path, html: sizes([html]), css: sizes(cssBuffers), js: sizes(jsBuffers), modules: seen.size };
}

const kb = (n) => `${(n / 1024).toFixed(1)}`.padStart(6);
await waitForServer();
const publicRoutes = ROUTES.filter((r) => r.access === 'public' && !r.path.includes('{id}'));
const rows = [];
for (const route of publicRoutes) rows.push(await measure(route.path));

console.log(
  '\nFirst-visit bytes per public page, in KB (raw / gzip). JS = modules loaded to hydrate islands.\n',
);
console.log(
  `${'route'.padEnd(22)}  ${'HTML'.padStart(15)}  ${'CSS'.padStart(15)}  ${'JS'.padStart(15)}  ${'total gz'.padStart(8)}  JS/budget`,
);
for (const r of rows) {
  const total = r.html.gzip + r.css.gzip + r.js.gzip;
  console.log(
    `${r.path.padEnd(22)}  ${kb(r.html.raw)} /${kb(r.html.gzip)}  ${kb(r.css.raw)} /${kb(r.css.gzip)}  ${kb(r.js.raw)} /${kb(r.js.gzip)}  ${kb(total)}    ${(r.js.gzip / JS_BUDGET_GZIP).toFixed(2)}`,
  );
}
const worst = rows.reduce((a, b) => (b.js.gzip > a.js.gzip ? b : a));
const lightest = rows.reduce((a, b) => (b.js.gzip < a.js.gzip ? b : a));
console.log(`\nJS budget: ${JS_BUDGET_GZIP / 1024} KB gzip per page.`);
console.log(
  `Heaviest JS: ${worst.path} at ${(worst.js.gzip / 1024).toFixed(1)} KB gzip (${(worst.js.gzip / JS_BUDGET_GZIP).toFixed(2)} of the budget).`,
);
console.log(
  `Lightest JS: ${lightest.path} at ${(lightest.js.gzip / 1024).toFixed(1)} KB gzip; heaviest/lightest = ${(worst.js.gzip / lightest.js.gzip).toFixed(2)}.`,
);
console.log(
  worst.js.gzip <= JS_BUDGET_GZIP
    ? 'Every public page is within the JS budget.'
    : 'Over budget: see the pages above.',
);
server.kill();
process.exit(0);
