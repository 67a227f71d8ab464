// `npm run soak:pglite [-- --rounds 100 --mode both|clean|copy]`: does the embedded database
// (PGlite on disk) open again after its server is killed at a random moment, and does it keep what
// it acknowledged? Issue 23 saw one folder in about 45 kill rounds refuse to open ("could not
// locate a valid checkpoint record"), a folder that had begun as a file copy of a running server's.
//  - clean: one new folder; each round a server (scripts/soak/server.ts) opens it, checks it, adds
//    programs whose weekly plans the job queue makes while writers add reading entries, and is
//    killed with SIGKILL at a random moment once plans are under way; the next round reopens it.
//  - copy: each round the running server's folder is copied with a plain file copy (as `cp -r`)
//    while it writes; the copy is opened, checked against what was acknowledged before the copy
//    began, worked and killed once more, and reopened.
//  - shared (`--mode shared`, or `all`): two processes on one folder, PGlite opened directly
//    without the app's lock; the first stops cleanly while the second writes, then it is killed.
// Prints each round and the figures; not part of `npm test` (it takes tens of minutes).
// Results: docs/reliability.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type CleanFigures, type CopyFigures, type Reopen, soakClean, soakCopies } from './soak/modes';
import { type SharedRound, soakShared } from './soak/shared';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '100' },
    mode: { type: 'string', default: 'both' },
    programs: { type: 'string', default: '60' },
    'kills-per-copy': { type: 'string', default: '2' },
    keep: { type: 'boolean', default: false },
  },
});
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1)
  throw new Error(`--rounds must be a whole number, not ${values.rounds}`);
const MODES = ['both', 'clean', 'copy', 'shared', 'all'];
if (!MODES.includes(values.mode)) throw new Error(`--mode is one of ${MODES.join(', ')}`);
const runs = (mode: string) =>
  values.mode === mode || values.mode === 'all' || (values.mode === 'both' && mode !== 'shared');

const workDir = mkdtempSync(join(tmpdir(), 'quillreads-soak-'));
mkdirSync(join(workDir, 'clean'), { recursive: true });
mkdirSync(join(workDir, 'copy-source'), { recursive: true });
const started = Date.now();
const log = (line: string) => console.log(`[${Math.round((Date.now() - started) / 1000)} s] ${line}`);
const options = {
  rounds,
  programs: Number(values.programs),
  workDir,
  log,
};
console.log(`Soak of the embedded database in ${workDir}: ${rounds} rounds, mode ${values.mode}`);

/** An error's first line without its WAL position, so the same failure counts once. */
const errorKey = (error: string | undefined) =>
  (error ?? '?').split('\n')[0]?.replace(/ at [0-9A-F]+\/[0-9A-F]+/, ' at …') ?? '?';

/** Opened, failed (with their errors), and acknowledged entries missing, over a list of reopenings. */
function tally(reopens: Reopen[]) {
  const failures = reopens.filter((r) => !r.opened);
  const errors = new Map<string, number>();
  for (const f of failures) {
    errors.set(errorKey(f.error), (errors.get(errorKey(f.error)) ?? 0) + 1);
  }
  const checks = reopens.flatMap((r) => (r.check ? [r.check] : []));
  const openMs = reopens.flatMap((r) => (r.openMs === undefined ? [] : [r.openMs])).sort((a, b) => a - b);
  return {
    opened: reopens.length - failures.length,
    failed: failures.length,
    errors: [...errors].map(([error, n]) => `${n} × ${error}`),
    lostChecks: checks.filter((c) => c.missing > 0).length,
    lostMost: Math.max(0, ...checks.map((c) => c.missing)),
    torn: checks.filter((c) => c.duplicates > 0 || c.indexMismatch !== 0 || c.shortPlans > 0).length,
    medianOpenMs: openMs[Math.floor(openMs.length / 2)] ?? 0,
  };
}

