import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isDay, isoWeek, isPlausibleToday, localDay, weekStart } from '~/platform/days';
import {
  currentStreak,
  type DayTotal,
  decodeEntryCursor,
  earliestReadingDay,
  encodeEntryCursor,
  latestReadingDay,
  milestoneNotice,
  milestonesReached,
  milestonesToAnnounce,
  runAround,
  runs,
  shiftMonth,
  summarize,
} from './reading';

const day = (d: string, minutes = 20, entries = 1): DayTotal => ({ day: d, minutes, pages: 0, entries });

describe('days', () => {
  it('accepts real calendar days only', () => {
    expect(isDay('2026-11-21')).toBe(true);
    expect(isDay('2024-02-29')).toBe(true);
    for (const bad of [
      '2026-02-29',
      '2026-13-01',
      '2026-11-31',
      '2026-1-5',
      '21/11/2026',
      '',
      '2026-11-21T00:00',
    ])
      expect(isDay(bad), bad).toBe(false);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2026-11-20', '2026-11-22')).toBe(2);
    expect(daysBetween('2026-11-22', '2026-11-20')).toBe(-2);
  });

  it('reads the browser’s own calendar day', () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('allows one day past the server’s UTC date, for families ahead of UTC, and no more', () => {
    expect(latestReadingDay(new Date('2026-11-21T23:59:00Z'))).toBe('2026-11-22');
    expect(latestReadingDay(new Date('2026-12-31T00:00:00Z'))).toBe('2027-01-01');
    const now = new Date('2026-11-21T10:00:00Z');
    expect(['2026-11-20', '2026-11-21', '2026-11-22'].every((d) => isPlausibleToday(d, now))).toBe(true);
    expect(isPlausibleToday('2026-11-23', now)).toBe(false);
    expect(isPlausibleToday('2026-11-19', now)).toBe(false);
    expect(isPlausibleToday('yesterday', now)).toBe(false);
  });

  it('starts a child’s log at their birth year, never before 2000', () => {
    expect(earliestReadingDay(2018)).toBe('2018-01-01');
    expect(earliestReadingDay(null)).toBe('2000-01-01');
    expect(earliestReadingDay(1995)).toBe('2000-01-01');
  });
});

describe('weeks and months', () => {
  it('starts weeks on Monday', () => {
    expect(weekStart('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekStart('2026-11-22')).toBe('2026-11-16'); // a Sunday
    expect(weekStart('2026-11-21')).toBe('2026-11-16');
  });

  it('numbers ISO weeks across year boundaries', () => {
    expect(isoWeek('2026-11-21')).toBe('2026-W47');
    // 2025-12-29 is the Monday of the week holding 1 January 2026, a Thursday.
    expect(isoWeek('2025-12-29')).toBe('2026-W01');
    expect(isoWeek('2026-01-01')).toBe('2026-W01');
    expect(weekStart('2026-01-01')).toBe('2025-12-29');
    // 2026 has 53 weeks (it starts on a Thursday); 1-3 January 2027 belong to its last one.
    expect(isoWeek('2026-12-31')).toBe('2026-W53');
    expect(isoWeek('2027-01-03')).toBe('2026-W53');
    expect(isoWeek('2027-01-04')).toBe('2027-W01');
    // 1 January 2021 (a Friday) is in the last week of 2020.
    expect(isoWeek('2021-01-01')).toBe('2020-W53');
    expect(isoWeek('2019-12-30')).toBe('2020-W01');
  });

  it('shifts months across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-11', -11)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  });
});

describe('streaks', () => {
  const reading = ['2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-14', '2026-11-13'];
  const latest = (days: string[]) => runs(days).at(-1);

  it('finds the runs of consecutive days, whatever the order and repeats', () => {
    expect(runs([...reading, '2026-11-18'])).toEqual([
      { end: '2026-11-14', length: 2 },
      { end: '2026-11-20', length: 4 },
    ]);
    expect(runs(['2026-12-31', '2027-01-01'])).toEqual([{ end: '2027-01-01', length: 2 }]);
    expect(runs([])).toEqual([]);
  });

  it('counts up to today', () => {
    expect(currentStreak(latest([...reading, '2026-11-21']), '2026-11-21')).toBe(5);
  });

  it('is not broken before the day is over: reading up to yesterday still counts', () => {
    expect(currentStreak(latest(reading), '2026-11-21')).toBe(4);
  });

  it('is broken after a whole day without reading', () => {
    expect(currentStreak(latest(reading), '2026-11-22')).toBe(0);
    expect(currentStreak(undefined, '2026-11-22')).toBe(0);
  });

  it('counts a day ahead of the server’s date (a family east of UTC)', () => {
    expect(currentStreak(latest([...reading, '2026-11-21', '2026-11-22']), '2026-11-21')).toBe(6);
  });

  it('is kept through a pause: its days join the run without counting in it', () => {
    const pause = new Set(['2026-11-21', '2026-11-22', '2026-11-23']);
    // Four days read, three paused, then reading again: one run of five reading days.
    expect(runs([...reading, '2026-11-24'], pause).at(-1)).toEqual({ end: '2026-11-24', length: 5 });
    // Still paused today: the streak is the days read before it.
    expect(currentStreak(runs(reading, pause).at(-1), '2026-11-23')).toBe(4);
    // A pause with no reading before it starts no run; one after a gap does not mend the gap.
    expect(runs([], pause)).toEqual([]);
    expect(runs(['2026-11-19', '2026-11-24'], new Set(['2026-11-21', '2026-11-22', '2026-11-23']))).toEqual([
      { end: '2026-11-19', length: 1 },
      { end: '2026-11-24', length: 1 },
    ]);
    expect(runAround([...reading, '2026-11-24'], '2026-11-24', pause)).toBe(5);
  });

  it('measures the run around a day, for milestones reached by filling a gap', () => {
    expect(runAround(reading, '2026-11-18')).toBe(4);
    expect(runAround([...reading, '2026-11-15', '2026-11-16'], '2026-11-15')).toBe(8);
    expect(runAround(reading, '2026-11-16')).toBe(0);
  });
});

describe('summarize', () => {
  it('totals this week, this month, twelve weeks with empty ones, months and the streak', () => {
    const days = [
      day('2026-11-21', 30, 2), // Saturday, this week
      day('2026-11-20', 15),
      day('2026-11-16', 10), // this week's Monday
      day('2026-11-15', 40), // last week's Sunday
      day('2026-11-01', 5),
      day('2026-10-31', 25), // last month
      day('2026-08-30', 60), // the oldest week of the chart
      day('2026-08-23', 99), // before the chart
    ];
    const s = summarize(days, '2026-11-21');
    expect(s.thisWeek).toEqual({ week: '2026-W47', start: '2026-11-16', minutes: 55, entries: 4 });
    expect(s.thisMonth).toEqual({ month: '2026-11', minutes: 100, entries: 6 });
    expect(s.weeks).toHaveLength(12);
    expect(s.weeks[0]).toEqual({ week: '2026-W36', start: '2026-08-31', minutes: 0, entries: 0 });
    expect(s.weeks.map((w) => w.minutes)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 30, 0, 40, 55]);
    expect(s.months.map((m) => m.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(s.months.slice(-4).map((m) => m.minutes)).toEqual([159, 0, 25, 100]);
    expect(s.streak).toEqual({ current: 2, longest: 2, lastDay: '2026-11-21' });
    expect(s.totalMinutes).toBe(284);
    expect(s.totalEntries).toBe(9);
  });

  it('puts the weeks of a year boundary in order', () => {
    const s = summarize([day('2025-12-31', 10), day('2026-01-02', 20)], '2026-01-05');
    expect(s.weeks.slice(-2)).toEqual([
      { week: '2026-W01', start: '2025-12-29', minutes: 30, entries: 2 },
      { week: '2026-W02', start: '2026-01-05', minutes: 0, entries: 0 },
    ]);
    expect(s.months.slice(-2).map((m) => [m.month, m.minutes])).toEqual([
      ['2025-12', 10],
      ['2026-01', 20],
    ]);
  });

  it('has zeros and no streak for an empty log', () => {
    const s = summarize([], '2026-11-21');
    expect(s.weeks.every((w) => w.minutes === 0)).toBe(true);
    expect(s.streak).toEqual({ current: 0, longest: 0, lastDay: null });
    expect(s.thisWeek.minutes).toBe(0);
  });
});

describe('milestones', () => {
  it('lists every milestone reached', () => {
    expect(milestonesReached({ streak: 2, books: 9 })).toEqual([]);
    expect(milestonesReached({ streak: 7, books: 10 })).toEqual(['streak-3', 'streak-7', 'books-10']);
    expect(milestonesReached({ streak: 45, books: 120 })).toEqual([
      'streak-3',
      'streak-7',
      'streak-14',
      'streak-30',
      'books-10',
      'books-25',
      'books-50',
      'books-100',
    ]);
  });

  it('announces only the highest of each kind reached at once', () => {
    expect(milestonesToAnnounce(['streak-3', 'streak-7', 'books-10'])).toEqual(['streak-7', 'books-10']);
    expect(milestonesToAnnounce([])).toEqual([]);
  });

  it('words the notification with the child’s name', () => {
    expect(milestoneNotice('streak-7', 'Maya')).toEqual({
      title: 'Maya read 7 days in a row',
      body: 'A 7-day reading streak! Keep it going tomorrow.',
    });
    expect(milestoneNotice('books-25', 'Theo').title).toBe('Theo has read 25 different books');
  });
});

describe('entry cursors', () => {
  const cursor = {
    readOn: '2026-11-21',
    createdAt: new Date('2026-11-21T08:30:00.123Z'),
    id: '0b7f2a8e-1c4d-4e5f-9a6b-7c8d9e0f1a2b',
  };

  it('round-trips', () => {
    const encoded = encodeEntryCursor(cursor);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeEntryCursor(encoded)).toEqual(cursor);
  });

  const b64 = (raw: string) => btoa(raw).replace(/=+$/, '');
  it.each([
    '',
    'not a cursor!',
    'x'.repeat(201),
    b64('2026-11-21_2026-11-21T08:30:00.123Z'),
    b64('2026-02-30_2026-11-21T08:30:00.123Z_0b7f2a8e-1c4d-4e5f-9a6b-7c8d9e0f1a2b'),
    b64('1999-12-31_2026-11-21T08:30:00.123Z_0b7f2a8e-1c4d-4e5f-9a6b-7c8d9e0f1a2b'),
    b64('2026-11-21_20260-11-21T08:30:00.123Z_0b7f2a8e-1c4d-4e5f-9a6b-7c8d9e0f1a2b'),
    b64('2026-11-21_2026-11-21T08:30:00.123Z_not-a-uuid'),
    b64('2026-11-21_2026-11-21T08:30:00.123Z_0b7f2a8e-1c4d-4e5f-9a6b-7c8d9e0f1a2b_x'),
  ])('refuses anything else: %j', (bad) => {
    expect(decodeEntryCursor(bad)).toBeUndefined();
  });
});
