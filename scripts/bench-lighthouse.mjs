// `npm run bench:lighthouse`: Lighthouse (the npm package, with the system Chromium) on every public
// page of the production server, with Lighthouse's defaults: a phone (Moto G Power), simulated slow
// 4G and a 4× slower CPU. Prints the four scores and the Web Vitals per page. A benchmark, not a test:
// scores move with the machine's load; run it on a quiet machine and compare runs side by side.
// Goals (issue 14): performance 98 or more everywhere, accessibility, best practices and SEO 100.
// Pass --no-build to measure the current build, or page paths to measure only those.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { publicPaths, startSiteWithDemoContent } from './bench-site.mjs';
import { findChromium } from './chromium.mjs';
import { startEmulator } from './emulator.mjs';
import { run, step } from './lib.mjs';

const onlyPaths = process.argv.slice(2).filter((a) => a.startsWith('/'));
if (!process.argv.includes('--no-build')) {
  step('Building the site');
  if ((await run('astro', ['build'])) !== 0) process.exit(1);
}

const chromePath = findChromium();
if (!chromePath || chromePath === 'playwright') {
  console.error('✖ Lighthouse needs a Chromium: set CHROMIUM_PATH or install chromium.');
  process.exit(1);
}

// The sign-in pages ask Firebase who is signed in; without the local emulator that request fails
// and the console error costs best practices points that a deployed site (real Firebase) keeps.
step('Starting the local sign-in emulator');
const stopEmulator = await startEmulator();
const { base, stop } = await startSiteWithDemoContent();
process.on('exit', stop);
const paths = onlyPaths.length > 0 ? onlyPaths : await publicPaths(base);

step(`Lighthouse on ${paths.length} pages (mobile, simulated slow 4G)`);
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const rows = [];
try {
  for (const path of paths) {
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const { categories, audits } = result.lhr;
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    const ms = (id) => audits[id]?.numericValue ?? Number.NaN;
    // The failing audits of every category but performance (whose scores are the figures above).
    const failingRefs = Object.values(categories)
      .filter((c) => c.id !== 'performance')
      .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0));
    rows.push({
      path,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: ms('first-contentful-paint'),
      lcp: ms('largest-contentful-paint'),
      tbt: ms('total-blocking-time'),
      cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      bytes: audits['total-byte-weight']?.numericValue ?? Number.NaN,
      failing: failingRefs.map((ref) => ref.id),
      // Why: the console's errors, the blocked crawl, the first items of any other failing audit.
      reasons: failingRefs.flatMap((ref) =>
        (audits[ref.id]?.details?.items ?? [])
          .slice(0, 3)
          .map(
            (item) =>
              `${ref.id}: ${item.description ?? item.source ?? item.node?.snippet ?? ''}${item.url ? ` (${item.url})` : ''}`,
          ),
      ),
    });
  }
} finally {
  await chrome.kill();
  await stopEmulator();
}

const pad = (v, n) => String(v).padStart(n);
console.log(
  `\n${'page'.padEnd(30)} ${pad('perf', 4)} ${pad('a11y', 4)} ${pad('bp', 4)} ${pad('seo', 4)} ${pad('FCP s', 6)} ${pad('LCP s', 6)} ${pad('TBT ms', 7)} ${pad('CLS', 6)} ${pad('KB', 6)}`,
);
for (const r of rows) {
  console.log(
    `${r.path.slice(0, 30).padEnd(30)} ${pad(r.performance, 4)} ${pad(r.accessibility, 4)} ${pad(r.bestPractices, 4)} ${pad(r.seo, 4)} ${pad((r.fcp / 1000).toFixed(2), 6)} ${pad((r.lcp / 1000).toFixed(2), 6)} ${pad(r.tbt.toFixed(0), 7)} ${pad(r.cls.toFixed(3), 6)} ${pad((r.bytes / 1024).toFixed(0), 6)}`,
  );
  if (r.failing.length > 0) console.log(`  failing: ${r.failing.join(', ')}`);
  for (const reason of r.reasons) console.log(`    ${String(reason).slice(0, 160)}`);
}
const low = rows.filter(
  (r) => r.performance < 98 || r.accessibility < 100 || r.bestPractices < 100 || r.seo < 100,
);
console.log(
  low.length === 0
    ? '\nEvery page meets the goals (performance 98+, the others 100).'
    : `\n${low.length} of ${rows.length} pages below the goals (performance 98+, the others 100).`,
);
process.exit(0);
