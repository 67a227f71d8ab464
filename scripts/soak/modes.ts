// The two soak modes of `npm run soak:pglite`: kills on one clean folder, and copies of a running
// server's folder made with a plain file copy. Each answers figures for scripts/soak-pglite.ts.
import { execFile } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cp, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { type Check, SoakServer, sleep } from './process';

export interface SoakOptions {
  rounds: number;
  /** Programs starting each round: the plan jobs' work. */
  programs: number;
  /** Where the folders live; a folder that failed to open is kept there. */
  workDir: string;
  log: (line: string) => void;
}

/** One reopening of a folder after a kill (or a copy): did it open, and what did it hold. */
export interface Reopen {
  opened: boolean;
  openMs?: number | undefined;
  error?: string | undefined;
  check?: Check | undefined;
}

export interface KillRound {
  acked: number;
  plansBeforeKill: number;
  /** Plans still to make when it was killed: plan jobs were under way. */
  plansInFlight: boolean;
  /** Milliseconds from the last acknowledged entry to the kill: entries were being written. */
  sinceLastAckMs: number;
  errors: number;
}

const START_TIMEOUT = 120_000;
const KILL_JITTER_MS = 50;
const random = (max: number) => Math.floor(Math.random() * max);

/** Starts a server on the folder and waits for its check (or its failure to open). */
export async function reopen(dataDir: string, env: Record<string, string>) {
  const server = new SoakServer({ DATA_DIR: dataDir, MEDIA_DIR: `${dataDir}-media`, ...env });
  await server.until(() => server.check !== undefined || server.checkFailure !== undefined, START_TIMEOUT);
  const error =
    server.openFailure?.reason ??
    (server.checkFailure ? `opened, then: ${server.checkFailure}` : undefined) ??
    (server.check ? undefined : `stopped before its check (exit ${server.exitCode}): ${server.lastWords}`);
  const result: Reopen = {
    opened: server.check !== undefined,
    openMs: server.openedMs,
    error,
    check: server.check,
  };
  return { server, result };
}

/**
 * Lets the server work until a random number of this round's plans are made (so plan jobs are
 * under way, and writes between them), then kills it a random few milliseconds later.
 */
export async function workThenKill(
  server: SoakServer,
  options: SoakOptions,
  due: number,
): Promise<KillRound> {
  const expected = options.programs + due;
  const target = 1 + random(Math.max(1, options.programs - 1));
  await server.until(() => server.plans >= target, START_TIMEOUT);
  await sleep(random(KILL_JITTER_MS));
  const plansBeforeKill = server.plans;
  const sinceLastAckMs = Math.round(performance.now() - server.lastAckAt);
  await server.kill();
  return {
    acked: server.acked.length,
    sinceLastAckMs,
    plansBeforeKill,
    plansInFlight: plansBeforeKill > 0 && plansBeforeKill < expected,
    errors: server.errors.length,
  };
}

export interface CleanFigures {
  kills: KillRound[];
  /** reopens[i] follows kills[i]. */
  reopens: Reopen[];
}

/** Mode 1: one clean folder, killed mid-work and reopened, round after round. */
export async function soakClean(options: SoakOptions): Promise<CleanFigures> {
  const figures: CleanFigures = { kills: [], reopens: [] };
  let dataDir = join(options.workDir, 'clean', 'db');
  let ackedFile = `${dataDir}.acked`;
  writeFileSync(ackedFile, '');
  const programs = { SOAK_PROGRAMS: String(options.programs) };
  let { server } = await reopen(dataDir, { SOAK_ACKED: ackedFile, SOAK_ROUND: '0', ...programs });
  for (let round = 1; round <= options.rounds; round++) {
    const kill = await workThenKill(server, options, server.check?.due ?? 0);
    appendFileSync(ackedFile, server.acked.map((t) => `${t}\n`).join(''));
    figures.kills.push(kill);
    const next = await reopen(dataDir, {
      SOAK_ACKED: ackedFile,
      SOAK_ROUND: String(round),
      ...programs,
      ...(round === options.rounds ? { SOAK_CHECK_ONLY: '1' } : {}),
    });
    figures.reopens.push(next.result);
    options.log(roundLine('clean', round, kill, next.result));
    server = next.server;
    if (!next.result.opened) {
      // Kept for a look; the next rounds start on a new clean folder.
      await next.server.kill();
      await rename(dataDir, `${dataDir}-failed-${round}`);
      dataDir = join(options.workDir, `clean-after-${round}`, 'db');
      ackedFile = `${dataDir}.acked`;
      writeFileSync(ackedFile, '');
      if (round < options.rounds)
        server = (await reopen(dataDir, { SOAK_ACKED: ackedFile, SOAK_ROUND: `${round}n`, ...programs }))
          .server;
    }
  }
  await server.finished(30_000);
  return figures;
}

export interface CopyRound {
  copyMs: number;
  /** Entries acknowledged before the copy began, which a sound copy holds. */
  ackedBeforeCopy: number;
  /** The copy opened by a server. */
  copy: Reopen;
  /** Then each time the copy's server was killed mid-work: the copy opened once more. */
  afterKills: Reopen[];
}

