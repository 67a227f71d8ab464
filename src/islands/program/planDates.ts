const dayFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
const atNoon = (day: string) => new Date(`${day}T12:00:00Z`);

/** A calendar day (YYYY-MM-DD) as a plan shows it in a list: "Mon, Nov 16". */
export const shortDay = (day: string) => dayFormat.format(atNoon(day));

/** A calendar day (YYYY-MM-DD) in a sentence: "November 16". */
export const longDate = (day: string) => dateFormat.format(atNoon(day));
