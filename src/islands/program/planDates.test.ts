import { describe, expect, it } from 'vitest';
import { longDate, shortDay } from './planDates';

const short = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const long = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });

/** Every day from `from`, `count` of them, as YYYY-MM-DD. */
const days = (from: string, count: number) =>
  Array.from({ length: count }, (_, i) =>
    new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
  );

describe('a plan’s days', () => {
  it('read as US English writes them', () => {
    expect(shortDay('2026-11-16')).toBe('Mon, Nov 16');
    expect(longDate('2026-11-16')).toBe('November 16');
    expect(shortDay('2028-02-29')).toBe('Tue, Feb 29');
  });

  it('match the browser’s date library on every day of two years, a leap year among them', () => {
    for (const day of days('2027-01-01', 731)) {
      const noon = new Date(`${day}T12:00:00Z`);
      expect(shortDay(day)).toBe(short.format(noon));
      expect(longDate(day)).toBe(long.format(noon));
    }
  });
});
