// RFC 5545 (iCalendar), shared by events, interview bookings and the weekly plans' calendar.
// Written here rather than with the `ics` package: it folds lines at 75 characters, not 75
// octets, which breaks lines with curly quotes or accents in strict calendar apps.

/** 20260614T150000Z */
export const icsDate = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
export const icsText = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

const encoder = new TextEncoder();

/** Folds a content line at 75 octets without splitting a character (RFC 5545 3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = 74; // the continuation's leading space is the 75th octet
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

/** 20261124: a whole day (VALUE=DATE). */
export const icsDay = (day: string) => day.replace(/-/g, '');

/** A calendar file from its events' lines: CRLF line ends, every line folded. */
export const icsCalendar = (lines: readonly string[]) => `${lines.map(foldLine).join('\r\n')}\r\n`;
