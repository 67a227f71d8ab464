// A plan's days in the plan's own words: US English, the calendar day as the API gives it (UTC).
// Written out rather than asked of Intl.DateTimeFormat: the browser's date library takes a slow
// phone some 50 ms to wake, on the way to the plan's first paint (decision 35); the test checks
// that both write every day the same.

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const atNoon = (day: string) => new Date(`${day}T12:00:00Z`);

/** A calendar day (YYYY-MM-DD) as a plan shows it in a list: "Mon, Nov 16". */
export function shortDay(day: string): string {
  const date = atNoon(day);
  return `${WEEKDAYS[date.getUTCDay()]}, ${MONTHS[date.getUTCMonth()]?.slice(0, 3)} ${date.getUTCDate()}`;
}

/** A calendar day (YYYY-MM-DD) in a sentence: "November 16". */
export function longDate(day: string): string {
  const date = atNoon(day);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}
