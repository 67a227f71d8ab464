// Helpers shared by the project's scripts (they run on the project's Node, after install).
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** Runs a command, streaming its output; resolves with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    // On Windows the tools in node_modules/.bin are .cmd files, which only a shell can start.
    const child = spawn(command, args, { stdio: 'inherit', shell: process.platform === 'win32', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(`✖ Could not run ${command}: ${error.message}`);
      resolve(1);
    });
  });
}

/** True when nothing listens on the port yet. */
export function portIsFree(port, host) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}

export function step(title) {
  console.log(`\n▶ ${title}\n`);
}

/** The first free port from `start` on, for a server a test run starts on its own. */
export async function freePort(start, host = '127.0.0.1') {
  for (let port = start; port < start + 100; port++) {
    if (await portIsFree(port, host)) return port;
  }
  throw new Error(`no free port between ${start} and ${start + 99}`);
}

/**
 * A new, empty database on the PostgreSQL server of `url`, for one test or benchmark run.
 * Answers its URL and a function that drops it.
 */
export async function freshPostgresDatabase(url, prefix) {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
