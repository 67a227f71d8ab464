import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4322);
const baseURL = `http://127.0.0.1:${port}`;
// The test server's mail catcher (scripts/mailCatcher.mjs): the tests read its messages over HTTP.
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? port + 2);
const mailWebPort = Number(process.env.E2E_MAIL_WEB_PORT ?? port + 1);
process.env.E2E_MAIL_URL = `http://127.0.0.1:${mailWebPort}`;

/**
 * The system's Chromium when there is one (Playwright cannot download its own everywhere), its
 * headless shell first (scripts/chromium.mjs says why); otherwise Playwright's own browser.
 * `npm test` sets CHROMIUM_PATH after looking.
 */
function chromiumPath(): string | undefined {
  if (process.env.CHROMIUM_PATH === '') return undefined;
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  return candidates.find((p): p is string => Boolean(p && existsSync(p)));
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  // CI retries a failed test once, so one that then passes is reported as flaky (not as passed,
  // nor as broken) by scripts/testSummary.mjs, and fails the run. Locally nothing is retried.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: {
      ...(chromiumPath() ? { executablePath: chromiumPath() as string } : {}),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Signs the demo parent and administrator in once and keeps their sessions for the tests.
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    { name: 'chromium', testIgnore: /auth\.setup\.ts/, dependencies: ['setup'] },
  ],
  webServer: {
    // The production build, as families get it, with the Auth emulator and the demo content.
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      E2E_SMTP_PORT: String(smtpPort),
      E2E_MAIL_WEB_PORT: String(mailWebPort),
    },
    // Never reuse: a server left running from an older build would test stale pages.
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
