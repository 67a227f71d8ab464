/**
 * The graph a reading is heard against: a state between each two passage words, an arc for each
 * word from the state before it to the state after. Besides reading on, a child may skip a word (or
 * a few), say something else in its place, say the last word or two again, or stop. Each arc names
 * its passage position ("w7" is the eighth word, said as the passage says it), so what the
 * recognizer returns names the place, and a passage's repeated "the" is never confused with
 * another one.
 */

/** Probabilities of what a child does at each word, chosen by `npm run bench:listening`. */
export const LISTENING_WEIGHTS = {
  /** Skipping a word (a run of up to `MAX_SKIP` words, the cost once per word). */
  skip: 1e-2,
  /** Saying something else in a word's place, or between two words (PocketSphinx's "speech" filler stands in for it). */
  other: 1e-3,
  /** Saying the last word again. */
  repeat: 1e-3,
  /** Stopping before the end. */
  stop: 1e-3,
  /** How much the graph counts against the sounds (PocketSphinx's `lw`, its default). */
  languageWeight: 6.5,
  /** A pause between words (`silprob`). */
  silence: 1e-3,
  /** How far below the best a path's last word may be and live on (`wbeam`; the default, 7e-29, drops a path as soon as it skips two words). */
  wordBeam: 1e-80,
  /** Gaussians scored per state (`topn`; PocketSphinx's default of 4 hears much less of a reading). */
  gaussians: 16,
} as const;

export type ListeningWeights = { [K in keyof typeof LISTENING_WEIGHTS]: number };

/** The most words in a row one skip arc leaves out. */
export const MAX_SKIP = 3;

/** PocketSphinx's filler for speech that is no word of the grammar. */
export const OTHER_SPEECH = '[SPEECH]';

/** An arc: a word (its token) or, without one, a move that says nothing. */
export interface Arc {
  from: number;
  to: number;
  p: number;
  token?: string;
}

export interface ReadingGraph {
  /** How many states: the start (0) to the end (`final`), then those a repeat goes through. */
  states: number;
  /** The state after the last word. */
  final: number;
  arcs: Arc[];
  /** Dictionary entries to add: [token, ARPAbet pronunciation]. */
  entries: [string, string][];
  /** The passage positions listened for (a word without a known pronunciation is not). */
  listened: number[];
}

/** "w7" and "w7_1" (its second pronunciation) → 7; anything else (silence, noise) → undefined. */
export function positionOf(token: string): number | undefined {
  const match = /^w(\d+)(?:_\d+)?$/u.exec(token);
  return match ? Number(match[1]) : undefined;
}

const tokenOf = (position: number, variant: number) =>
  variant === 0 ? `w${position}` : `w${position}_${variant}`;

/** The arcs that leave state `k` other than reading on: skips, something else, stopping. */
function otherArcs(k: number, final: number, weights: ListeningWeights): Arc[] {
  const arcs: Arc[] = [];
  for (let run = 1; run <= MAX_SKIP && k + run <= final; run++)
    arcs.push({ from: k, to: k + run, p: weights.skip ** run });
  arcs.push({ from: k, to: k + 1, p: weights.other, token: OTHER_SPEECH });
  if (k >= 1 && k + MAX_SKIP < final) arcs.push({ from: k, to: final, p: weights.stop });
  return arcs;
}

/**
 * Saying the last word again, or something that is no word of the passage (a longer repeat, an
 * "um", a try at the next word): each through a state of its own and back to `k`. The recognizer
 * loses its way on an arc that leaves a state and comes straight back, and on a second word into
 * the same state, so both go out by a word and back by a move that says nothing.
 */
function repeatArcs(k: number, tokens: string[][], weights: ListeningWeights, newState: () => number): Arc[] {
  const arcs: Arc[] = [];
  const last = tokens[k - 1] ?? [];
  if (last.length > 0) {
    const again = newState();
    for (const token of last) arcs.push({ from: k, to: again, p: weights.repeat, token });
    arcs.push({ from: again, to: k, p: 1 });
  }
  const inserted = newState();
  arcs.push(
    { from: k, to: inserted, p: weights.other, token: OTHER_SPEECH },
    { from: inserted, to: k, p: 1 },
  );
  return arcs;
}

/**
 * The graph for a passage whose words are said as `pronunciations` (one list per word, in
 * order; an empty list for a word not listened for).
 */
export function readingGraph(
  pronunciations: readonly (readonly string[])[],
  weights: ListeningWeights = LISTENING_WEIGHTS,
): ReadingGraph {
  const entries: [string, string][] = [];
  const listened: number[] = [];
  const tokens: string[][] = [];
  pronunciations.forEach((ways, position) => {
    if (ways.length === 0) return;
    listened.push(position);
    tokens.push(
      ways.map((way, variant) => {
        entries.push([tokenOf(position, variant), way]);
        return tokenOf(position, variant);
      }),
    );
  });
  const final = tokens.length;
  let states = final + 1;
  const newState = () => states++;
  const arcs: Arc[] = [];
  tokens.forEach((said, k) => {
    const read = 1 - weights.skip - 2 * weights.other - weights.repeat - weights.stop;
    for (const token of said) arcs.push({ from: k, to: k + 1, p: read, token });
    arcs.push(...otherArcs(k, final, weights), ...repeatArcs(k, tokens, weights, newState));
  });
  return { states, final, arcs, entries, listened };
}
