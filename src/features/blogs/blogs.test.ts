import { describe, expect, it } from 'vitest';
import {
  countWords,
  decodeCursor,
  encodeCursor,
  excerptOf,
  monthKey,
  monthLabel,
  parseMonthKey,
  readingMinutes,
  textOfHtml,
} from './blogs';

describe('reading time', () => {
  it.each([
    [0, 1],
    [230, 1],
    [231, 2],
    [2300, 10],
  ])('is at least a minute and rounds up: %i words, %i min', (words, minutes) => {
    expect(readingMinutes(words)).toBe(minutes);
  });
});

describe('textOfHtml and countWords', () => {
  it('reads the words a reader sees', () => {
    const text = textOfHtml(
      '<h2>Tips</h2><p>Read&nbsp;daily &amp; <em>often</em>.</p><ul><li>One</li><li>Two</li></ul>',
    );
    expect(text).toBe('Tips Read daily & often. One Two');
    expect(countWords(text)).toBe(6);
  });
  it('decodes numeric entities and ignores bad ones', () => {
    expect(textOfHtml('<p>&#8220;Hi&#x201D; &#0; &#99999999;</p>')).toBe('“Hi”');
  });
  it('does not count lone punctuation as words', () => {
    expect(countWords('A — B ... C')).toBe(3);
  });
});

describe('excerptOf', () => {
  it('keeps short text as it is', () => {
    expect(excerptOf('  Short   text. ')).toBe('Short text.');
  });
  it('cuts long text at a word with an ellipsis', () => {
    const out = excerptOf('one two three four five six seven eight nine ten', 20);
    expect(out).toBe('one two three four…');
    expect(out.length).toBeLessThanOrEqual(20);
  });
});

describe('cursors', () => {
  const cursor = {
    publishedAt: new Date('2026-11-03T09:00:00.123Z'),
    id: '0b9d7f7e-4a57-4c8e-9a0f-3f1f6a1d2c3b',
  };
  it('round-trip', () => {
    const encoded = encodeCursor(cursor);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(encoded)).toEqual(cursor);
  });
  it.each([
    '',
    'garbage!',
    btoa('2026-11-03T09:00:00.123Z'),
    btoa('not-a-date_0b9d7f7e-4a57-4c8e-9a0f-3f1f6a1d2c3b'),
    btoa('2026-11-03T09:00:00.123Z_not-a-uuid'),
    btoa('2026-11-03T09:00:00.123Z_0b9d7f7e-4a57-4c8e-9a0f-3f1f6a1d2c3b_x'),
    'a'.repeat(101),
    // Dates JavaScript accepts but the database refuses.
    btoa('0000-01-01T00:00:00.000Z_00000000-0000-4000-8000-000000000000'),
    btoa('+275760-09-13T00:00:00.000Z_00000000-0000-4000-8000-000000000000'),
    btoa('1969-12-31T23:59:59.999Z_00000000-0000-4000-8000-000000000000'),
  ])('refuse anything else: %j', (value) => {
    expect(decodeCursor(value)).toBeUndefined();
  });
});

describe('months', () => {
  it('keys and labels months in UTC', () => {
    expect(monthKey(new Date('2026-11-30T23:30:00Z'))).toBe('2026-11');
    expect(monthLabel('2026-11')).toBe('November 2026');
  });
  it('accepts only real months', () => {
    expect(parseMonthKey('2026-11')).toBe('2026-11');
    for (const bad of ['2026-13', '2026-00', '26-11', '2026-1', '1999-12', "2026-11'--", null, undefined]) {
      expect(parseMonthKey(bad)).toBeUndefined();
    }
  });
});
