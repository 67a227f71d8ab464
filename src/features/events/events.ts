import { socialCardPath } from '~/features/site/socialCards';
import { foldLine, icsDate, icsText } from '~/platform/ics';
import { countryName } from '~/platform/locale';
import { pagePath } from '~/platform/routes';
import type { EventDto } from './events.schema';

/** How many past events the public list shows. */
export const PAST_EVENTS_SHOWN = 24;

export const seatsLeft = (capacity: number, seatsTaken: number) => Math.max(0, capacity - seatsTaken);

const ended = (e: Pick<EventDto, 'endsAt'>, now: Date) => Date.parse(e.endsAt) <= now.getTime();

/**
 * Upcoming events (not yet ended, soonest first) and past ones (most recent first, at most
 * PAST_EVENTS_SHOWN). An event under way still counts as upcoming: it is on today's calendar.
 */
export function splitEvents<E extends Pick<EventDto, 'startsAt' | 'endsAt'>>(events: E[], now: Date) {
  const byStart = (a: E, b: E) => Date.parse(a.startsAt) - Date.parse(b.startsAt);
  const upcoming = events.filter((e) => !ended(e, now)).sort(byStart);
  const past = events
    .filter((e) => ended(e, now))
    .sort((a, b) => byStart(b, a))
    .slice(0, PAST_EVENTS_SHOWN);
  return { upcoming, past };
}

/** "Ages 4–7", "Ages 8+", "Ages up to 6", "Age 5" or "All ages". */
export function ageRangeText(ageMin: number | null, ageMax: number | null): string {
  if (ageMin === null && ageMax === null) return 'All ages';
  if (ageMin !== null && ageMax !== null)
    return ageMin === ageMax ? `Age ${ageMin}` : `Ages ${ageMin}–${ageMax}`;
  if (ageMin !== null) return `Ages ${ageMin}+`;
  return `Ages up to ${ageMax}`;
}

type RegistrationState = 'open' | 'full' | 'started' | 'ended' | 'cancelled';

/** Whether families can still register, and if not, why. */
export function registrationState(
  e: Pick<EventDto, 'status' | 'startsAt' | 'endsAt' | 'seatsLeft'>,
  now: Date,
): RegistrationState {
  if (e.status === 'cancelled') return 'cancelled';
  if (ended(e, now)) return 'ended';
  if (Date.parse(e.startsAt) <= now.getTime()) return 'started';
  return e.seatsLeft <= 0 ? 'full' : 'open';
}

/** The short availability label of an event card. */
export function seatsText(
  e: Pick<EventDto, 'status' | 'startsAt' | 'endsAt' | 'seatsLeft'>,
  now: Date,
): string {
  switch (registrationState(e, now)) {
    case 'cancelled':
      return 'Cancelled';
    case 'ended':
      return 'Ended';
    case 'started':
      return 'Under way';
    case 'full':
      return 'Full';
    default:
      return e.seatsLeft === 1 ? '1 seat left' : `${e.seatsLeft} seats left`;
  }
}

/** "Online", the place, or both. */
export function placeText(e: Pick<EventDto, 'location' | 'online'>): string {
  if (e.location && e.online) return `${e.location}, and online`;
  return e.location ?? 'Online';
}

type Address = Pick<
  EventDto,
  'location' | 'streetAddress' | 'addressLocality' | 'addressRegion' | 'postalCode' | 'addressCountry'
>;

/** The venue's postal address as lines for the page: street; town, region and postal code; country. */
export function addressLines(e: Address): string[] {
  const country = e.addressCountry ? (countryName(e.addressCountry) ?? e.addressCountry) : null;
  const town = [e.addressLocality, e.addressRegion, e.postalCode].filter(Boolean).join(', ');
  return [e.streetAddress, town, country].filter((line): line is string => Boolean(line));
}

/** The venue and its address on one line, for a notification or a calendar's LOCATION. */
/** The place fields of an event held online only: no venue, no address. */
export const NO_VENUE = {
  location: null,
  streetAddress: null,
  addressLocality: null,
  addressRegion: null,
  postalCode: null,
  addressCountry: null,
} as const;

export const placeLine = (e: Address) => (e.location ? [e.location, ...addressLines(e)].join(', ') : null);

/** An event's calendar file (not a page: pagePath('/events/{id}', id) is its page). */
export const eventIcsPath = (id: string) => `/events/${id}.ics`;

/** The first sentence or so of a description, for cards and meta descriptions. */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2))}…`;
}

/**
 * Events are free to families: the offer is a price of 0 in the currency the plans are sold in.
 * (The model has no price for an event; a priced event would put its own here.)
 */
export const EVENT_CURRENCY = 'USD';

const schema = (name: string) => `https://schema.org/${name}`;

