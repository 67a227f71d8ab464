import { describe, expect, it } from 'vitest';
import { chartSummary, chartTicks, daysText, longDay, minutesText, monthName, shortDay } from './chart';
import { summarize } from './reading';

describe('chartTicks', () => {
  it('covers the largest week with round steps, at most five ticks', () => {
    expect(chartTicks(0)).toEqual([0, 10, 20, 30]);
    expect(chartTicks(55)).toEqual([0, 15, 30, 45, 60]);
    expect(chartTicks(61)).toEqual([0, 30, 60, 90]);
    expect(chartTicks(240)).toEqual([0, 60, 120, 180, 240]);
    expect(chartTicks(1000)).toEqual([0, 300, 600, 900, 1200]);
    expect(chartTicks(10_080)).toEqual([0, 3000, 6000, 9000, 12000]); // a week of 24-hour days
    for (const max of [1, 29, 31, 119, 121, 599, 4000, 10_080]) {
      const ticks = chartTicks(max);
      expect(ticks.at(-1), String(max)).toBeGreaterThanOrEqual(max);
      expect(ticks.length, String(max)).toBeLessThanOrEqual(6);
    }
  });
});

describe('words', () => {
  it('writes days, months and amounts', () => {
    expect(shortDay('2026-11-16', 'en-GB')).toBe('16 Nov');
    expect(longDay('2026-11-21', 'en-GB')).toBe('Sat, 21 Nov 2026');
    expect(monthName('2026-01', 'en-GB')).toBe('January 2026');
    // In the reader's language, and the same day wherever they are.
    expect(shortDay('2026-11-16', 'en-US')).toBe('Nov 16');
    expect(longDay('2026-11-21', 'en-US')).toBe('Sat, Nov 21, 2026');
    expect(minutesText(1)).toBe('1 minute');
    expect(minutesText(1250)).toBe('1,250 minutes');
    expect(daysText(1)).toBe('1 day');
    expect(daysText(7)).toBe('7 days');
  });

  it('sums the chart up as a sentence', () => {
    const s = summarize(
      [
        { day: '2026-11-20', minutes: 30, pages: 0, entries: 1 },
        { day: '2026-11-03', minutes: 90, pages: 0, entries: 2 },
      ],
      '2026-11-21',
    );
    expect(chartSummary(s.weeks, 'en-GB')).toBe(
      'Minutes of reading per week over the last 12 weeks: 120 minutes in all. This week: 30 minutes. Most in one week: 90 minutes, the week of 2 Nov. 10 of 12 weeks without reading.',
    );
    expect(chartSummary(summarize([], '2026-11-21').weeks)).toBe('No reading logged in the last 12 weeks.');
  });
});