export interface CopyFigures {
  copies: CopyRound[];
  /** The source folder's own reopenings after its server was killed (as mode 1). */
  source: Reopen[];
  /** Why the rounds stopped before the last, if they did. */
  stoppedEarly?: string;
}

/** A plain file copy, as a person makes one: `cp -R` (Node's own copy where there is no cp). */
async function plainCopy(from: string, to: string) {
  mkdirSync(dirname(to), { recursive: true });
  if (process.platform === 'win32') return cp(from, to, { recursive: true });
  await promisify(execFile)('cp', ['-R', from, to]);
}

/** Copies the source folder while its server writes; answers the copy's round. */
async function copyWhileRunning(options: SoakOptions, round: number, source: string, ackedFile: string) {
  const env = { SOAK_ACKED: ackedFile, SOAK_ROUND: String(round), SOAK_PROGRAMS: String(options.programs) };
  const { server, result } = await reopen(source, env);
  if (!result.opened) throw new Error(`the source folder did not open: ${result.error}`);
  await server.until(() => server.plans >= 1 + random(options.programs / 2), START_TIMEOUT);
  // Acknowledged so far: what a person copying the folder now expects the copy to hold.
  const before = [...readAcked(ackedFile), ...server.acked];
  const copyDir = join(options.workDir, `copy-${round}`, 'db');
  const started = performance.now();
  await plainCopy(source, copyDir);
  const copyMs = Math.round(performance.now() - started);
  await sleep(random(300));
  await server.kill();
  appendFileSync(ackedFile, server.acked.map((t) => `${t}\n`).join(''));
  writeFileSync(`${copyDir}.acked`, before.map((t) => `${t}\n`).join(''));
  return { sourceReopen: result, copyDir, copyMs, ackedBeforeCopy: before.length };
}

/**
 * Mode 2: each round, a plain file copy of the running server's folder is opened, then worked and
 * killed `killsPerCopy` times, reopened after each kill.
 */
export async function soakCopies(options: SoakOptions & { killsPerCopy: number }): Promise<CopyFigures> {
  const figures: CopyFigures = { copies: [], source: [] };
  const source = join(options.workDir, 'copy-source', 'db');
  const ackedFile = `${source}.acked`;
  writeFileSync(ackedFile, '');
  for (let round = 1; round <= options.rounds; round++) {
    let made: Awaited<ReturnType<typeof copyWhileRunning>>;
    try {
      made = await copyWhileRunning(options, round, source, ackedFile);
    } catch (error) {
      // The figures so far still count; the reason is shown with them.
      figures.stoppedEarly = `round ${round}: ${error instanceof Error ? error.message : error}`;
      options.log(`copy stopped early, ${figures.stoppedEarly}`);
      return figures;
    }
    if (round > 1) figures.source.push(made.sourceReopen);
    const copyAcked = `${made.copyDir}.acked`;
    const env = { SOAK_ACKED: copyAcked, SOAK_PROGRAMS: String(options.programs) };
    let opened = await reopen(made.copyDir, { ...env, SOAK_ROUND: `${round}c0` });
    const entry: CopyRound = { ...made, copy: opened.result, afterKills: [] };
    for (let kill = 1; kill <= options.killsPerCopy && opened.result.opened; kill++) {
      await workThenKill(opened.server, options, opened.result.check?.due ?? 0);
      appendFileSync(copyAcked, opened.server.acked.map((t) => `${t}\n`).join(''));
      const last = kill === options.killsPerCopy ? { SOAK_CHECK_ONLY: '1' } : {};
      opened = await reopen(made.copyDir, { ...env, SOAK_ROUND: `${round}c${kill}`, ...last });
      entry.afterKills.push(opened.result);
    }
    await opened.server.finished(30_000);
    figures.copies.push(entry);
    options.log(copyLine(round, entry));
    // Copies that kept opening are removed (they are large); one that did not is kept for a look.
    if (entry.copy.opened && entry.afterKills.every((r) => r.opened))
      await rm(join(options.workDir, `copy-${round}`), { recursive: true });
  }
  const last = await reopen(source, { SOAK_ACKED: ackedFile, SOAK_CHECK_ONLY: '1' });
  await last.server.finished(30_000);
  figures.source.push(last.result);
  return figures;
}

function readAcked(file: string): string[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean);
}

const summary = (r: Reopen) =>
  r.opened
    ? `opened in ${r.openMs} ms, ${r.check?.missing ?? '?'} missing`
    : `FAILED: ${r.error?.split('\n')[0]}`;

function roundLine(mode: string, round: number, kill: KillRound, after: Reopen) {
  return `${mode} ${String(round).padStart(3)}: killed after ${kill.acked} acks, ${kill.plansBeforeKill} plans${kill.plansInFlight ? ' (plans under way)' : ''}; ${summary(after)}`;
}

function copyLine(round: number, entry: CopyRound) {
  const afterKill = entry.afterKills.map((r, k) => `; after kill ${k + 1}: ${summary(r)}`).join('');
  return `copy  ${String(round).padStart(3)}: copied in ${entry.copyMs} ms with ${entry.ackedBeforeCopy} acked before; ${summary(entry.copy)}${afterKill}`;
}
