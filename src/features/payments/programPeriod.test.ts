import { describe, expect, it } from 'vitest';
import { programEnd, programPeriod, promiseHolds } from './programPeriod';

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

describe('programPeriod', () => {
  const now = at('2026-11-24T10:00:00Z');
  const monthly = { durationMonths: 1, startsOn: null };
  const summer = { durationMonths: 2, startsOn: '2027-06-14' };
  const program = (startsAt: string, endsAt: string) => ({ startsAt: at(startsAt), endsAt: at(endsAt) });
  const running = program('2026-11-01T00:00:00Z', '2027-01-10T08:00:00Z');
  const queuedSummer = program('2027-06-14T12:00:00Z', '2027-08-14T12:00:00Z');

  it.each([
    ['starts at once without a season or another program', monthly, [], '2026-11-24T10:00:00.000Z', 'now'],
    ['queues after the program running now', monthly, [running], '2027-01-10T08:00:00.000Z', 'after_current'],
    [
      'starts now when the only other program is queued far ahead (no overlap)',
      monthly,
      [queuedSummer],
      '2026-11-24T10:00:00.000Z',
      'now',
    ],
    [
      'slides past every program it would overlap',
      monthly,
      [running, program('2027-01-10T08:00:00Z', '2027-02-10T08:00:00Z')],
      '2027-02-10T08:00:00.000Z',
      'after_current',
    ],
    [
      'fits in a gap between two programs when it is long enough',
      monthly,
      [running, program('2027-03-01T00:00:00Z', '2027-04-01T00:00:00Z')],
      '2027-01-10T08:00:00.000Z',
      'after_current',
    ],
    ['waits for its season (midday UTC on its date)', summer, [], '2027-06-14T12:00:00.000Z', 'season'],
    [
      'waits for its season even with a program that ends sooner',
      summer,
      [running],
      '2027-06-14T12:00:00.000Z',
      'season',
    ],
    [
      'queues after a program that runs into the season',
      summer,
      [program('2027-05-01T00:00:00Z', '2027-07-01T00:00:00Z')],
      '2027-07-01T00:00:00.000Z',
      'after_current',
    ],
    [
      'starts at once when its season has begun (a late joiner)',
      { durationMonths: 2, startsOn: '2026-11-01' },
      [],
      '2026-11-24T10:00:00.000Z',
      'now',
    ],
  ] as const)('%s', (_, plan, programs, startsAt, reason) => {
    const period = programPeriod(now, plan, programs);
    expect(period.startsAt.toISOString()).toBe(startsAt);
    expect(period.reason).toBe(reason);
    expect(period.endsAt).toEqual(programEnd(period.startsAt, plan.durationMonths));
  });

  it('ends the Summer Reading Quest in August when bought in November', () => {
    expect(programPeriod(now, summer, []).endsAt.toISOString()).toBe('2027-08-14T12:00:00.000Z');
  });
});

describe('promiseHolds', () => {
  it('holds for a program that starts when paid, and for the same season or queue date', () => {
    expect(
      promiseHolds(
        { reason: 'now', startsAt: at('2026-11-27T10:00:00Z') },
        { reason: 'now', startsAt: at('2026-11-27T10:09:00Z') },
      ),
    ).toBe(true);
    const queued = { reason: 'after_current' as const, startsAt: at('2026-12-27T10:00:00Z') };
    expect(promiseHolds(queued, { ...queued })).toBe(true);
  });

  it('breaks when another program came first, or the queue moved', () => {
    expect(
      promiseHolds(
        { reason: 'now', startsAt: at('2026-11-27T10:00:00Z') },
        { reason: 'after_current', startsAt: at('2026-12-27T10:00:00Z') },
      ),
    ).toBe(false);
    expect(
      promiseHolds(
        { reason: 'after_current', startsAt: at('2026-12-27T10:00:00Z') },
        { reason: 'after_current', startsAt: at('2027-01-27T10:00:00Z') },
      ),
    ).toBe(false);
    expect(
      promiseHolds(
        { reason: 'after_current', startsAt: at('2026-12-27T10:00:00Z') },
        { reason: 'now', startsAt: at('2026-11-27T10:00:00Z') },
      ),
    ).toBe(false);
  });
});
