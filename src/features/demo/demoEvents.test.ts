import { describe, expect, it } from 'vitest';
import { demoEvents, lastAutumnSaturday, nextWeekday } from './demoEvents';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAY = 24 * 60 * 60 * 1000;

/** The weekday of a moment in a time zone, as its English name. */
const weekdayIn = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone }).format(at);

/** Every hour-ish of a whole year, so every weekday, month and time of day is a seeding moment. */
const seedingMoments = Array.from(
  { length: 400 },
  (_, i) => new Date(Date.UTC(2026, 0, 1) + i * DAY + (i % 24) * 3_600_000),
);

describe('the demo events, whenever the demo is seeded', () => {
  it('puts each event named after a weekday on that weekday, where it happens and in UTC', () => {
    for (const now of seedingMoments) {
      for (const event of demoEvents(now)) {
        const named = WEEKDAYS.find((day) => event.title.includes(day));
        if (!named) continue;
        const where = `${event.title} seeded at ${now.toISOString()}`;
        expect(weekdayIn(event.startsAt, 'UTC'), where).toBe(named);
        if (event.addressCountry === 'US')
          expect(weekdayIn(event.startsAt, 'America/Chicago'), where).toBe(named);
      }
    }
  });

  it('keeps "Saturday Story Time" ahead and the "Autumn Book Swap" on a past autumn Saturday', () => {
    for (const now of seedingMoments) {
      const byTitle = new Map(demoEvents(now).map((e) => [e.title.split(':')[0], e]));
      const story = byTitle.get('Saturday Story Time');
      expect(story?.startsAt.getTime()).toBeGreaterThan(now.getTime() + DAY);
      expect(story?.startsAt.getTime()).toBeLessThan(now.getTime() + 10 * DAY);
      const swap = byTitle.get('Autumn Book Swap');
      if (!swap) throw new Error('no book swap');
      expect(swap.startsAt.getTime()).toBeLessThan(now.getTime());
      expect([8, 9, 10]).toContain(swap.startsAt.getUTCMonth());
      expect(swap.startsAt.getUTCDay()).toBe(6);
      // The most recent past event is listed first: the dinosaur story time, then the swap.
      expect(swap.startsAt.getTime()).toBeLessThan(byTitle.get('Story Time')?.startsAt.getTime() ?? 0);
    }
  });

  it('gives every event a sound shape: an end after its start, a full address or an online link', () => {
    for (const event of demoEvents(new Date('2026-11-24T15:00:00Z'))) {
      expect(event.endsAt.getTime()).toBeGreaterThan(event.startsAt.getTime());
      if (event.location) {
        expect(event).toMatchObject({
          streetAddress: expect.any(String),
          addressLocality: expect.any(String),
          postalCode: expect.any(String),
          addressCountry: expect.stringMatching(/^[A-Z]{2}$/),
        });
      } else expect(event.onlineUrl).toMatch(/^https:\/\//);
      // Dated as content, never "now": the sitemap's lastmod reads updatedAt.
      expect(event.updatedAt.getTime()).toBeLessThan(new Date('2026-11-24T15:00:00Z').getTime());
    }
  });

  it('finds the next weekday and the last autumn Saturday', () => {
    const monday = new Date('2026-11-23T20:00:00Z');
    expect(nextWeekday(monday, 6, 15).toISOString()).toBe('2026-11-28T15:00:00.000Z');
    const friday = new Date('2026-11-27T20:00:00Z');
    expect(nextWeekday(friday, 6, 15).toISOString()).toBe('2026-12-05T15:00:00.000Z');
    expect(lastAutumnSaturday(monday, 15).toISOString()).toBe('2026-11-07T15:00:00.000Z');
    expect(lastAutumnSaturday(new Date('2026-09-10T12:00:00Z'), 15).toISOString()).toBe(
      '2025-11-29T15:00:00.000Z',
    );
  });
});
