import { type Miscue, type RunningRecordScore, scoreRunningRecord } from '../runningRecord';
import { positionOf } from './readingGraph';

/** One stretch of the recognizer's alignment: a token, its start and length in seconds, its posterior. */
export interface Segment {
  t: string;
  b: number;
  d: number;
  p: number;
}

/**
 * What listening made of one passage word: heard, missed (skipped or said as something else), not
 * listened for (no known pronunciation: it counts as read), or after the place the child stopped.
 */
export type HeardMark = 'read' | 'missed' | 'unlistened' | 'unreached';

export interface HeardWord {
  mark: HeardMark;
  /** When it was heard, in milliseconds from the start of the recording. */
  atMs?: number;
  /** The recognizer's posterior for the word, 0 to 1 (heard words only). */
  sureness?: number;
}

export interface HeardReading {
  words: HeardWord[];
  /** The last word the child reached (0-based), or null when they read to the end. */
  lastWord: number | null;
  /** The pre-scored running record: an omission on each missed word. */
  marks: Miscue[];
  /** From the first heard word to the end of the last, in milliseconds. */
  readingMs: number;
  /** 0 to 1: how far the figures can be trusted (see `listeningConfidence`). */
  confidence: number;
  /** Whether the figures are shown at all; otherwise the page shows only the time, as before. */
  trusted: boolean;
  score: RunningRecordScore;
  /** Words whose mark the family changed. */
  corrected?: number[];
  /**
   * Words said again (a repeat is not an error). Not shown: bench:listening finds about a third of
   * them, and about one a reading where there was none, which is not yet good enough to tell a family.
   */
  repeats: number[];
}

/** Below these, listening is not trusted: too few words heard, or heard too unsurely. */
export const TRUST = { minHeard: 5, minConfidence: 0.6 } as const;

/**
 * How sure listening was, in the words every screen uses: "heard clearly" from 0.8, "heard fairly
 * well" from the trust threshold, "hard to hear" below it.
 */
export function heardHow(confidence: number): 'heard clearly' | 'heard fairly well' | 'hard to hear' {
  if (confidence >= 0.8) return 'heard clearly';
  if (confidence >= TRUST.minConfidence) return 'heard fairly well';
  return 'hard to hear';
}

/**
 * Each passage word's first hearing, and the words said again. A word heard twice in a row is
 * often one long word cut in two by the recognizer, so a repeat is noted only when the word came
 * again after a pause or other speech, or a third time (bench:listening measures both rules).
 */
function heardPositions(segments: readonly Segment[]): { heard: Map<number, Segment>; repeats: number[] } {
  const heard = new Map<number, Segment>();
  const times = new Map<number, number>();
  const repeats = new Set<number>();
  let between = false;
  let last: number | undefined;
  for (const segment of segments) {
    const position = positionOf(segment.t);
    if (position === undefined) {
      if (segment.t !== '(NULL)') between = true;
      continue;
    }
    const count = (times.get(position) ?? 0) + 1;
    times.set(position, count);
    if (!heard.has(position)) heard.set(position, segment);
    else if (count >= 3 || (last === position && between)) repeats.add(position);
    last = position;
    between = false;
  }
  return { heard, repeats: [...repeats] };
}

/**
 * How sure the figures are: the mean posterior of the heard words, scaled down by the share of
 * the reached words that were missed (a reading where listening lost its place looks like many
 * misses in a row).
 */
export function listeningConfidence(sureness: readonly number[], missed: number): number {
  if (sureness.length === 0) return 0;
  const mean = sureness.reduce((a, b) => a + b, 0) / sureness.length;
  const heardShare = sureness.length / (sureness.length + missed);
  return Math.round(mean * heardShare * 100) / 100;
}

function markWords(wordCount: number, listened: ReadonlySet<number>, heard: Map<number, Segment>) {
  const last = Math.max(-1, ...heard.keys());
  const lastListened = Math.max(-1, ...listened);
  return Array.from({ length: wordCount }, (_, i): HeardWord => {
    const segment = heard.get(i);
    if (segment) return { mark: 'read', atMs: Math.round(segment.b * 1000), sureness: segment.p };
    if (i > last && last < lastListened) return { mark: 'unreached' };
    return { mark: listened.has(i) ? 'missed' : 'unlistened' };
  });
}

