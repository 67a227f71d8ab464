// `npm test`: every check CI runs, in order: lint, types, unit and integration tests,
// the production build, the page weight budgets, the container's steps, then end-to-end tests in Chromium. Ends with one summary line.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { findChromium, installPlaywrightChromium } from './chromium.mjs';
import { freePort, run, step } from './lib.mjs';
import { addCounts, emptyCounts, playwrightCounts, summarize, vitestCounts } from './testSummary.mjs';
import { FLAKY_FILE } from './vitestFlakyReporter.mjs';

// On CI a test that passed only on a retry fails the run (scripts/testSummary.mjs).
const ci = Boolean(process.env.CI);
let unitCounts = emptyCounts();
let e2eCounts = emptyCounts();
const failures = [];

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

async function gate(title, command, args, options) {
  step(title);
  const code = await run(command, args, options);
  if (code !== 0) failures.push(title);
  return code;
}

function finish() {
  const { flakyLines, countLine, flakyFails } = summarize(addCounts(unitCounts, e2eCounts), { ci });
  if (flakyFails) failures.push('flaky tests (passed only on a retry)');
  console.log('\n────────────────────────────────────────');
  for (const line of flakyLines) console.log(line);
  if (failures.length > 0) console.log(`✖ Failed: ${failures.join('; ')}`);
  else console.log('✔ Every check passed.');
  console.log(countLine);
  process.exit(failures.length > 0 ? 1 : 0);
}

rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

// The static checks do not depend on the database: CI's second run (PostgreSQL) skips them.
if (process.env.SKIP_STATIC_CHECKS === '1') {
  step('Lint, layout rules, sizes, API description and types: skipped (SKIP_STATIC_CHECKS=1)');
} else {
  await gate('Lint (Biome)', 'biome', ['check', '.']);
  await gate('Layout rules (scripts/check-architecture.mjs)', process.execPath, [
    'scripts/check-architecture.mjs',
  ]);
  await gate('Short files and functions (scripts/check-size.mjs)', process.execPath, [
    'scripts/check-size.mjs',
  ]);
  await gate('API description (scripts/lint-openapi.mjs: Redocly)', process.execPath, [
    'scripts/lint-openapi.mjs',
  ]);
  await gate('Type check (astro check)', 'astro', ['check']);
}

await gate('Unit and integration tests (Vitest)', 'vitest', [
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/unit-results.json',
  // Which tests passed only on a retry (CI retries once): the JSON report does not say.
  '--reporter=./scripts/vitestFlakyReporter.mjs',
]);
const unit = readJson('test-results/unit-results.json');
if (unit) {
  unitCounts = vitestCounts(unit, readJson(FLAKY_FILE) ?? []);
} else if (!failures.includes('Unit and integration tests (Vitest)')) {
  failures.push('Vitest wrote no results');
}

// CI's second run (PostgreSQL) tests the build the first run made from the same checkout: the
// build does not depend on the database.
if (process.env.SKIP_STATIC_CHECKS === '1' && existsSync('dist/server/main.mjs')) {
  step("Production build: the first run's (SKIP_STATIC_CHECKS=1)");
} else if ((await gate('Production build', 'astro', ['build'])) !== 0) finish();

step('Browser for end-to-end tests');
let chromium = findChromium({ forTests: true });
if (!chromium) chromium = await installPlaywrightChromium();
if (!chromium) {
  console.error(`✖ No Chromium found for the end-to-end tests, and Playwright could not download its own.
  Install one, then run npm test again:
    • Debian or Ubuntu:  sudo apt-get install chromium-headless-shell (or chromium)
    • macOS or Windows:  npx playwright install chromium
    • elsewhere:         set CHROMIUM_PATH to a Chromium or Chrome executable`);
  failures.push('No browser for end-to-end tests');
  finish();
}
console.log(`Using ${chromium}`);

// Bytes do not depend on the database: CI's second run (PostgreSQL) does not weigh them again.
const browserEnv = { ...process.env, CHROMIUM_PATH: chromium === 'playwright' ? '' : chromium };
if (process.env.SKIP_STATIC_CHECKS !== '1') {
  await gate(
    'Page weight budgets (scripts/bench-pages.mjs)',
    process.execPath,
    ['scripts/bench-pages.mjs', '--no-build'],
    {
      env: browserEnv,
    },
  );
}

// The Dockerfile's runtime stage, replayed on this build: it does not depend on the database either.
if (process.env.SKIP_STATIC_CHECKS !== '1') {
  await gate('Container image steps (scripts/check-container.mjs)', process.execPath, [
    'scripts/check-container.mjs',
  ]);
}

const e2ePort = process.env.E2E_PORT ?? String(await freePort(4322));
await gate('End-to-end tests (Playwright)', 'playwright', ['test'], {
  env: { ...browserEnv, E2E_PORT: e2ePort },
});
const e2e = readJson('test-results/e2e-results.json');
if (e2e?.stats) {
  e2eCounts = playwrightCounts(e2e);
} else if (existsSync('playwright.config.ts')) {
  failures.push('Playwright wrote no results');
}
finish();
