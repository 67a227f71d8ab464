/**
 * Nudges for the background jobs: a feature that changed something a job watches says so, and the
 * job looks now instead of at its next scheduled scan (a program just paid for gets its first
 * weekly plan within seconds, not at the next minute). A nudge is only a hint: the scans still
 * find everything, so a nudge lost (no listener yet, a restart) delays work and loses none.
 * Kept on globalThis: the production server's bundle and Astro's each carry this module.
 */
export type Nudge = 'programs' | 'email';

const LISTENERS = Symbol.for('quillreads.jobNudges');
const shared = globalThis as typeof globalThis & { [LISTENERS]?: Map<Nudge, Set<() => void>> };
const listeners = () => {
  shared[LISTENERS] ??= new Map();
  return shared[LISTENERS];
};

/** Calls `listener` on each nudge of this kind; answers the way to stop. */
export function onNudge(kind: Nudge, listener: () => void): () => void {
  const map = listeners();
  const set = map.get(kind) ?? new Set();
  map.set(kind, set);
  set.add(listener);
  return () => set.delete(listener);
}

/** Tells the jobs that watch `kind` to look now. Never throws: a failing listener is its own business. */
export function nudge(kind: Nudge): void {
  for (const listener of listeners().get(kind) ?? []) {
    try {
      listener();
    } catch {
      // The scheduled scan will find the work.
    }
  }
}
