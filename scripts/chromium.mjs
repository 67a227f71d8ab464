// Finds a Chromium for Playwright: the system one first (these machines cannot download
// browsers), then Playwright's own if it is already installed or can be installed.
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { run } from './lib.mjs';

// Debian's chromium-headless-shell: the same engine without the browser's own interface, which
// Playwright uses by default where it can download it. On a 2-core machine it runs the end-to-end
// suite in about half the time of the full browser (each new context of the full browser starts its
// interface's processes). Tests prefer it; the benchmarks time the full browser, as families have.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

const SYSTEM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/**
 * The path of a usable browser, 'playwright' for Playwright's own, or null. With `forTests`, the
 * system's headless shell comes first.
 */
export function findChromium({ forTests = false } = {}) {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const candidates = forTests ? [HEADLESS_SHELL, ...SYSTEM_CANDIDATES] : SYSTEM_CANDIDATES;
  const system = candidates.find((p) => existsSync(p));
  if (system) return system;
  try {
    if (existsSync(chromium.executablePath())) return 'playwright';
  } catch {
    // Playwright has no browser of its own installed.
  }
  return null;
}

export async function installPlaywrightChromium() {
  console.log('No system Chromium found; trying to install Playwright’s own (needs internet access)…');
  // On Linux the browser also needs system libraries; --with-deps installs them where we may (root).
  const withDeps = process.platform === 'linux' && process.getuid?.() === 0 ? ['--with-deps'] : [];
  const code = await run('playwright', ['install', ...withDeps, 'chromium']);
  return code === 0 ? findChromium({ forTests: true }) : null;
}
