// `npm run bench:family`: the pages families use every day, on a throttled phone (issue 28). Signs
// the demo parent in through the local emulator in Chromium, then opens each page:
//  - cold: a new browser profile holding only the sign-in (no HTTP cache, no copy of the page's data);
//  - cold, token expired: the same an hour or more later, once the ID token the last signed-in page
//    kept has expired (the page then waits for the identity service to restore the session);
//  - warm: the same profile opening the page a second time;
//  - floor: cold, with the page's data request fired by the browser at navigation start (the token
//    in hand): no design that asks the API after the HTML can show the data sooner.
// Prints, per page, the time from navigation to the page's own data on screen (median, min–max of
// the runs), the JavaScript bodies received, the requests, the waterfall's depth up to the data
// request, and the layout shift. With `--before REV`, the same pages of that revision too (built in
// a temporary worktree), side by side. A benchmark, not a test: run it on a quiet machine.
// Pass --no-build to measure the current build, --runs N (default 3), page paths to measure only
// those, --waterfall to print each page's first cold visit request by request, --trace to print
// where its CPU went until the data was on screen (scripts/traceSummary.mjs).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startSiteWithDemoContent } from './bench-site.mjs';
import { findChromium } from './chromium.mjs';
import { startEmulator } from './emulator.mjs';
import { prepareSite } from './familySite.mjs';
import { run, step } from './lib.mjs';
import { cpuReference, PHONE, VIEWPORT, visit } from './pageTiming.mjs';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const runs = Number(option('--runs')) || 3;
const beforeRev = option('--before');
const only = args.filter((a) => a.startsWith('/'));
const tracing = args.includes('--trace');

/**
 * A worktree of `rev`, built, with this checkout's packages (a revision whose packages differ
 * needs its own `npm ci` there first).
 */
async function buildRevision(rev) {
  const dir = mkdtempSync(join(tmpdir(), 'quillreads-before-'));
  execFileSync('git', ['worktree', 'add', '--detach', dir, rev], { stdio: 'ignore' });
  try {
    // Hard links where the system's cp makes them (a second, fast); a copy elsewhere.
    execFileSync('cp', ['-al', 'node_modules', join(dir, 'node_modules')]);
  } catch {
    cpSync('node_modules', join(dir, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  }
  step(`Building ${rev} in ${dir}`);
  if ((await run('astro', ['build'], { cwd: dir, stdio: 'ignore' })) !== 0)
    throw new Error(`${rev} did not build`);
  return {
    dir,
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
      execFileSync('git', ['worktree', 'prune']);
    },
  };
}

if (!args.includes('--no-build')) {
  step('Building the site');
  if ((await run('astro', ['build'])) !== 0) process.exit(1);
}
const before = beforeRev ? await buildRevision(beforeRev) : null;
step('Starting the local sign-in emulator');
const stopEmulator = await startEmulator();
const sites = [];
const stops = [];
process.on('exit', () => {
  for (const stop of stops) stop();
  before?.remove();
});
for (const [label, cwd] of [...(before ? [['before', before.dir]] : []), ['now', process.cwd()]]) {
  const { base, stop } = await startSiteWithDemoContent({ signIn: true, cwd });
  stops.push(stop);
  sites.push({ label, base });
}

const executablePath = findChromium();
const browser = await chromium.launch(
  executablePath && executablePath !== 'playwright' ? { executablePath } : {},
);
for (const site of sites) Object.assign(site, await prepareSite(browser, site.base));
const reference = await cpuReference(browser);

/** `runs` cold, warm and floor visits of one page of one site. */
async function measure(site, target) {
  const storageState = target.admin ? site.states.admin : site.states.parent;
  const token = target.admin ? site.tokens.admin : site.tokens.parent;
  const options = {
    url: `${site.base}${target.path}`,
    selector: target.selector,
    dataPath: new URL(target.data.url).pathname,
  };
  const rows = { cold: [], later: [], warm: [], floor: [] };
  const newContext = (state) =>
    browser.newContext({ viewport: VIEWPORT, storageState: state, serviceWorkers: 'block' });
  for (let i = 0; i < runs; i++) {
    const context = await newContext(storageState);
    rows.cold.push(await visit(context, await context.newPage(), { ...options, trace: tracing && i === 0 }));
    rows.warm.push(await visit(context, await context.newPage(), { ...options, trace: tracing && i === 0 }));
    await context.close();
    const later = await newContext(target.admin ? site.states.adminLater : site.states.parentLater);
    rows.later.push(await visit(later, await later.newPage(), options));
    await later.close();
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

/** One line of the table: a page of a site, its figures. */
function rowOf(site, target, rows) {
  const first = rows.cold[0];
  return {
    page: target.path.replace(/[0-9a-f-]{36}/, '{id}'),
    ...(sites.length > 1 ? { build: site.label } : {}),
    'cold s': secs(rows.cold.map((r) => r.dataAt)),
    'cold, token expired': secs(rows.later.map((r) => r.dataAt)),
    'warm s': secs(rows.warm.map((r) => r.dataAt)),
    'floor s': secs(rows.floor.map((r) => r.floorAt)),
    'cold/floor': (median(rows.cold.map((r) => r.dataAt)) / median(rows.floor.map((r) => r.floorAt))).toFixed(
      2,
    ),
    'JS KB': (first.jsBytes / 1024).toFixed(1),
    requests: first.requests,
    scripts: first.scripts,
    chain: first.chain ?? '–',
    CLS: Math.max(...rows.cold.map((r) => r.shift), ...rows.warm.map((r) => r.shift)).toFixed(3),
  };
}

step(
  `Each page ${runs}× cold, warm and floor: ${VIEWPORT.width}px, ${PHONE.latency} ms round trip, 1.6 Mbit/s, CPU ${PHONE.cpu}× slower`,
);
const table = [];
try {
  for (const [index, target] of sites.at(-1).pages.entries()) {
    if (only.length > 0 && !only.some((o) => target.path.startsWith(o))) continue;
    for (const site of sites) {
      const page = site.pages[index];
      const rows = await measure(site, page);
      table.push(rowOf(site, page, rows));
      console.log(`  ${site.label}: ${page.path} measured`);
      if (tracing)
        for (const kind of ['cold', 'warm'])
          console.log(
            `    first ${kind} visit, data at ${rows[kind][0].dataAt.toFixed(0)} ms:\n    ${rows[kind][0].cpu.join('\n    ')}`,
          );
      if (args.includes('--waterfall'))
        console.log(
          `    data on screen at ${rows.cold[0].dataAt.toFixed(0)} ms\n    ${rows.cold[0].waterfall.join('\n    ')}`,
        );
    }
  }
} finally {
  await browser.close();
  await stopEmulator();
}
console.table(table);
console.log(
  `This machine: ${reference.toFixed(0)} ms for the reference work in Chromium, unthrottled (median of 5; lower is faster). Times scale with it: compare runs on different machines beside this figure.`,
);
console.log(
  "cold: a new profile with the sign-in only (the last page's ID token still valid); token expired: the same an hour later; warm: its second visit; floor: the data request fired at navigation start.\nJS KB: compressed bodies of the cold visit; chain: requests one after another up to the data request; CLS: the worst run.",
);
process.exit(0);
