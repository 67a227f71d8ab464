// The counts `npm test` ends with, read from the test runners' reports. Pure: scripts/test.mjs reads
// the files and prints; scripts/testSummary.test.mjs checks the rules.
//
// A test that failed and then passed on a retry is flaky: counted apart from the tests that passed,
// listed by name, and it fails the run on CI. Only CI retries (one retry, in vitest.config.ts and
// playwright.config.ts), so that a flaky test is told apart from a broken one; locally nothing is
// retried, and a test that fails once fails the run.

/** No tests: what a runner that wrote no report adds. */
export const emptyCounts = () => ({ passed: 0, flaky: [], failed: 0, skipped: 0 });

/**
 * Vitest's JSON report (`--reporter=json`) and the tests scripts/vitestFlakyReporter.mjs found
 * passing only on a retry. Vitest counts those as passed; here they are flaky.
 */
export function vitestCounts(report, flakyTests = []) {
  const flaky = flakyTests.map((t) => `${t.file} › ${t.name}`);
  return {
    passed: report.numPassedTests - flaky.length,
    flaky,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

/** Playwright's JSON report: its `flaky` tests (status "flaky": passed on a retry) by name. */
export function playwrightCounts(report) {
  const flaky = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'flaky') continue;
        const project = test.projectName ? `[${test.projectName}] ` : '';
        flaky.push(`${project}${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`);
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
  };
  // The top suites are the files, already named by each spec's file.
  for (const file of report.suites ?? []) visit(file, []);
  const { expected = 0, unexpected = 0, skipped = 0 } = report.stats ?? {};
  return { passed: expected, flaky, failed: unexpected, skipped };
}

/** The counts of several runners together. */
export function addCounts(...counts) {
  return counts.reduce(
    (sum, c) => ({
      passed: sum.passed + c.passed,
      flaky: [...sum.flaky, ...c.flaky],
      failed: sum.failed + c.failed,
      skipped: sum.skipped + c.skipped,
    }),
    emptyCounts(),
  );
}

/**
 * What the summary prints, its last line the counts, and whether the flaky tests fail the run:
 * always on CI (`ci`), never locally, where they are listed as a warning.
 */
export function summarize(counts, { ci }) {
  const flakyLines = [];
  if (counts.flaky.length > 0) {
    const verdict = ci ? '✖ Flaky, and CI fails on flaky tests' : '⚠ Flaky (CI fails on these)';
    flakyLines.push(`${verdict}: ${counts.flaky.length} passed only on a retry:`);
    for (const name of counts.flaky) flakyLines.push(`  • ${name}`);
  }
  return {
    flakyLines,
    countLine: `tests: ${counts.passed} passed, ${counts.flaky.length} flaky, ${counts.failed} failed, ${counts.skipped} skipped`,
    flakyFails: ci && counts.flaky.length > 0,
  };
}
