import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { foldLine, icsText } from '~/platform/ics';
import {
  addressLines,
  ageRangeText,
  eventIcs,
  eventJsonLd,
  eventListJsonLd,
  excerpt,
  icsFileName,
  jsonForScript,
  NO_VENUE,
  PAST_EVENTS_SHOWN,
  placeLine,
  placeText,
  registrationState,
  seatsLeft,
  seatsText,
  splitEvents,
} from './events';
import { type EventDto, eventInputSchema } from './events.schema';

const now = new Date('2026-06-01T12:00:00Z');
const online: Partial<EventDto> = { ...NO_VENUE, online: true };
const site = new URL('https://quillreads.example');

const event = (over: Partial<EventDto> = {}): EventDto => ({
  id: '6f9619ff-8b86-4d01-b42d-00c04fc964ff',
  title: 'Saturday Story Time: Under the Sea',
  description: 'Ocean stories, then a craft.',
  startsAt: '2026-06-14T15:00:00.000Z',
  endsAt: '2026-06-14T16:00:00.000Z',
  location: 'Riverside Library, Children’s Room',
  streetAddress: '48 Willow Street',
  addressLocality: 'Springfield',
  addressRegion: 'IL',
  postalCode: '62701',
  addressCountry: 'US',
  online: false,
  ageMin: 4,
  ageMax: 7,
  capacity: 20,
  seatsLeft: 3,
  status: 'scheduled',
  sequence: 2,
  updatedAt: '2026-05-20T09:30:00.000Z',
  ...over,
});

describe('seats', () => {
  it('counts what is left and never goes below zero', () => {
    expect(seatsLeft(20, 17)).toBe(3);
    expect(seatsLeft(1, 1)).toBe(0);
    expect(seatsLeft(1, 5)).toBe(0);
  });

  it('labels a card by what a family can still do', () => {
    expect(seatsText(event(), now)).toBe('3 seats left');
    expect(seatsText(event({ seatsLeft: 1 }), now)).toBe('1 seat left');
    expect(seatsText(event({ seatsLeft: 0 }), now)).toBe('Full');
    expect(seatsText(event({ status: 'cancelled' }), now)).toBe('Cancelled');
    expect(seatsText(event({ startsAt: '2026-06-01T11:00:00Z', endsAt: '2026-06-01T13:00:00Z' }), now)).toBe(
      'Under way',
    );
    expect(seatsText(event({ startsAt: '2026-05-01T11:00:00Z', endsAt: '2026-05-01T13:00:00Z' }), now)).toBe(
      'Ended',
    );
    expect(registrationState(event({ seatsLeft: 0, status: 'cancelled' }), now)).toBe('cancelled');
  });
});

describe('splitEvents', () => {
  it('puts upcoming events first, soonest first, and past ones after, most recent first', () => {
    const e = (id: string, start: string, end: string) => ({ id, startsAt: start, endsAt: end });
    const { upcoming, past } = splitEvents(
      [
        e('later', '2026-07-01T10:00:00Z', '2026-07-01T11:00:00Z'),
        e('old', '2026-01-01T10:00:00Z', '2026-01-01T11:00:00Z'),
        e('now', '2026-06-01T11:00:00Z', '2026-06-01T13:00:00Z'),
        e('recent', '2026-05-20T10:00:00Z', '2026-05-20T11:00:00Z'),
        e('soon', '2026-06-02T10:00:00Z', '2026-06-02T11:00:00Z'),
      ],
      now,
    );
    expect(upcoming.map((x) => x.id)).toEqual(['now', 'soon', 'later']);
    expect(past.map((x) => x.id)).toEqual(['recent', 'old']);
  });

  it('shows a limited number of past events', () => {
    const many = Array.from({ length: PAST_EVENTS_SHOWN + 5 }, (_, i) => ({
      startsAt: new Date(Date.UTC(2025, 0, i + 1)).toISOString(),
      endsAt: new Date(Date.UTC(2025, 0, i + 1, 1)).toISOString(),
    }));
    expect(splitEvents(many, now).past).toHaveLength(PAST_EVENTS_SHOWN);
  });
});

describe('texts', () => {
  it('describes the age range', () => {
    expect(ageRangeText(4, 7)).toBe('Ages 4–7');
    expect(ageRangeText(null, null)).toBe('All ages');
    expect(ageRangeText(8, null)).toBe('Ages 8+');
    expect(ageRangeText(null, 6)).toBe('Ages up to 6');
    expect(ageRangeText(5, 5)).toBe('Age 5');
  });

  it('names the place, or says online', () => {
    expect(placeText(event())).toBe('Riverside Library, Children’s Room');
    expect(placeText(event(online))).toBe('Online');
    expect(placeText(event({ online: true }))).toMatch(/and online$/);
  });

  it('cuts long descriptions at a word', () => {
    expect(excerpt('Short.')).toBe('Short.');
    const cut = excerpt('word '.repeat(100), 40);
    expect(cut.length).toBeLessThanOrEqual(40);
    expect(cut).toMatch(/word…$/);
  });
});

