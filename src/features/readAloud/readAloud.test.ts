import { describe, expect, it } from 'vitest';
import { READING_LEVELS } from '~/platform/domain';
import {
  baseType,
  formatDuration,
  noRateReason,
  orderPassagesForLevel,
  passageWordCount,
  pickRecorderType,
  readingRate,
  spokenDuration,
  wordsPerMinute,
} from './readAloud';

describe('wordsPerMinute', () => {
  it.each([
    [38, 60_000, 38],
    [38, 30_000, 76],
    [100, 45_500, 132],
  ])('rounds words over minutes: %i words in %i ms is %i', (words, ms, wpm) => {
    expect(wordsPerMinute(words, ms)).toBe(wpm);
  });
  it.each([
    [38, 999],
    [0, 60_000],
    [38, Number.NaN],
  ])('answers 0 for a time under a second, no words or nonsense: %i words in %d ms', (words, ms) => {
    expect(wordsPerMinute(words, ms)).toBe(0);
  });
});

// Issue 13, item 6: a 10-second timed attempt showed "Well read!" and 316 words per minute.
describe('readingRate', () => {
  it.each([
    ['a recording at a child’s pace', 59, 40_000, true, 89],
    ['the quickest rate shown', 50, 15_000, true, 200],
    ['the slowest rate shown', 15, 60_000, true, 15],
    ['a timer alone', 59, 40_000, false, null],
    ['a 10-second attempt at 59 words', 59, 10_000, true, null],
    ['a reading left running', 59, 600_000, true, null],
  ])('%s: %i words in %i ms, recorded %s, is %s', (_, words, ms, recorded, rate) => {
    expect(readingRate(words, ms, recorded)).toBe(rate);
  });

  it('says why an attempt has no rate, and nothing when it has one', () => {
    expect(noRateReason(59, 40_000, true)).toBeUndefined();
    expect(noRateReason(59, 40_000, false)).toMatch(/^Without a recording/);
    expect(noRateReason(59, 10_000, true)).toMatch(/^That was quicker than anyone reads 59 words aloud/);
    expect(noRateReason(59, 600_000, true)).toMatch(/^That took much longer/);
  });
});

describe('durations', () => {
  it('formats a timer', () => {
    expect([0, 75_400, 3_725_000].map(formatDuration)).toEqual(['0:00', '1:15', '1:02:05']);
  });
  it('says a duration in words', () => {
    expect([1_000, 75_400, 120_000].map(spokenDuration)).toEqual([
      '1 second',
      '1 minute 15 seconds',
      '2 minutes',
    ]);
  });
});

describe('recording formats', () => {
  it('drops codec parameters', () => {
    expect(['audio/webm;codecs=opus', ' Audio/MP4 '].map(baseType)).toEqual(['audio/webm', 'audio/mp4']);
  });
  it('prefers Opus in WebM, then falls back, then the browser default', () => {
    expect(pickRecorderType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickRecorderType((t) => t === 'audio/mp4')).toBe('audio/mp4');
    expect(pickRecorderType(() => false)).toBe('');
  });
});

describe('orderPassagesForLevel', () => {
  const p = (title: string, level: string) => ({ title, level });
  it('puts the child’s level first, then the levels in order, then titles', () => {
    const list = [p('Z', 'canopy'), p('B', 'branch'), p('A', 'sprout'), p('C', 'branch'), p('S', 'sapling')];
    expect(orderPassagesForLevel(list, 'branch', READING_LEVELS).map((x) => x.title)).toEqual([
      'B',
      'C',
      'A',
      'S',
      'Z',
    ]);
    expect(orderPassagesForLevel(list, undefined, READING_LEVELS).map((x) => x.title)).toEqual([
      'A',
      'S',
      'B',
      'C',
      'Z',
    ]);
  });
});

describe('passageWordCount', () => {
  it('counts words separated by any white space, lines included', () => {
    expect(['  The fox ran.\n\nIt  was\tfast.  ', '', '   \n '].map(passageWordCount)).toEqual([6, 0, 0]);
  });
});
