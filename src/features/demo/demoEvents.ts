import { NO_VENUE } from '~/features/events/events';
import { DAY_MS } from '~/platform/days';

/**
 * The demo events, dated from the moment the demo is seeded so that each one's name fits its day
 * whatever day that is: "Saturday Story Time" on the coming Saturday, the "Autumn Book Swap" on an
 * autumn Saturday that has passed. The library and the hall are in Springfield, Illinois (US
 * Central time): a Saturday morning there is a Saturday in UTC too.
 */

const DAY = DAY_MS;
const SATURDAY = 6;
/** September, October and November (0-based months): autumn where the venues are. */
const AUTUMN_MONTHS = new Set([8, 9, 10]);

/** `days` from `now`, at `hour`:`minute` UTC. */
const dayAt = (now: Date, days: number, hour: number, minute = 0) => {
  const d = new Date(now.getTime() + days * DAY);
  d.setUTCHours(hour, minute, 0, 0);
  return d;
};

/** The first `weekday` (0 Sunday … 6 Saturday, UTC) at least `minDays` after `now`, at `hour`:00 UTC. */
export function nextWeekday(now: Date, weekday: number, hour: number, minDays = 2): Date {
  const d = dayAt(now, minDays, hour);
  d.setUTCDate(d.getUTCDate() + ((weekday - d.getUTCDay() + 7) % 7));
  return d;
}

/** The latest autumn Saturday at least `minDays` before `now`, at `hour`:00 UTC (last year's if need be). */
export function lastAutumnSaturday(now: Date, hour: number, minDays = 14): Date {
  const d = dayAt(now, -minDays, hour);
  while (d.getUTCDay() !== SATURDAY || !AUTUMN_MONTHS.has(d.getUTCMonth())) d.setUTCDate(d.getUTCDate() - 1);
  return d;
}

const hours = (d: Date, h: number) => new Date(d.getTime() + h * 60 * 60 * 1000);

const RIVERSIDE_LIBRARY = {
  location: 'Riverside Public Library, Children’s Room',
  streetAddress: '48 Willow Street',
  addressLocality: 'Springfield',
  addressRegion: 'IL',
  postalCode: '62701',
  addressCountry: 'US',
};

const MAPLE_STREET_HALL = {
  location: 'Maple Street Community Hall',
  streetAddress: '210 Maple Street',
  addressLocality: 'Springfield',
  addressRegion: 'IL',
  postalCode: '62704',
  addressCountry: 'US',
};

const ONLINE_ONLY = NO_VENUE;

/** The demo events as rows, with a content date (when each was announced) rather than the seeding moment. */
export function demoEvents(now = new Date()) {
  const events = [...comingDemoEvents(now), ...pastDemoEvents(now)];
  // Announced three weeks ahead, or a few days ago for the ones coming sooner.
  return events.map((e) => {
    const announced = new Date(Math.min(e.startsAt.getTime() - 21 * DAY, now.getTime() - 3 * DAY));
    announced.setUTCHours(9, 0, 0, 0);
    return { ...e, createdAt: announced, updatedAt: announced };
  });
}

/** The events to come: story time on the coming Saturday, an author's visit and a parents' workshop online. */
function comingDemoEvents(now: Date) {
  // 15:00 UTC is 10:00 (or 9:00) in Springfield on the same Saturday.
  const storyTime = nextWeekday(now, SATURDAY, 15);
  return [
    {
      title: 'Saturday Story Time: Under the Sea',
      description:
        'A cosy read-aloud of ocean stories for our youngest readers, with a simple craft at the end. Grown-ups stay with their children.',
      startsAt: storyTime,
      endsAt: hours(storyTime, 1),
      ...RIVERSIDE_LIBRARY,
      onlineUrl: null,
      ageMin: 4,
      ageMax: 7,
      capacity: 20,
    },
    {
      title: 'Meet the Author: Writing Stories with Animals',
      description:
        'An online visit from a children’s author about where animal characters come from, followed by questions from young readers.',
      startsAt: dayAt(now, 13, 23),
      endsAt: dayAt(now, 14, 0),
      ...ONLINE_ONLY,
      onlineUrl: 'https://meet.quillreads.com/author-visit',
      ageMin: 8,
      ageMax: 12,
      capacity: 100,
    },
    {
      title: 'Workshop for Parents: Reading Aloud with Confidence',
      description:
        'Practical tips for reading aloud at home: voices, pace, questions to ask, and what to do when a child loses interest.',
      startsAt: dayAt(now, 20, 0, 30),
      endsAt: dayAt(now, 20, 1, 30),
      ...ONLINE_ONLY,
      onlineUrl: 'https://meet.quillreads.com/parents-workshop',
      ageMin: null,
      ageMax: null,
      capacity: 60,
    },
  ];
}

/** The events that have passed: the last autumn's book swap, and a story time ten days ago. */
function pastDemoEvents(now: Date) {
  const bookSwap = lastAutumnSaturday(now, 15);
  return [
    {
      title: 'Autumn Book Swap',
      description:
        'Families brought a book they loved and left with one they had not read yet. Over two hundred books found new homes.',
      startsAt: bookSwap,
      endsAt: hours(bookSwap, 3),
      ...MAPLE_STREET_HALL,
      onlineUrl: null,
      ageMin: 4,
      ageMax: 12,
      capacity: 80,
    },
    {
      title: 'Story Time: Dinosaur Adventures',
      description: 'Roaring picture books and a dinosaur-footprint hunt around the library.',
      startsAt: dayAt(now, -10, 15),
      endsAt: dayAt(now, -10, 16),
      ...RIVERSIDE_LIBRARY,
      onlineUrl: null,
      ageMin: 4,
      ageMax: 7,
      capacity: 20,
    },
  ];
}
