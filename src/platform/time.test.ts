// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  fillTimes,
  formatTime,
  formatTimeRange,
  localizeTimes,
  SERVER_VIEWER,
  type TimeStyle,
  type Viewer,
} from './time';

const AT = '2026-06-14T15:00:00Z';
const END = '2026-06-14T16:00:00Z';
const LONDON = { locale: 'en-GB', timeZone: 'Europe/London' };
const NEW_YORK = { locale: 'en-US', timeZone: 'America/New_York' };

describe('formatTime: one moment, in the viewer’s zone and language', () => {
  it.each<[TimeStyle, Viewer, RegExp]>([
    ['date', SERVER_VIEWER, /^14 June 2026$/],
    ['date', NEW_YORK, /^June 14, 2026$/],
    ['shortDate', LONDON, /^14 Jun 2026$/],
    ['dateTime', LONDON, /^14 Jun 2026, 16:00 BST$/],
    ['dateTime', NEW_YORK, /^Jun 14, 2026, 11:00 AM EDT$/],
    ['day', NEW_YORK, /^Sunday, June 14$/],
    ['clock', { locale: 'en-GB', timeZone: 'Europe/Paris' }, /^17:00$/],
  ])('%s for %o', (style, viewer, expected) => {
    expect(formatTime(AT, style, viewer)).toMatch(expected);
  });

  it('writes a calendar day (midday UTC) as the same date everywhere, from Samoa to Hawaii', () => {
    const seasonStart = '2027-06-14T12:00:00.000Z';
    for (const timeZone of ['Pacific/Apia', 'Pacific/Auckland', 'Pacific/Honolulu', 'America/New_York']) {
      expect(formatTime(seasonStart, 'date', { locale: 'en-GB', timeZone })).toBe('14 June 2027');
    }
    // With a clock time it is still the moment it is.
    expect(formatTime(seasonStart, 'dateTime', { locale: 'en-GB', timeZone: 'Pacific/Auckland' })).toMatch(
      /^15 Jun 2027, 0?0:00 GMT\+12$/,
    );
  });

  it('writes the day the viewer lives in, not the server’s', () => {
    // 02:30 UTC on the 15th is still the 14th in New York.
    expect(formatTime('2026-06-15T02:30:00Z', 'date', NEW_YORK)).toBe('June 14, 2026');
    expect(formatTime('2026-06-15T02:30:00Z', 'date', LONDON)).toBe('15 June 2026');
  });
});

describe('formatTimeRange: a span written once', () => {
  it.each<[TimeStyle, Viewer, RegExp]>([
    ['event', SERVER_VIEWER, /^Sun, 14 June 2026, 15:00\s*–\s*16:00 UTC$/],
    ['event', NEW_YORK, /11:00.*12:00.*PM EDT/],
    ['appointment', NEW_YORK, /^Sunday, June 14, 11:00.*12:00.*PM EDT$/],
    ['appointment', LONDON, /^Sunday 14 June, 16:00\s*–\s*17:00 BST$/],
  ])('%s for %o', (style, viewer, expected) => {
    expect(formatTimeRange(AT, END, style, viewer)).toMatch(expected);
  });
});

describe('fillTimes: text that names its times', () => {
  const times = {
    when: { at: AT, end: END, style: 'appointment' as const },
    was: { at: '2026-06-13T09:00:00Z', style: 'dateTime' as const },
  };

  it('writes each named time for the reader', () => {
    expect(fillTimes('Now {when} (was {was}).', times, LONDON)).toMatch(
      /^Now Sunday 14 June, 16:00\s*–\s*17:00 BST \(was 13 Jun 2026, 10:00 BST\)\.$/,
    );
    expect(fillTimes('Now {when}.', times, NEW_YORK)).toMatch(/^Now Sunday, June 14, 11:00.*EDT\.$/);
  });

  it('leaves text without times, unknown names and broken instants as written', () => {
    expect(fillTimes('Plain {when}', null)).toBe('Plain {when}');
    expect(fillTimes('Braces {like this} and {other}', times, LONDON)).toBe('Braces {like this} and {other}');
    expect(fillTimes('{when}', { when: { at: 'soon', style: 'date' } }, LONDON)).toBe('{when}');
    expect(fillTimes('{toString}', times, LONDON)).toBe('{toString}');
  });
});

describe('localizeTimes: pre-rendered times rewritten for the visitor', () => {
  it('rewrites marked times and keeps the server’s text where a value is broken', () => {
    document.body.innerHTML = `
      <time datetime="${AT}" data-time="date">server</time>
      <time datetime="${AT}" data-end="${END}" data-time="event">server</time>
      <time datetime="not a time" data-time="date">kept</time>
      <time datetime="${AT}" data-time="nonsense">kept too</time>
      <time datetime="${AT}">unmarked</time>`;
    localizeTimes();
    const texts = [...document.querySelectorAll('time')].map((t) => t.textContent);
    expect(texts[0]).toBe(formatTime(AT, 'date'));
    expect(texts[1]).toBe(formatTimeRange(AT, END, 'event'));
    expect(texts.slice(2)).toEqual(['kept', 'kept too', 'unmarked']);
  });
});