/** Whether a family can still take a seat, as a schema.org ItemAvailability. */
function availability(e: EventDto, now: Date): string {
  switch (registrationState(e, now)) {
    case 'open':
      return schema(e.seatsLeft <= 3 ? 'LimitedAvailability' : 'InStock');
    case 'full':
      return schema('SoldOut');
    default:
      return schema('Discontinued'); // started, ended or cancelled: registration is closed
  }
}

/** The venue as a schema.org Place, with its PostalAddress when the event has one. */
function placeOf(e: EventDto) {
  if (!e.location) return undefined;
  const address = e.streetAddress
    ? {
        '@type': 'PostalAddress',
        streetAddress: e.streetAddress,
        ...(e.addressLocality ? { addressLocality: e.addressLocality } : {}),
        ...(e.addressRegion ? { addressRegion: e.addressRegion } : {}),
        ...(e.postalCode ? { postalCode: e.postalCode } : {}),
        ...(e.addressCountry ? { addressCountry: e.addressCountry } : {}),
      }
    : undefined;
  return { '@type': 'Place', name: e.location, ...(address ? { address } : {}) };
}

/** schema.org Event data for search engines (https://schema.org/Event, Google's Event rich result). */
export function eventJsonLd(e: EventDto, site: URL, now = new Date()) {
  const url = new URL(pagePath('/events/{id}', e.id), site).href;
  const place = placeOf(e);
  // The joining link is for registered families: the event's page is where the online part starts.
  const virtual = e.online ? { '@type': 'VirtualLocation', url } : undefined;
  const location = place && virtual ? [place, virtual] : (place ?? virtual);
  const mode = place && virtual ? 'Mixed' : place ? 'Offline' : 'Online';
  const organizer = { '@type': 'Organization', name: 'Quill Reads', url: new URL('/', site).href };
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: e.title,
    description: e.description || `${e.title}: a Quill Reads event.`,
    url,
    // No event has a picture of its own: the events card stands for each.
    image: [new URL(socialCardPath('events'), site).href],
    startDate: e.startsAt,
    endDate: e.endsAt,
    eventStatus: schema(e.status === 'cancelled' ? 'EventCancelled' : 'EventScheduled'),
    eventAttendanceMode: schema(`${mode}EventAttendanceMode`),
    location,
    organizer,
    offers: {
      '@type': 'Offer',
      price: 0,
      priceCurrency: EVENT_CURRENCY,
      availability: availability(e, now),
      url,
    },
    isAccessibleForFree: true,
    maximumAttendeeCapacity: e.capacity,
    remainingAttendeeCapacity: e.seatsLeft,
    ...(e.ageMin !== null || e.ageMax !== null
      ? { typicalAgeRange: `${e.ageMin ?? 0}-${e.ageMax ?? ''}` }
      : {}),
  };
}

/** The upcoming events of the list page, as one schema.org graph. */
export function eventListJsonLd(events: EventDto[], site: URL, now = new Date()) {
  return {
    '@context': 'https://schema.org',
    '@graph': events.map((e) => {
      const { '@context': _context, ...event } = eventJsonLd(e, site, now);
      return event;
    }),
  };
}

/** JSON for a `<script type="application/ld+json">`: no `<` can close the script early. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** One event as an iCalendar file a calendar app imports. */
export function eventIcs(e: EventDto, site: URL): string {
  const url = new URL(pagePath('/events/{id}', e.id), site).href;
  const location = [placeLine(e), e.online ? 'Online (the link is on the event page once registered)' : null]
    .filter(Boolean)
    .join(', ');
  const description = [e.description, `Details and registration: ${url}`].filter(Boolean).join('\n\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Quill Reads//Events//EN',
    'CALSCALE:GREGORIAN',
    'BEGIN:VEVENT',
    `UID:${e.id}@${site.hostname}`,
    `DTSTAMP:${icsDate(e.updatedAt)}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTART:${icsDate(e.startsAt)}`,
    `DTEND:${icsDate(e.endsAt)}`,
    `SUMMARY:${icsText(e.title)}`,
    `DESCRIPTION:${icsText(description)}`,
    ...(location ? [`LOCATION:${icsText(location)}`] : []),
    `URL:${url}`,
    `STATUS:${e.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A file name for the download: the title's letters and digits. */
export function icsFileName(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60)
    .replace(/-$/, '');
  return `${slug || 'event'}.ics`;
}
