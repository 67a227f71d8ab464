import { describe, expect, it } from 'vitest';
import { programEnd, programStart } from './programPeriod';

const at = (iso: string) => new Date(iso);

describe('programEnd', () => {
  it('counts 1.25 months as five weeks (the condensed program)', () => {
    expect(programEnd(at('2026-03-02T10:00:00Z'), 1.25).toISOString()).toBe('2026-04-06T10:00:00.000Z');
  });

  it('counts whole months as calendar months, keeping the time of day', () => {
    expect(programEnd(at('2026-01-15T09:30:00Z'), 1).toISOString()).toBe('2026-02-15T09:30:00.000Z');
    expect(programEnd(at('2026-11-20T00:00:00Z'), 3).toISOString()).toBe('2027-02-20T00:00:00.000Z');
  });

  it('ends on the last day of a shorter month rather than spilling into the next', () => {
    expect(programEnd(at('2026-01-31T12:00:00Z'), 1).toISOString()).toBe('2026-02-28T12:00:00.000Z');
    expect(programEnd(at('2028-01-31T12:00:00Z'), 1).toISOString()).toBe('2028-02-29T12:00:00.000Z');
  });

  it('counts other quarter months as weeks and other fractions as days of a 30-day month', () => {
    expect(programEnd(at('2026-01-01T00:00:00Z'), 0.5).toISOString()).toBe('2026-01-15T00:00:00.000Z');
    expect(programEnd(at('2026-01-01T00:00:00Z'), 1.1).toISOString()).toBe('2026-02-04T00:00:00.000Z');
  });

  it('refuses a duration that is not a positive number', () => {
    expect(() => programEnd(at('2026-01-01T00:00:00Z'), 0)).toThrow(RangeError);
    expect(() => programEnd(at('2026-01-01T00:00:00Z'), Number.NaN)).toThrow(RangeError);
  });
});

describe('programStart', () => {
  const now = at('2026-05-01T08:00:00Z');
  it('starts now when the child has no running program', () => {
    expect(programStart(now, null)).toBe(now);
    expect(programStart(now, at('2026-04-30T08:00:00Z'))).toBe(now);
  });
  it('starts when the running program ends', () => {
    const end = at('2026-05-20T08:00:00Z');
    expect(programStart(now, end)).toBe(end);
  });
});
