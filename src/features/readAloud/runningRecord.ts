/**
 * A running record of a read-aloud, scored the way reading teachers score one (Marie Clay, "An
 * Observation Survey of Early Literacy Achievement"): the guide marks each miscue on the passage's
 * words, and the figures follow from the marks. Pure: the guide console, the API and the reports
 * all count with these functions.
 */

export const MISCUE_KINDS = ['substitution', 'omission', 'insertion', 'told', 'self_correction'] as const;
export type MiscueKind = (typeof MISCUE_KINDS)[number];

export const MISCUE_LABELS: Record<MiscueKind, string> = {
  substitution: 'Substitution',
  omission: 'Omission',
  insertion: 'Insertion',
  told: 'Told',
  self_correction: 'Self-correction',
};

/** One mark: the passage word it is on (0 for the first), and what the child said, when it matters. */
export interface Miscue {
  word: number;
  kind: MiscueKind;
  /** The word the child said instead (a substitution) or added (an insertion). */
  said?: string | undefined;
}

/** Most insertions one word may carry (an insertion is marked on the word it follows). */
export const MAX_INSERTIONS_PER_WORD = 3;
export const MAX_SAID_LENGTH = 40;

/** A word's own marks exclude each other: a word is read wrong one way, or put right. */
const WORD_MARKS: ReadonlySet<MiscueKind> = new Set(['substitution', 'omission', 'told', 'self_correction']);

/** What is wrong with a set of marks on a passage of `wordCount` words, or undefined when they are sound. */
export function marksProblem(marks: readonly Miscue[], wordCount: number): string | undefined {
  const onWord = new Map<number, MiscueKind>();
  const insertions = new Map<number, number>();
  for (const mark of marks) {
    if (!Number.isInteger(mark.word) || mark.word < 0 || mark.word >= wordCount)
      return `A mark is on word ${mark.word + 1}, which is not in the passage (it has ${wordCount} words).`;
    if (mark.kind === 'insertion') {
      const count = (insertions.get(mark.word) ?? 0) + 1;
      if (count > MAX_INSERTIONS_PER_WORD)
        return `Word ${mark.word + 1} has more than ${MAX_INSERTIONS_PER_WORD} insertions after it.`;
      insertions.set(mark.word, count);
    } else if (WORD_MARKS.has(mark.kind)) {
      if (onWord.has(mark.word)) return `Word ${mark.word + 1} has two marks: keep one.`;
      onWord.set(mark.word, mark.kind);
    }
  }
  return undefined;
}

/** Faster than anyone reads aloud: a reading time this short is a slip (and would not fit the figures). */
export const MAX_WORDS_PER_MINUTE = 400;

/**
 * What is wrong with a running record of a recording `durationMs` long on a passage of `wordCount`
 * words, field by field; nothing when it can be saved. The guide's records and the family's
 * corrected pre-scores are checked alike.
 */
export function recordRefusals(
  record: { marks: readonly Miscue[]; lastWord: number | null; readingMs: number },
  wordCount: number,
  durationMs: number,
): Record<string, string> {
  const fields: Record<string, string> = {};
  const problem = marksProblem(record.marks, wordCount);
  if (problem) fields.marks = problem;
  if (record.lastWord !== null && record.lastWord >= wordCount)
    fields.lastWord = `The passage has ${wordCount} words: choose one of them.`;
  // A little past the recording's length is the recorder's rounding; more is a typing slip.
  if (record.readingMs > durationMs + 1_000)
    fields.readingMs = 'The reading cannot last longer than its recording.';
  else if ((wordsCovered(wordCount, record.lastWord) * 60_000) / record.readingMs > MAX_WORDS_PER_MINUTE)
    fields.readingMs = 'Nobody reads that many words that quickly: check the reading time.';
  return fields;
}

export interface RunningRecordInput {
  marks: readonly Miscue[];
  /** The passage's running words. */
  wordCount: number;
  /** The last word the child read (0-based), when they stopped before the end. */
  lastWord?: number | null | undefined;
  /** How long the reading took, in milliseconds. */
  readingMs: number;
}

export interface RunningRecordScore {
  /** Running words: the words of the passage the child read. */
  words: number;
  /** Errors: substitutions, omissions, insertions and words told. */
  errors: number;
  selfCorrections: number;
  /** Words read right (a substituted, omitted or told word is not). */
  wordsCorrect: number;
  /** (running words − errors) / running words, 0 to 1. */
  accuracy: number;
  /** Words read right over the reading time, per minute, rounded. */
  wordsCorrectPerMinute: number;
  /** (errors + self-corrections) / self-corrections: "1 in n"; null without a self-correction. */
  selfCorrectionRatio: number | null;
}

/** The words a reading covered: the whole passage, or up to the word where the child stopped. */
export function wordsCovered(wordCount: number, lastWord?: number | null): number {
  if (lastWord === undefined || lastWord === null) return wordCount;
  return Math.max(0, Math.min(wordCount, lastWord + 1));
}

/** Accuracy, words correct per minute and the self-correction ratio from a running record's marks. */
export function scoreRunningRecord(input: RunningRecordInput): RunningRecordScore {
  const words = wordsCovered(input.wordCount, input.lastWord);
  const read = input.marks.filter((m) => m.word < words);
  const count = (kind: MiscueKind) => read.filter((m) => m.kind === kind).length;
  const wordsWrong = count('substitution') + count('omission') + count('told');
  const errors = wordsWrong + count('insertion');
  const selfCorrections = count('self_correction');
  const wordsCorrect = Math.max(0, words - wordsWrong);
  return {
    words,
    errors,
    selfCorrections,
    wordsCorrect,
    accuracy: accuracyOf(words, errors),
    wordsCorrectPerMinute: input.readingMs > 0 ? Math.round((wordsCorrect * 60_000) / input.readingMs) : 0,
    selfCorrectionRatio: selfCorrectionRatio(errors, selfCorrections),
  };
}

/** (errors + self-corrections) / self-corrections, rounded: the child put right 1 in n; null without any. */
export const selfCorrectionRatio = (errors: number, selfCorrections: number) =>
  selfCorrections === 0 ? null : Math.round((errors + selfCorrections) / selfCorrections);

/** (running words − errors) / running words, 0 to 1. */
export const accuracyOf = (words: number, errors: number) =>
  words === 0 ? 0 : Math.max(0, words - errors) / words;

/**
 * How hard the text was for the child, from the accuracy (Clay's bands): 95% and up easy enough to
 * read alone, 90% to 94% right for reading with help, under 90% too hard for now.
 */
export function accuracyBand(accuracy: number): 'independent' | 'instructional' | 'frustration' {
  const percent = Math.round(accuracy * 1000) / 10;
  if (percent >= 95) return 'independent';
  if (percent >= 90) return 'instructional';
  return 'frustration';
}

export const ACCURACY_BAND_WORDS: Record<ReturnType<typeof accuracyBand>, string> = {
  independent: 'easy enough to read alone',
  instructional: 'right for reading with a grown-up',
  frustration: 'hard for now: read it together first',
};

/** 0.943 → "94%"; the accuracy as families see it. */
export const percentText = (accuracy: number) => `${Math.round(accuracy * 100)}%`;
