import { describe, expect, it } from 'vitest';
import { dayInput, findUnstorableText, instantInput, unstorableReason } from './common.schema';

describe('texts a database can store', () => {
  it('refuses a NUL and a lone surrogate, and keeps every other character', () => {
    expect(unstorableReason('a\u0000b')).toMatch(/NUL/);
    expect(unstorableReason('a\ud800b')).toMatch(/surrogate/);
    expect(unstorableReason('\udc00')).toMatch(/surrogate/);
    for (const fine of ['', 'Théo 📚 読書', '\t\n\r', 'tab\u0001', '\ud83d\udcda'])
      expect(unstorableReason(fine)).toBeUndefined();
  });

  it('names the first bad text inside a value by its dotted path, keys included', () => {
    expect(findUnstorableText({ title: 'ok', schedule: [{ title: 'x' }, { title: 'a\u0000' }] })).toEqual({
      field: 'schedule.1.title',
      reason: expect.stringMatching(/NUL/),
    });
    expect(findUnstorableText({ 'k\ud800': 1 })?.field).toBe('k\ud800');
    expect(findUnstorableText('\u0000')?.field).toBe('body');
    expect(findUnstorableText({ a: [1, null, true, 'fine'] })).toBeUndefined();
  });
});

describe('dates the API takes: years 1900 to 2200', () => {
  const instant = instantInput('Enter a date and time.');
  const day = dayInput('Enter a day.');

  it('accepts the bounds and refuses just past them, and the years databases misread', () => {
    expect(instant.safeParse('1900-01-01T00:00:00Z').success).toBe(true);
    expect(instant.safeParse('2200-12-31T23:59:59.999Z').success).toBe(true);
    for (const out of [
      '1899-12-31T23:59:59.999Z',
      '2201-01-01T00:00:00Z',
      '0001-06-01T10:00:00Z',
      '0099-06-01T10:00:00Z',
      '9999-12-31T23:59:59Z',
      '0000-01-01T00:00:00Z',
    ]) {
      const result = instant.safeParse(out);
      expect(result.success, out).toBe(false);
      expect(result.error?.issues[0]?.message, out).toMatch(/1900 and 2200/);
    }
    // The offset counts: this is already 2201 in UTC.
    expect(instant.safeParse('2200-12-31T23:00:00-05:00').success).toBe(false);
  });

  it('says how to write a date that is not one', () => {
    expect(instant.safeParse('next Tuesday').error?.issues[0]?.message).toBe('Enter a date and time.');
    expect(day.safeParse('2026-02-30').error?.issues[0]?.message).toBe('Enter a day.');
    expect(day.safeParse('1900-01-01').success).toBe(true);
    expect(day.safeParse('2201-01-01').success).toBe(false);
  });
});
