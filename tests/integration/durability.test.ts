import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { freshPostgresDatabase } from '../../scripts/lib.mjs';
import { utcDay } from '../../src/platform/days';
import { openDatabase } from '../../src/platform/db/client.server';
import { notifications, readingLogs, readingMilestones } from '../../src/platform/db/schema.server';
import { signInAccount } from './harness';

// A server killed with SIGKILL in the middle of many writes loses none it acknowledged and leaves
// none half-written, on the database under test (PGlite on disk, or PostgreSQL with DATABASE_URL).

const WRITES = 240;
const KILL_AFTER = 90;
const AT_ONCE = 16;

interface Running {
  process: ChildProcess;
  base: string;
}

/** Starts tests/integration/durabilityServer.ts over the given database and waits for its port. */
async function startServer(env: Record<string, string>): Promise<Running> {
  // The server is this very process (node with tsx's loader, no wrapper process between), so
  // SIGKILL stops the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/durabilityServer.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000);
    child.once('exit', (code) => reject(new Error(`the server stopped (${code})`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
  });
  return { process: child, base: `http://127.0.0.1:${port}` };
}

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

describe('a server killed mid-write', () => {
  it('keeps every acknowledged reading entry, whole, with its milestones', async () => {
    let env: Record<string, string>;
    let open: () => ReturnType<typeof openDatabase>;
    if (process.env.DATABASE_URL) {
      const fresh = await freshPostgresDatabase(process.env.DATABASE_URL, 'qr_durability');
      cleanups.push(fresh.drop);
      env = { DATABASE_URL: fresh.url };
      open = () => openDatabase({ url: fresh.url, dataDir: 'memory://', migrationsDir: 'drizzle' });
    } else {
      const dir = await mkdtemp(join(tmpdir(), 'quillreads-durability-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      env = { DATA_DIR: join(dir, 'db') };
      open = () => openDatabase({ dataDir: join(dir, 'db'), migrationsDir: 'drizzle' });
    }

    let server = await startServer(env);
    cleanups.push(async () => {
      server.process.kill('SIGKILL');
    });
    const account = await signInAccount();
    const headers = { authorization: `Bearer ${account.idToken}`, 'content-type': 'application/json' };
    const registered = await fetch(`${server.base}/api/user/loginRegister`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        uid: account.uid,
        email: account.email,
        registration: { displayName: 'Kim Durable', acceptPrivacyPolicy: true },
      }),
    });
    expect(registered.status).toBe(201);
    const child = await fetch(`${server.base}/api/children`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ firstName: 'Ivy', ageBand: '8-10', readingLevel: 'branch' }),
    });
    expect(child.status).toBe(201);
    const childId = String(((await child.json()) as { _id: string })._id);

    // Many writes at once; the server is killed once enough have been acknowledged.
    const today = utcDay(new Date());
    const acknowledged = new Set<string>();
    let next = 0;
    let killed = false;
    const writer = async () => {
      while (next < WRITES && !killed) {
        const title = `Book ${String(next++).padStart(3, '0')}`;
        try {
          const res = await fetch(`${server.base}/api/children/${childId}/reading`, {
            method: 'POST',
            headers,
            body: JSON.stringify({ title, author: 'A. Writer', readOn: today, minutes: 3, finished: true }),
          });
          if (res.status === 201) acknowledged.add(title);
        } catch {
          // The connection died with the server: not acknowledged.
        }
        if (!killed && acknowledged.size >= KILL_AFTER) {
          killed = true;
          server.process.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: AT_ONCE }, writer));
    await stopped(server.process);
    expect(killed).toBe(true);
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER);

    // It starts again on the same data and answers with what it had.
    server = await startServer(env);
    const log = await fetch(`${server.base}/api/children/${childId}/reading?limit=100`, { headers });
    expect(log.status).toBe(200);
    server.process.kill('SIGTERM');
    await stopped(server.process);

    const database = await open();
    cleanups.push(() => database.close());
    const rows = await database.db.select().from(readingLogs).where(eq(readingLogs.childId, childId));
    const titles = new Set(rows.map((r) => r.title));
    for (const title of acknowledged) expect(titles.has(title), `${title} was acknowledged`).toBe(true);
    // Whole: each entry as it was sent, once; only entries that were sent.
    expect(titles.size).toBe(rows.length);
    for (const row of rows) {
      expect(row).toMatchObject({ author: 'A. Writer', readOn: today, minutes: 3, finished: true });
      expect(row.title).toMatch(/^Book \d{3}$/);
    }
    // Each entry's milestones were written with it: every book milestone its count reached, each
    // announced exactly once.
    const milestones = await database.db
      .select()
      .from(readingMilestones)
      .where(eq(readingMilestones.childId, childId));
    const reached = [10, 25, 50, 100].filter((n) => rows.length >= n).map((n) => `books-${n}`);
    expect(
      milestones
        .map((m) => m.milestone)
        .filter((m) => m.startsWith('books-'))
        .sort(),
    ).toEqual([...reached].sort());
    const notes = await database.db.select().from(notifications).where(eq(notifications.childId, childId));
    expect(notes.filter((n) => n.kind === 'milestone')).toHaveLength(milestones.length);
  }, 180_000);
});