describe('addresses', () => {
  it('writes the venue’s address as lines and as one line', () => {
    expect(addressLines(event())).toEqual(['48 Willow Street', 'Springfield, IL, 62701', 'United States']);
    expect(addressLines(event({ addressRegion: null, addressCountry: 'GB', postalCode: 'OX1 2AB' }))).toEqual(
      ['48 Willow Street', 'Springfield, OX1 2AB', 'United Kingdom'],
    );
    expect(placeLine(event())).toBe(
      'Riverside Library, Children’s Room, 48 Willow Street, Springfield, IL, 62701, United States',
    );
    expect(placeLine(event(online))).toBeNull();
  });
});

/**
 * The shape Google's Event rich result asks for (developers.google.com/search/docs/appearance/
 * structured-data/event): checked on every event the tests make, whatever its kind.
 */
function expectValidEvent(data: Record<string, unknown>) {
  expect(data['@type']).toBe('Event');
  for (const key of ['name', 'startDate', 'endDate', 'location', 'eventStatus', 'eventAttendanceMode'])
    expect(data, key).toHaveProperty(key);
  expect(Number.isNaN(Date.parse(String(data.startDate)))).toBe(false);
  expect(String(data.eventStatus)).toMatch(/^https:\/\/schema\.org\/Event(Scheduled|Cancelled)$/);
  expect(String(data.eventAttendanceMode)).toMatch(
    /^https:\/\/schema\.org\/(Offline|Online|Mixed)EventAttendanceMode$/,
  );
  const locations = [data.location].flat() as Record<string, unknown>[];
  for (const location of locations) {
    if (location['@type'] === 'Place') {
      expect(location.name).toEqual(expect.any(String));
      // A real postal address, never the venue's name standing in for one.
      expect(location.address).toMatchObject({
        '@type': 'PostalAddress',
        streetAddress: expect.any(String),
        addressLocality: expect.any(String),
        addressCountry: expect.stringMatching(/^[A-Z]{2}$/),
      });
    } else {
      expect(location).toEqual({ '@type': 'VirtualLocation', url: expect.stringMatching(/^https:\/\//) });
    }
  }
  const modes = new Set(locations.map((l) => l['@type']));
  const mode = modes.size === 2 ? 'Mixed' : modes.has('Place') ? 'Offline' : 'Online';
  expect(data.eventAttendanceMode).toBe(`https://schema.org/${mode}EventAttendanceMode`);
  expect(data.image).toEqual([expect.stringMatching(/^https:\/\/.+\.png$/)]);
  expect(data.offers).toMatchObject({
    '@type': 'Offer',
    price: 0,
    priceCurrency: expect.stringMatching(/^[A-Z]{3}$/),
    availability: expect.stringMatching(/^https:\/\/schema\.org\/\w+$/),
    url: data.url,
  });
  expect(data.organizer).toMatchObject({
    '@type': 'Organization',
    name: 'Quill Reads',
    url: expect.any(String),
  });
}

describe('eventJsonLd', () => {
  it('describes an in-person event as a Place with its PostalAddress', () => {
    const data = eventJsonLd(event(), site, now);
    expectValidEvent(data);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Saturday Story Time: Under the Sea',
      startDate: '2026-06-14T15:00:00.000Z',
      endDate: '2026-06-14T16:00:00.000Z',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Riverside Library, Children’s Room',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '48 Willow Street',
          addressLocality: 'Springfield',
          addressRegion: 'IL',
          postalCode: '62701',
          addressCountry: 'US',
        },
      },
      url: 'https://quillreads.example/events/6f9619ff-8b86-4d01-b42d-00c04fc964ff',
      image: ['https://quillreads.example/social/events.png'],
      offers: {
        price: 0,
        priceCurrency: 'USD',
        availability: 'https://schema.org/LimitedAvailability',
        url: 'https://quillreads.example/events/6f9619ff-8b86-4d01-b42d-00c04fc964ff',
      },
      remainingAttendeeCapacity: 3,
    });
  });

  it('says how many seats a family can still take', () => {
    const offer = (over: Partial<EventDto>) => eventJsonLd(event(over), site, now).offers.availability;
    expect(offer({ seatsLeft: 12 })).toBe('https://schema.org/InStock');
    expect(offer({ seatsLeft: 0 })).toBe('https://schema.org/SoldOut');
    expect(offer({ status: 'cancelled' })).toBe('https://schema.org/Discontinued');
  });

  it('describes an online, cancelled event', () => {
    const data = eventJsonLd(event({ ...online, status: 'cancelled' }), site, now);
    expectValidEvent(data);
    expect(data.eventStatus).toBe('https://schema.org/EventCancelled');
    expect(data.eventAttendanceMode).toBe('https://schema.org/OnlineEventAttendanceMode');
    // The joining link is never published: the event page stands in for it.
    expect(data.location).toEqual({ '@type': 'VirtualLocation', url: data.url });
    expect(JSON.stringify(data)).not.toContain('meet.example');
  });

  it('describes an event both in a place and online as mixed', () => {
    const data = eventJsonLd(event({ online: true }), site, now);
    expectValidEvent(data);
    expect(data.eventAttendanceMode).toBe('https://schema.org/MixedEventAttendanceMode');
    expect(data.location).toHaveLength(2);
  });

  it('lists the upcoming events of the list page as one graph', () => {
    const data = eventListJsonLd([event(), event({ ...online, id: 'b' })], site, now);
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@graph']).toHaveLength(2);
    for (const item of data['@graph']) {
      expect(item).not.toHaveProperty('@context');
      expectValidEvent(item);
    }
  });

  it('never lets text close the script element', () => {
    const json = jsonForScript(eventJsonLd(event({ title: '</script><script>alert(1)</script>' }), site));
    expect(json).not.toMatch(/</);
    expect(JSON.parse(json).name).toBe('</script><script>alert(1)</script>');
  });
});

