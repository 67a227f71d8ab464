/**
 * An event's date and time range, e.g. "Sun, 14 June 2026, 15:00–16:00 UTC". Shared by the server
 * (UTC fallback) and the small page script that rewrites it in the visitor's own time zone.
 * Kept apart from events.ts so that script stays tiny.
 */
export function formatEventRange(
  startsAt: string | Date,
  endsAt: string | Date,
  locale: string | undefined,
  timeZone?: string,
): string {
  const format = new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
  return format.formatRange(new Date(startsAt), new Date(endsAt));
}

/** Rewrites every `<time data-event-range data-end="…">` into the visitor's time zone. */
export function localizeEventTimes(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLTimeElement>('time[data-event-range]')) {
    const start = el.dateTime;
    const end = el.dataset.end;
    if (!start || !end || Number.isNaN(Date.parse(start)) || Number.isNaN(Date.parse(end))) continue;
    try {
      el.textContent = formatEventRange(start, end, undefined);
      el.title = 'Shown in your time zone';
    } catch {
      // An old browser without formatRange keeps the UTC text the server wrote.
    }
  }
}
