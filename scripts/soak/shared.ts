// Mode 3 of `npm run soak:pglite` (`--mode shared`): two processes on one PGlite folder, which
// PGlite itself does not prevent (the app now refuses it with the folder's lock). Each round a
// first process opens a new folder and writes, a second opens the same folder and writes, the
// first closes cleanly (as a server stopped with Ctrl+C) and the second is killed; then the folder
// is opened again. Figures: did it open (and with which error), and how many acknowledged rows
// of each process are missing.
import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { postgresReason } from '../../src/platform/db/openFailure';
import { sleep } from './process';

export interface SharedRound {
  opened: boolean;
  error?: string | undefined;
  acked: { first: number; second: number };
  present?: { first: number; second: number } | undefined;
}

function writer(dir: string, who: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/soak/sharedWriter.ts', dir, who], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const state = { acked: 0, ready: false, child };
  child.stdout.on('data', (chunk: Buffer) => {
    for (const m of chunk.toString().matchAll(/acked (\d+)|ready/g)) {
      if (m[1]) state.acked = Number(m[1]);
      else state.ready = true;
    }
  });
  return state;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('close', () => resolve());
  });

async function until(done: () => boolean, timeoutMs: number) {
  for (const end = Date.now() + timeoutMs; !done() && Date.now() < end; ) await sleep(20);
}

async function reopen(dir: string): Promise<Pick<SharedRound, 'opened' | 'error' | 'present'>> {
  const lines: string[] = [];
  const onStderr = (text: string) => {
    lines.push(text);
    return false;
  };
  const client = new PGlite(dir, { onStderr });
  try {
    await client.waitReady;
    const { rows } = await client.query<{ who: string; n: number }>(
      'select who, count(*)::int as n from shared_rows group by who',
    );
    await client.close();
    const count = (who: string) => rows.find((r) => r.who === who)?.n ?? 0;
    return { opened: true, present: { first: count('first'), second: count('second') } };
  } catch (error) {
    return { opened: false, error: postgresReason(lines) || String(error) };
  }
}

export async function soakShared(options: { rounds: number; workDir: string; log: (line: string) => void }) {
  const rounds: SharedRound[] = [];
  for (let round = 1; round <= options.rounds; round++) {
    const dir = join(options.workDir, `shared-${round}`);
    const first = writer(dir, 'first');
    await until(() => first.ready, 30_000);
    const second = writer(dir, 'second');
    await until(() => second.ready, 30_000);
    // Both write for a while; then the first stops cleanly while the second still has the folder.
    await sleep(500 + Math.random() * 1500);
    first.child.stdin?.end('stop\n');
    await exited(first.child);
    await sleep(Math.random() * 500);
    second.child.kill('SIGKILL');
    await exited(second.child);
    const after = await reopen(dir);
    const result: SharedRound = { ...after, acked: { first: first.acked, second: second.acked } };
    rounds.push(result);
    const lost = result.present
      ? `lost ${Math.max(0, result.acked.first - result.present.first)} of the first's ${result.acked.first} acknowledged rows, ${Math.max(0, result.acked.second - result.present.second)} of the second's ${result.acked.second}`
      : '';
    options.log(
      `shared ${String(round).padStart(3)}: ${result.opened ? `opened; ${lost}` : `FAILED: ${result.error?.split('\n')[0]}`}`,
    );
    if (result.opened) await rm(dir, { recursive: true, force: true });
  }
  return rounds;
}
