import { describe, expect, it } from 'vitest';
import {
  heardBounds,
  heardHow,
  heardReading,
  listeningConfidence,
  type Segment,
  toggledWord,
} from './heardReading';

/** An alignment where word n was heard at second n, for a quarter of a second. */
const heardAt = (positions: number[], p = 0.9): Segment[] => [
  { t: '<sil>', b: 0, d: 0.5, p: 1 },
  ...positions.map((n) => ({ t: `w${n}`, b: n + 1, d: 0.25, p })),
  { t: '(NULL)', b: 30, d: 0, p: 1 },
];
const all = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('a reading heard against its passage', () => {
  it('every word heard: no marks, and the time runs from the first word to the end of the last', () => {
    const reading = heardReading(heardAt(all(10)), 10, all(10));
    expect(reading.words.every((w) => w.mark === 'read')).toBe(true);
    expect(reading.words[3]).toEqual({ mark: 'read', atMs: 4000, sureness: 0.9 });
    expect(reading.marks).toEqual([]);
    expect(reading.lastWord).toBeNull();
    expect(reading.readingMs).toBe(9250);
    // 10 words in 9.25 s.
    expect(reading.score).toMatchObject({
      words: 10,
      errors: 0,
      wordsCorrect: 10,
      wordsCorrectPerMinute: 65,
    });
    expect(reading.confidence).toBe(0.9);
    expect(reading.trusted).toBe(true);
  });

  it('a word skipped in the middle is an omission; a word it cannot listen for counts as read', () => {
    const reading = heardReading(heardAt([0, 1, 3, 5, 6, 7]), 8, [0, 1, 2, 3, 5, 6, 7]);
    expect(reading.words.map((w) => w.mark)).toEqual([
      'read',
      'read',
      'missed',
      'read',
      'unlistened',
      'read',
      'read',
      'read',
    ]);
    expect(reading.marks).toEqual([{ word: 2, kind: 'omission' }]);
    expect(reading.score).toMatchObject({ words: 8, errors: 1, wordsCorrect: 7 });
  });

  it('words after the last one heard were not reached: the child stopped there', () => {
    const reading = heardReading(heardAt(all(6)), 10, all(10));
    expect(reading.lastWord).toBe(5);
    expect(reading.words.slice(6).every((w) => w.mark === 'unreached')).toBe(true);
    expect(reading.marks).toEqual([]);
    expect(reading.score).toMatchObject({ words: 6, wordsCorrect: 6 });
  });

  it('is not trusted when little was heard, or heard unsurely', () => {
    expect(heardReading(heardAt([0, 1, 2]), 10, all(10)).trusted).toBe(false);
    const unsure = heardReading(heardAt(all(10), 0.5), 10, all(10));
    expect(unsure.confidence).toBe(0.5);
    expect(unsure.trusted).toBe(false);
    const nothing = heardReading([], 10, all(10));
    expect(nothing).toMatchObject({ trusted: false, confidence: 0, readingMs: 0, marks: [] });
  });

  it('confidence falls with the share of reached words that were missed', () => {
    expect(listeningConfidence([0.9, 0.9, 0.9], 0)).toBe(0.9);
    expect(listeningConfidence([0.9, 0.9, 0.9], 3)).toBe(0.45);
    expect(listeningConfidence([], 4)).toBe(0);
  });
});

describe('the family’s correction of a word', () => {
  it('turns a missed word into a heard one and back, and the figures follow', () => {
    const heard = heardReading(heardAt([0, 1, 3, 4, 5]), 8, all(8));
    expect(heard.marks).toEqual([{ word: 2, kind: 'omission' }]);
    const fixed = toggledWord(heard, 2);
    expect(fixed.words[2]?.mark).toBe('read');
    expect(fixed.marks).toEqual([]);
    expect(fixed.score.wordsCorrect).toBe(6);
    expect(fixed.corrected).toEqual([2]);
    const again = toggledWord(toggledWord(fixed, 4), 2);
    expect(again.marks).toEqual([
      { word: 2, kind: 'omission' },
      { word: 4, kind: 'omission' },
    ]);
    expect(again.corrected).toEqual([4]);
  });

  it('leaves words past where the child stopped as they are', () => {
    const heard = heardReading(heardAt([0, 1, 2, 3, 4]), 8, all(8));
    expect(toggledWord(heard, 6)).toBe(heard);
  });
});

