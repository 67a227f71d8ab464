/**
 * One way to show a time everywhere: every moment is stored and sent as an instant (ISO 8601,
 * UTC), and written for whoever reads it, in their own time zone and locale. In the browser the
 * viewer is the browser's own (no options); pre-rendered pages and server-written text use
 * SERVER_VIEWER as a fallback that the page's small script (localizeTimes) rewrites on arrival.
 *
 * Browser-safe and dependency-free: the public pages' script imports it.
 */

/** Whose clock and language: left empty, the runtime's own (the browser's, for a visitor). */
export interface Viewer {
  locale?: string | undefined;
  timeZone?: string | undefined;
}

/** What pre-rendered HTML says before the page's script runs (and what a crawler reads). */
export const SERVER_VIEWER: Viewer = { locale: 'en-GB', timeZone: 'UTC' };

/**
 * The few ways a moment is written. Dates always name the month, so "3/4" never means two days;
 * anything with a clock time names its zone, so nobody guesses whose 4 pm it is.
 */
const STYLES = {
  /** 24 November 2026 */
  date: { day: 'numeric', month: 'long', year: 'numeric' },
  /** 24 Nov 2026: tables and lists */
  shortDate: { day: 'numeric', month: 'short', year: 'numeric' },
  /** 24 Nov 2026, 16:20 GMT+1 */
  dateTime: {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  },
  /** Tuesday 24 November, 16:20 – 16:40 GMT+1 (with formatRange) */
  appointment: {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  },
  /** Tue, 24 November 2026, 16:00 – 17:00 GMT+1 (with formatRange) */
  event: {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  },
  /** Tuesday 24 November */
  day: { weekday: 'long', day: 'numeric', month: 'long' },
  /** 16:20 (no zone: only beside a day that the same viewer reads) */
  clock: { hour: 'numeric', minute: '2-digit' },
  /** Sat, 21 Nov 2026: a day in a list (calendar days, see formatDay) */
  listDay: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  /** 21 Nov: a day on a chart's axis */
  axisDay: { day: 'numeric', month: 'short' },
  /** November 2026 */
  month: { month: 'long', year: 'numeric' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type TimeStyle = keyof typeof STYLES;
export const TIME_STYLES = Object.keys(STYLES) as TimeStyle[];

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(style: TimeStyle, viewer: Viewer): Intl.DateTimeFormat {
  const key = `${style}|${viewer.locale ?? ''}|${viewer.timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(viewer.locale, {
      ...STYLES[style],
      ...(viewer.timeZone ? { timeZone: viewer.timeZone } : {}),
    });
    formats.set(key, format);
  }
  return format;
}

const toDate = (at: string | Date) => (at instanceof Date ? at : new Date(at));

/** The styles that write a day without a clock time. */
const DAY_ONLY = new Set<TimeStyle>(['date', 'shortDate', 'day', 'listDay', 'axisDay', 'month']);

/**
 * A calendar day sent as an instant is written at exactly midday UTC (a season's first day, the
 * programs that follow it): as a day it is that UTC date for every reader, never the day before or
 * after in a far zone. No clock lands on 12:00:00.000 UTC by chance often enough to matter.
 */
const isCalendarDay = (d: Date) =>
  d.getUTCHours() === 12 &&
  d.getUTCMinutes() === 0 &&
  d.getUTCSeconds() === 0 &&
  d.getUTCMilliseconds() === 0;

/** One moment for this viewer, e.g. formatTime(iso, 'date') → "24 November 2026". */
export function formatTime(at: string | Date, style: TimeStyle, viewer: Viewer = {}): string {
  const date = toDate(at);
  const calendar = DAY_ONLY.has(style) && isCalendarDay(date);
  return formatter(style, calendar ? { locale: viewer.locale, timeZone: 'UTC' } : viewer).format(date);
}

/** From one moment to another, the shared parts written once ("16:20 – 16:40 GMT+1"). */
export function formatTimeRange(
  start: string | Date,
  end: string | Date,
  style: TimeStyle,
  viewer: Viewer = {},
): string {
  return formatter(style, viewer).formatRange(toDate(start), toDate(end));
}

/**
 * A calendar day ("2026-11-21": a reading-log day, an archive month's first day), in the viewer's
 * language. A day is the same day for everyone: it is never moved into another zone.
 */
export function formatDay(day: string, style: TimeStyle, viewer: Pick<Viewer, 'locale'> = {}): string {
  return formatter(style, { locale: viewer.locale, timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

/** A moment (or a span) that text refers to by name: `{when}` in "Booked for {when}." */
export interface TextTime {
  at: string;
  /** The end of a span, written as one range with `at`. */
  end?: string | undefined;
  style: TimeStyle;
}
export type TextTimes = Record<string, TextTime>;

/**
 * Text with its times written for this viewer: each `{name}` with a matching entry becomes that
 * time; any other braces are left as they are (a family's own words may hold them).
 */
export function fillTimes(text: string, times: TextTimes | null | undefined, viewer: Viewer = {}): string {
  if (!times) return text;
  return text.replace(/\{([a-zA-Z]\w{0,30})\}/g, (whole, name: string) => {
    const time = Object.hasOwn(times, name) ? times[name] : undefined;
    if (!time || Number.isNaN(Date.parse(time.at))) return whole;
    return time.end && !Number.isNaN(Date.parse(time.end))
      ? formatTimeRange(time.at, time.end, time.style, viewer)
      : formatTime(time.at, time.style, viewer);
  });
}

const isStyle = (value: string | undefined): value is TimeStyle =>
  value !== undefined && Object.hasOwn(STYLES, value);

/**
 * Rewrites every `<time datetime="…" data-time="style" [data-end="…"]>` for the visitor. The
 * server's text (SERVER_VIEWER) stays where a value is broken or the browser is too old.
 */
export function localizeTimes(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLTimeElement>('time[data-time]')) {
    const style = el.dataset.time;
    const start = el.dateTime;
    const end = el.dataset.end;
    if (!isStyle(style) || Number.isNaN(Date.parse(start))) continue;
    try {
      el.textContent =
        end && !Number.isNaN(Date.parse(end)) ? formatTimeRange(start, end, style) : formatTime(start, style);
    } catch {
      // An old browser without formatRange keeps the text the server wrote.
    }
  }
}
