// The site the page benchmarks measure (bench-pages.mjs, bench-lighthouse.mjs, bench-family.mjs):
// the production server (dist/server/main.mjs) on a temporary embedded database holding the demo
// content. Public pages' weight and scores do not depend on the database or on sign-in: no
// Postgres, and the emulator only when `signIn` asks for the demo accounts (the family pages).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROUTES } from '../src/platform/routes.ts';
import { freePort, run, step } from './lib.mjs';

export async function startSiteWithDemoContent({ signIn = false, cwd = process.cwd() } = {}) {
  const dataRoot = mkdtempSync(join(tmpdir(), 'quillreads-pages-'));
  const env = {
    ...process.env,
    APP_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: join(dataRoot, 'db'),
    MEDIA_DIR: join(dataRoot, 'media'),
  };
  delete env.DATABASE_URL;
  if (signIn) {
    env.FIREBASE_PROJECT_ID = 'demo-quillreads';
    env.FIREBASE_AUTH_EMULATOR_HOST ??= '127.0.0.1:9099';
    env.ADMIN_EMAILS ??= 'admin@example.com';
  } else delete env.FIREBASE_AUTH_EMULATOR_HOST;

  step('Demo content in a temporary database');
  if ((await run('tsx', ['scripts/seed.ts'], { env, cwd, stdio: 'ignore' })) !== 0) {
    rmSync(dataRoot, { recursive: true, force: true });
    throw new Error('seeding the demo content failed');
  }
  const port = await freePort(Number(process.env.BENCH_PORT ?? 4391) + (cwd === process.cwd() ? 0 : 10));
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['dist/server/main.mjs'], {
    cwd,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    server.kill();
    rmSync(dataRoot, { recursive: true, force: true });
  };
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  stop();
  throw new Error('the server did not start');
}

/** Every public page of the spec's list, with a real id for the pages of one record. */
export async function publicPaths(base) {
  const paths = [];
  // The spec's public list; the contact form's own answer pages (beyondSpec) are not measured.
  for (const route of ROUTES.filter((r) => r.access === 'public' && !r.beyondSpec)) {
    if (!route.path.includes('{id}')) paths.push(route.path);
    else if (route.path === '/blogs/{id}') {
      const { posts } = await (await fetch(`${base}/api/blogs`)).json();
      if (posts[0]) paths.push(`/blogs/${posts[0].id}`);
    }
  }
  const events = await (await fetch(`${base}/api/events`)).json();
  const firstEvent = events.upcoming?.[0] ?? events.past?.[0];
  if (firstEvent) paths.push(`/events/${firstEvent.id}`);
  return paths;
}
