import { describe, expect, it } from 'vitest';
import { READING_LEVELS } from '~/platform/domain';
import {
  baseType,
  formatDuration,
  orderPassagesForLevel,
  passageWordCount,
  pickRecorderType,
  spokenDuration,
  wordsPerMinute,
} from './readAloud';

describe('wordsPerMinute', () => {
  it('rounds words over minutes', () => {
    expect(wordsPerMinute(38, 60_000)).toBe(38);
    expect(wordsPerMinute(38, 30_000)).toBe(76);
    expect(wordsPerMinute(100, 45_500)).toBe(132);
  });
  it('answers 0 for a time under a second, no words or nonsense', () => {
    expect(wordsPerMinute(38, 999)).toBe(0);
    expect(wordsPerMinute(0, 60_000)).toBe(0);
    expect(wordsPerMinute(38, Number.NaN)).toBe(0);
  });
});

describe('durations', () => {
  it('formats a timer', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75_400)).toBe('1:15');
    expect(formatDuration(3_725_000)).toBe('1:02:05');
  });
  it('says a duration in words', () => {
    expect(spokenDuration(1_000)).toBe('1 second');
    expect(spokenDuration(75_400)).toBe('1 minute 15 seconds');
    expect(spokenDuration(120_000)).toBe('2 minutes');
  });
});

describe('recording formats', () => {
  it('drops codec parameters', () => {
    expect(baseType('audio/webm;codecs=opus')).toBe('audio/webm');
    expect(baseType(' Audio/MP4 ')).toBe('audio/mp4');
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
    expect(passageWordCount('  The fox ran.\n\nIt  was\tfast.  ')).toBe(6);
    expect(passageWordCount('')).toBe(0);
    expect(passageWordCount('   \n ')).toBe(0);
  });
});