describe('eventIcs', () => {
  it('escapes text values', () => {
    expect(icsText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const line = `SUMMARY:${'é'.repeat(80)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n'))
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });

  it('writes an RFC 5545 file a calendar parses, with the fields calendars need', () => {
    const long = 'A description, with commas; semicolons and a line break.\nAnd a second paragraph. '.repeat(
      4,
    );
    const text = eventIcs(event({ description: long }), site);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.split('\r\n').every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
    const vevent = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent');
    if (!vevent) throw new Error('no VEVENT');
    expect(vevent.getFirstPropertyValue('uid')).toBe(
      '6f9619ff-8b86-4d01-b42d-00c04fc964ff@quillreads.example',
    );
    expect(String(vevent.getFirstPropertyValue('dtstamp'))).toBe('2026-05-20T09:30:00Z');
    expect(String(vevent.getFirstPropertyValue('dtstart'))).toBe('2026-06-14T15:00:00Z');
    expect(String(vevent.getFirstPropertyValue('dtend'))).toBe('2026-06-14T16:00:00Z');
    expect(vevent.getFirstPropertyValue('summary')).toBe('Saturday Story Time: Under the Sea');
    expect(vevent.getFirstPropertyValue('sequence')).toBe(2);
    expect(vevent.getFirstPropertyValue('location')).toBe(
      'Riverside Library, Children’s Room, 48 Willow Street, Springfield, IL, 62701, United States',
    );
    expect(vevent.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(String(vevent.getFirstPropertyValue('description'))).toContain(long.trim().slice(0, 60));
  });

  it('marks a cancelled event, and never writes an online event’s joining link', () => {
    const text = eventIcs(event({ ...online, status: 'cancelled' }), site);
    expect(text).toContain('STATUS:CANCELLED\r\n');
    expect(text).toContain('LOCATION:Online (the link is on the event page once registered)\r\n');
    expect(text).not.toContain('meet.example');
  });

  it('names the file after the title', () => {
    expect(icsFileName('Saturday Story Time: Under the Sea')).toBe('saturday-story-time-under-the-sea.ics');
    expect(icsFileName('<<>>')).toBe('event.ics');
  });
});

describe('eventInputSchema: the venue and its address', () => {
  const base = {
    title: 'Story time',
    startsAt: '2026-06-14T15:00:00Z',
    endsAt: '2026-06-14T16:00:00Z',
    capacity: 10,
  };
  const address = {
    location: 'Riverside Library',
    streetAddress: '48 Willow Street',
    addressLocality: 'Springfield',
    postalCode: '62701',
    addressCountry: 'us',
  };
  /** The fields a bad input is refused on, as the API's 400 names them. */
  const refused = (input: object) => {
    const result = eventInputSchema.safeParse({ ...base, ...input });
    return result.success ? [] : [...new Set(result.error.issues.map((i) => String(i.path[0])))].sort();
  };

  it('takes a venue with its address, the country as an upper-case ISO code', () => {
    const parsed = eventInputSchema.parse({ ...base, ...address });
    expect(parsed).toMatchObject({ addressCountry: 'US', streetAddress: '48 Willow Street' });
    expect(refused({ onlineUrl: 'https://meet.example.com/x' })).toEqual([]);
  });

  it('asks for the street, the town and the country of a venue', () => {
    expect(refused({ location: 'Riverside Library' })).toEqual([
      'addressCountry',
      'addressLocality',
      'streetAddress',
    ]);
    expect(refused({ ...address, streetAddress: null })).toEqual(['streetAddress']);
    // A postal code is not needed: not every country has them.
    expect(refused({ ...address, postalCode: null })).toEqual([]);
  });

  it('refuses a country that is not an ISO code, and an address with no venue', () => {
    expect(refused({ ...address, addressCountry: 'United States' })).toEqual(['addressCountry']);
    expect(refused({ ...address, addressCountry: 'ZZ' })).toEqual(['addressCountry']);
    expect(refused({ ...address, addressCountry: 'UK' })).toEqual(['addressCountry']);
    expect(refused({ ...address, postalCode: 'x'.repeat(21) })).toEqual(['postalCode']);
    expect(refused({ ...address, streetAddress: '<b>1</b> Street' })).toEqual(['streetAddress']);
    expect(refused({ ...address, location: null, onlineUrl: 'https://meet.example.com/x' })).toEqual([
      'location',
    ]);
  });
});