/**
 * The pre-scored reading of a passage of `wordCount` words, from the recognizer's alignment.
 * `listened` are the positions the grammar listened for.
 */
export function heardReading(
  segments: readonly Segment[],
  wordCount: number,
  listened: readonly number[],
): HeardReading {
  const { heard, repeats } = heardPositions(segments);
  const words = markWords(wordCount, new Set(listened), heard);
  const stopped = words.findIndex((w) => w.mark === 'unreached');
  const lastWord = stopped > 0 ? stopped - 1 : null;
  const marks: Miscue[] = words.flatMap((w, word) =>
    w.mark === 'missed' ? [{ word, kind: 'omission' as const }] : [],
  );
  const spans = [...heard.values()];
  const readingMs =
    spans.length === 0
      ? 0
      : Math.round((Math.max(...spans.map((s) => s.b + s.d)) - Math.min(...spans.map((s) => s.b))) * 1000);
  const confidence = listeningConfidence(
    spans.map((s) => s.p),
    marks.length,
  );
  const trusted = heard.size >= TRUST.minHeard && confidence >= TRUST.minConfidence;
  const score = scoreRunningRecord({ marks, wordCount, lastWord, readingMs });
  return { words, lastWord, marks, readingMs, confidence, trusted, score, repeats };
}

/**
 * The family's correction of one word: a word heard becomes missed, a missed one heard (a word past
 * where the child stopped stays as it is). The figures follow the marks.
 */
export function toggledWord(reading: HeardReading, word: number): HeardReading {
  const was = reading.words[word];
  if (!was || was.mark === 'unreached') return reading;
  const words = reading.words.map(
    (w, i): HeardWord => (i !== word ? w : w.mark === 'missed' ? { mark: 'read' } : { mark: 'missed' }),
  );
  const marks: Miscue[] = words.flatMap((w, i) =>
    w.mark === 'missed' ? [{ word: i, kind: 'omission' as const }] : [],
  );
  const corrected = reading.corrected?.includes(word)
    ? reading.corrected.filter((i) => i !== word)
    : [...(reading.corrected ?? []), word];
  const { lastWord, readingMs } = reading;
  const score = scoreRunningRecord({ marks, wordCount: words.length, lastWord, readingMs });
  return { ...reading, words, marks, score, corrected };
}

/** A word heard with a posterior under this may not have been read: its mark is in doubt. */
export const UNSURE_READ_BELOW = 0.5;

/** The lowest and highest a figure could be if the marks in doubt are wrong. */
export interface FigureBounds {
  low: number;
  high: number;
}

export interface HeardBounds {
  wordsCorrect: FigureBounds;
  accuracy: FigureBounds;
  wordsCorrectPerMinute: FigureBounds;
}

/** The marks in doubt: missed words that may have been read, and words heard too unsurely to be certain. */
export function marksInDoubt(reading: HeardReading): { maybeRead: number; maybeMissed: number } {
  const checked = new Set(reading.corrected ?? []);
  let maybeRead = 0;
  let maybeMissed = 0;
  reading.words.forEach((word, i) => {
    if (checked.has(i)) return;
    if (word.mark === 'missed') maybeRead++;
    else if (word.mark === 'read' && (word.sureness ?? 1) < UNSURE_READ_BELOW) maybeMissed++;
  });
  return { maybeRead, maybeMissed };
}

/**
 * How sure each figure is, as the range it could span: listening catches about two words left out
 * in three and takes some words read for missed ones (bench:listening), so every word marked missed
 * may have been read; a word heard unsurely may have been missed. A mark the family set is certain.
 */
export function heardBounds(reading: HeardReading): HeardBounds {
  const { score, readingMs } = reading;
  const { maybeRead, maybeMissed } = marksInDoubt(reading);
  const low = Math.max(0, score.wordsCorrect - maybeMissed);
  const high = Math.min(score.words, score.wordsCorrect + maybeRead);
  const perMinute = (words: number) => (readingMs > 0 ? Math.round((words * 60_000) / readingMs) : 0);
  const accuracy = (words: number) => (score.words === 0 ? 0 : words / score.words);
  return {
    wordsCorrect: { low, high },
    accuracy: { low: accuracy(low), high: accuracy(high) },
    wordsCorrectPerMinute: { low: perMinute(low), high: perMinute(high) },
  };
}