describe('how sure listening was, in words', () => {
  it('is "heard clearly" from 0.8, "heard fairly well" from the trust threshold, "hard to hear" below', () => {
    expect([0.95, 0.8, 0.79, 0.6, 0.59].map(heardHow)).toEqual([
      'heard clearly',
      'heard clearly',
      'heard fairly well',
      'heard fairly well',
      'hard to hear',
    ]);
  });
});

describe('how sure each figure is', () => {
  it('a word said again after a pause or other speech is noted as a repeat, not as an error', () => {
    const segments = heardAt([0, 1, 2, 3, 4, 5]);
    segments.splice(4, 0, { t: '[SPEECH]', b: 3.3, d: 0.2, p: 0.9 }, { t: 'w2', b: 3.5, d: 0.25, p: 0.9 });
    const reading = heardReading(segments, 6, all(6));
    expect(reading.repeats).toEqual([2]);
    expect(reading.score).toMatchObject({ errors: 0, wordsCorrect: 6 });
  });

  it('a word heard twice in a row is one long word cut in two, unless it comes a third time', () => {
    const twice = heardAt([0, 1, 2, 3, 4, 5]);
    twice.splice(4, 0, { t: 'w2', b: 3.3, d: 0.2, p: 0.9 });
    expect(heardReading(twice, 6, all(6)).repeats).toEqual([]);
    const thrice = heardAt([0, 1, 2, 3, 4, 5]);
    thrice.splice(4, 0, { t: 'w2', b: 3.3, d: 0.2, p: 0.9 }, { t: 'w2', b: 3.5, d: 0.2, p: 0.9 });
    expect(heardReading(thrice, 6, all(6)).repeats).toEqual([2]);
  });

  it('every word heard surely: each figure is what it says', () => {
    const bounds = heardBounds(heardReading(heardAt(all(10)), 10, all(10)));
    expect(bounds.wordsCorrect).toEqual({ low: 10, high: 10 });
    expect(bounds.wordsCorrectPerMinute).toEqual({ low: 65, high: 65 });
  });

  it('a word marked missed may have been read, and a word heard unsurely may have been missed', () => {
    const segments = heardAt([0, 1, 3, 4, 5, 6, 7, 8, 9]);
    const unsure = segments.find((s) => s.t === 'w5');
    if (unsure) unsure.p = 0.3;
    const reading = heardReading(segments, 10, all(10));
    expect(reading.score.wordsCorrect).toBe(9);
    const bounds = heardBounds(reading);
    expect(bounds.wordsCorrect).toEqual({ low: 8, high: 10 });
    expect(bounds.accuracy).toEqual({ low: 0.8, high: 1 });
    expect(bounds.wordsCorrectPerMinute.low).toBeLessThan(reading.score.wordsCorrectPerMinute);
    expect(bounds.wordsCorrectPerMinute.high).toBeGreaterThan(reading.score.wordsCorrectPerMinute);
  });

  it('a mark the family set is certain', () => {
    const reading = heardReading(heardAt([0, 1, 3, 4, 5, 6, 7, 8, 9]), 10, all(10));
    const checked = toggledWord(reading, 2);
    expect(heardBounds(checked).wordsCorrect).toEqual({ low: 10, high: 10 });
    const confirmedMissed = toggledWord(toggledWord(reading, 2), 2);
    expect(confirmedMissed.corrected).toEqual([]);
    expect(heardBounds(confirmedMissed).wordsCorrect).toEqual({ low: 9, high: 10 });
  });
});
