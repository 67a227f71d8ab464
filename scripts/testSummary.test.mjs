import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addCounts, emptyCounts, playwrightCounts, summarize, vitestCounts } from './testSummary.mjs';
import FlakyTestsReporter, { FLAKY_FILE } from './vitestFlakyReporter.mjs';

/** Vitest's JSON report, as `--reporter=json` writes it (the fields the summary reads). */
const vitestReport = {
  numTotalTests: 12,
  numPassedTests: 9,
  numFailedTests: 1,
  numPendingTests: 1,
  numTodoTests: 1,
  success: false,
};

/** Playwright's JSON report: files, describe blocks inside them, specs, one test per project. */
const spec = (title, line, status, projectName = 'chromium') => ({
  title,
  ok: status !== 'unexpected',
  file: 'family.spec.ts',
  line,
  column: 3,
  tests: [
    {
      projectName,
      expectedStatus: 'passed',
      status,
      results:
        status === 'flaky'
          ? [
              { status: 'failed', retry: 0 },
              { status: 'passed', retry: 1 },
            ]
          : [],
    },
  ],
});
const playwrightReport = {
  suites: [
    { title: 'auth.setup.ts', file: 'auth.setup.ts', specs: [spec('sign in', 8, 'expected', 'setup')] },
    {
      title: 'family.spec.ts',
      file: 'family.spec.ts',
      specs: [spec('adds a child', 10, 'expected'), spec('renames a child', 20, 'flaky')],
      suites: [
        {
          title: 'the reading log',
          file: 'family.spec.ts',
          specs: [spec('logs a book', 40, 'flaky'), spec('shows the streak', 50, 'unexpected')],
        },
      ],
    },
  ],
  errors: [],
  stats: {
    startTime: '2026-06-14T15:00:00.000Z',
    duration: 1000,
    expected: 2,
    unexpected: 1,
    flaky: 2,
    skipped: 0,
  },
};

describe('vitestCounts', () => {
  it('counts a test that passed only on a retry as flaky, not passed', () => {
    const flaky = [{ file: 'src/a.test.ts', name: 'a > retries', retries: 1 }];
    expect(vitestCounts(vitestReport, flaky)).toEqual({
      passed: 8,
      flaky: ['src/a.test.ts › a > retries'],
      failed: 1,
      skipped: 2,
    });
  });

  it('counts every passed test as passed when nothing was retried (or the list is missing)', () => {
    expect(vitestCounts(vitestReport)).toEqual({ passed: 9, flaky: [], failed: 1, skipped: 2 });
  });
});

describe('playwrightCounts', () => {
  it('counts flaky tests apart, named by project, file, line and describe blocks', () => {
    expect(playwrightCounts(playwrightReport)).toEqual({
      passed: 2,
      flaky: [
        '[chromium] family.spec.ts:20 › renames a child',
        '[chromium] family.spec.ts:40 › the reading log › logs a book',
      ],
      failed: 1,
      skipped: 0,
    });
  });

  it('reads a report without tests', () => {
    expect(
      playwrightCounts({ suites: [], stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 } }),
    ).toEqual(emptyCounts());
  });
});

describe('summarize', () => {
  const counts = addCounts(
    vitestCounts(vitestReport, [{ file: 'src/a.test.ts', name: 'a > retries', retries: 1 }]),
    playwrightCounts(playwrightReport),
  );

  it('adds the runners up, flaky tests apart', () => {
    expect(counts.passed).toBe(10);
    expect(counts.flaky).toHaveLength(3);
    expect(counts.failed).toBe(2);
    expect(counts.skipped).toBe(2);
  });

  it('ends with the counts, flaky among them', () => {
    expect(summarize(counts, { ci: false }).countLine).toBe('tests: 10 passed, 3 flaky, 2 failed, 2 skipped');
    expect(summarize(emptyCounts(), { ci: true }).countLine).toBe(
      'tests: 0 passed, 0 flaky, 0 failed, 0 skipped',
    );
  });

  it('fails CI on flaky tests, naming each', () => {
    const summary = summarize(counts, { ci: true });
    expect(summary.flakyFails).toBe(true);
    expect(summary.flakyLines[0]).toMatch(/^✖ .*3 passed only on a retry/);
    expect(summary.flakyLines).toContain('  • [chromium] family.spec.ts:40 › the reading log › logs a book');
    expect(summary.flakyLines).toContain('  • src/a.test.ts › a > retries');
  });

  it('lists flaky tests as a warning locally, without failing the run', () => {
    const summary = summarize(counts, { ci: false });
    expect(summary.flakyFails).toBe(false);
    expect(summary.flakyLines[0]).toMatch(/^⚠ .*CI fails on these/);
    expect(summary.flakyLines).toHaveLength(4);
  });

  it('says nothing of flaky tests, and fails nothing, when there are none', () => {
    const steady = { ...counts, flaky: [] };
    for (const ci of [true, false]) {
      expect(summarize(steady, { ci })).toMatchObject({ flakyLines: [], flakyFails: false });
    }
  });
});

describe('the Vitest reporter of flaky tests', () => {
  let root;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  /** Test modules as Vitest hands them to a reporter: tests with their diagnostic. */
  const moduleOf = (relativeModuleId, tests) => ({
    relativeModuleId,
    children: {
      *allTests() {
        for (const [fullName, diagnostic] of tests) yield { fullName, diagnostic: () => diagnostic };
      },
    },
  });

  it('writes the tests that passed only on a retry, and only those', () => {
    root = mkdtempSync(join(tmpdir(), 'flaky-'));
    const reporter = new FlakyTestsReporter();
    reporter.onInit({ config: { root } });
    reporter.onTestRunEnd([
      moduleOf('src/a.test.ts', [
        ['a > steady', { flaky: false, retryCount: 0 }],
        ['a > retries', { flaky: true, retryCount: 1 }],
        ['a > failed twice', { flaky: false, retryCount: 1 }],
        ['a > never ran', undefined],
      ]),
      moduleOf('tests/integration/b.test.ts', [['b > steady', { flaky: false, retryCount: 0 }]]),
    ]);
    expect(JSON.parse(readFileSync(join(root, FLAKY_FILE), 'utf8'))).toEqual([
      { file: 'src/a.test.ts', name: 'a > retries', retries: 1 },
    ]);
  });
});