function reportClean(figures: CleanFigures) {
  const t = tally(figures.reopens);
  const inFlight = figures.kills.filter((k) => k.plansInFlight).length;
  const sinceAck = figures.kills.map((k) => k.sinceLastAckMs).sort((a, b) => a - b);
  const writing = figures.kills.filter((k) => k.sinceLastAckMs < 250).length;
  const acked = figures.kills.reduce((sum, k) => sum + k.acked, 0);
  console.log(`
Mode 1, one clean folder: ${figures.kills.length} kills, ${acked} entries acknowledged
  kills with plan jobs under way: ${inFlight}; with an entry acknowledged in the last 250 ms: ${writing} (median ${sinceAck[Math.floor(sinceAck.length / 2)] ?? 0} ms since the last)
  reopened OK: ${t.opened}   failed to open: ${t.failed}${t.errors.map((e) => `\n    ${e}`).join('')}
  acknowledged entries lost: ${t.lostMost} (checks finding any missing: ${t.lostChecks})
  reopenings with duplicates, index/table disagreement or a partial plan: ${t.torn}
  median time to open after a kill (recovery and migrations): ${t.medianOpenMs} ms`);
}

function reportCopies(figures: CopyFigures) {
  const copies = tally(figures.copies.map((c) => c.copy));
  const afterKill = tally(figures.copies.flatMap((c) => c.afterKills));
  const source = tally(figures.source);
  const copyMs = figures.copies.map((c) => c.copyMs).sort((a, b) => a - b);
  console.log(`
Mode 2, plain file copies of a running server's folder: ${figures.copies.length} copies (median ${copyMs[Math.floor(copyMs.length / 2)] ?? 0} ms to copy)
  copies that opened: ${copies.opened}   failed to open: ${copies.failed}${copies.errors.map((e) => `\n    ${e}`).join('')}
  of those that opened: acknowledged-before-the-copy entries missing in ${copies.lostChecks} (at most ${copies.lostMost}); torn in ${copies.torn}
  opened copies then killed mid-work ${afterKill.opened + afterKill.failed} times: reopened OK ${afterKill.opened}, failed ${afterKill.failed}${afterKill.errors.map((e) => `\n    ${e}`).join('')}; missing entries in ${afterKill.lostChecks}
  the source folder itself, killed ${figures.source.length} times: reopened OK ${source.opened}, failed ${source.failed}, lost ${source.lostMost}${figures.stoppedEarly ? `\n  STOPPED EARLY, ${figures.stoppedEarly}` : ''}`);
}

function reportShared(rounds: SharedRound[]) {
  const failures = rounds.filter((r) => !r.opened);
  const errors = new Map<string, number>();
  for (const f of failures) errors.set(errorKey(f.error), (errors.get(errorKey(f.error)) ?? 0) + 1);
  const lossy = rounds.filter(
    (r) => r.present && (r.present.first < r.acked.first || r.present.second < r.acked.second),
  );
  console.log(`
Mode 3, two processes on one folder (no lock): ${rounds.length} rounds
  reopened OK: ${rounds.length - failures.length}   failed to open: ${failures.length}${[...errors].map(([e, n]) => `\n    ${n} × ${e}`).join('')}
  of those that opened, acknowledged rows lost in ${lossy.length}`);
}

let failed = false;
const results: { clean?: CleanFigures; copy?: CopyFigures; shared?: SharedRound[] } = {};
try {
  if (runs('clean')) results.clean = await soakClean(options);
  if (runs('copy'))
    results.copy = await soakCopies({ ...options, killsPerCopy: Number(values['kills-per-copy']) });
  if (runs('shared')) results.shared = await soakShared(options);
} finally {
  writeFileSync(join(workDir, 'soak-results.json'), JSON.stringify(results, null, 2));
}
if (results.clean) {
  reportClean(results.clean);
  failed ||= results.clean.reopens.some((r) => !r.opened || (r.check?.missing ?? 0) > 0);
}
if (results.copy) reportCopies(results.copy);
if (results.shared) reportShared(results.shared);
const took = `\nTook ${Math.round((Date.now() - started) / 60_000)} min.`;
if (!values.keep && !failed) {
  rmSync(workDir, { recursive: true, force: true });
  console.log(took);
} else console.log(`${took} Kept ${workDir}: soak-results.json, and any folder that failed to open.`);
// A clean folder that did not open, or lost what it acknowledged, is a finding: exit 1.
process.exitCode = failed ? 1 : 0;
