/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['src/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.ts', 'scripts/**/*.test.mjs'],
    environment: 'node',
    globalSetup: ['tests/integration/globalSetup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Vitest leaves a core free by default: on a two-core machine (CI's) that is one worker for 146
    // files, most of whose time is importing. Two workers take the run from about 645 s to 500 s there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // CI retries a failed test once, so one that then passes is reported as flaky (not as passed,
    // nor as broken) by scripts/testSummary.mjs, and fails the run. Locally nothing is retried.
    retry: process.env.CI ? 1 : 0,
  },
});
