import { describe, expect, it } from 'vitest';
import {
  accuracyBand,
  type Miscue,
  marksProblem,
  percentText,
  scoreRunningRecord,
  wordsCovered,
} from './runningRecord';

const marks = (kind: Miscue['kind'], count: number, from = 0): Miscue[] =>
  Array.from({ length: count }, (_, i) => ({ word: from + i, kind }));

describe('a running record scored from its marks', () => {
  it('Clay’s worked example: 120 running words, 6 errors, 2 self-corrections', () => {
    // Accuracy (120 − 6) / 120 = 95%; self-correction ratio (6 + 2) / 2 = 1:4.
    const score = scoreRunningRecord({
      wordCount: 120,
      readingMs: 120_000,
      marks: [
        ...marks('substitution', 3),
        ...marks('omission', 2, 10),
        ...marks('told', 1, 20),
        ...marks('self_correction', 2, 30),
      ],
    });
    expect(score).toMatchObject({ words: 120, errors: 6, selfCorrections: 2, selfCorrectionRatio: 4 });
    expect(percentText(score.accuracy)).toBe('95%');
    expect(accuracyBand(score.accuracy)).toBe('independent');
    // 114 words right in two minutes.
    expect(score.wordsCorrectPerMinute).toBe(57);
  });

  it('a 150-word passage with 10 errors and 5 self-corrections: 93%, 1:3', () => {
    const score = scoreRunningRecord({
      wordCount: 150,
      readingMs: 90_000,
      marks: [...marks('substitution', 8), ...marks('insertion', 2, 40), ...marks('self_correction', 5, 60)],
    });
    expect(score.errors).toBe(10);
    expect(score.accuracy).toBeCloseTo(140 / 150);
    expect(accuracyBand(score.accuracy)).toBe('instructional');
    expect(score.selfCorrectionRatio).toBe(3);
    // Insertions are errors of the record but leave the passage's words right: 142 in 1.5 minutes.
    expect(score.wordsCorrect).toBe(142);
    expect(score.wordsCorrectPerMinute).toBe(95);
  });

  it('self-corrections are not errors, and a clean reading is 100% with no ratio', () => {
    const clean = scoreRunningRecord({
      wordCount: 50,
      readingMs: 60_000,
      marks: marks('self_correction', 3),
    });
    expect(clean.errors).toBe(0);
    expect(clean.accuracy).toBe(1);
    expect(clean.wordsCorrectPerMinute).toBe(50);
    const none = scoreRunningRecord({ wordCount: 50, readingMs: 60_000, marks: [] });
    expect(none.selfCorrectionRatio).toBeNull();
  });

  it('a child who stopped early is scored on the words they read', () => {
    expect(wordsCovered(100, 39)).toBe(40);
    expect(wordsCovered(100, null)).toBe(100);
    const score = scoreRunningRecord({
      wordCount: 100,
      lastWord: 39,
      readingMs: 30_000,
      marks: [...marks('omission', 4), { word: 80, kind: 'substitution' }],
    });
    expect(score).toMatchObject({ words: 40, errors: 4, wordsCorrect: 36, wordsCorrectPerMinute: 72 });
    expect(accuracyBand(score.accuracy)).toBe('instructional');
  });

  it('under 90% is too hard for now; accuracy never goes below zero', () => {
    const hard = scoreRunningRecord({ wordCount: 20, readingMs: 60_000, marks: marks('told', 3) });
    expect(accuracyBand(hard.accuracy)).toBe('frustration');
    const insertions = scoreRunningRecord({
      wordCount: 1,
      readingMs: 60_000,
      marks: [
        { word: 0, kind: 'insertion' },
        { word: 0, kind: 'insertion' },
      ],
    });
    expect(insertions.accuracy).toBe(0);
  });
});

describe('marks that cannot be right', () => {
  it('a mark outside the passage is named by its word', () => {
    expect(marksProblem([{ word: 12, kind: 'omission' }], 12)).toMatch(
      /word 13, which is not in the passage/,
    );
    expect(marksProblem([{ word: -1, kind: 'omission' }], 12)).toMatch(/not in the passage/);
  });
  it('a word is read wrong one way or put right, not both', () => {
    expect(
      marksProblem(
        [
          { word: 2, kind: 'substitution' },
          { word: 2, kind: 'self_correction' },
        ],
        10,
      ),
    ).toMatch(/Word 3 has two marks/);
  });
  it('insertions sit beside a word’s own mark, up to three', () => {
    const beside: Miscue[] = [
      { word: 2, kind: 'substitution' },
      ...Array.from({ length: 3 }, () => ({ word: 2, kind: 'insertion' as const })),
    ];
    expect(marksProblem(beside, 10)).toBeUndefined();
    expect(marksProblem([...beside, { word: 2, kind: 'insertion' }], 10)).toMatch(/more than 3 insertions/);
  });
});
