import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INTERVIEW_SLOTS,
  type InterviewSchedule,
  isTimeZone,
  parseSlotTemplate,
  zonedInstant,
} from '~/platform/weeklySlots';
import { findSlot, generateSlots, groupSlotsByDay } from './slots';

function schedule(
  template = DEFAULT_INTERVIEW_SLOTS,
  timeZone = 'America/New_York',
  minutes = 20,
): InterviewSchedule {
  const parsed = parseSlotTemplate(template);
  if ('error' in parsed) throw new Error(parsed.error);
  return {
    windows: parsed.windows,
    timeZone,
    minutes,
    callUrl: 'https://meet.example.com/{room}',
    phone: '+1 555 0100',
  };
}

describe('parseSlotTemplate', () => {
  it('reads weekdays and time ranges', () => {
    expect(parseSlotTemplate('Tue,Thu 16:00-19:00; Sat 10:00-12:00')).toEqual({
      windows: [
        { weekdays: [2, 4], start: 960, end: 1140 },
        { weekdays: [6], start: 600, end: 720 },
      ],
    });
    expect(parseSlotTemplate('monday 9:00 - 9:40')).toEqual({
      windows: [{ weekdays: [1], start: 540, end: 580 }],
    });
  });

  it('names what is wrong', () => {
    expect(parseSlotTemplate('')).toEqual({ error: expect.stringContaining('at least one window') });
    expect(parseSlotTemplate('Tue 16:00')).toEqual({ error: expect.stringContaining('should look like') });
    expect(parseSlotTemplate('Tus 16:00-17:00')).toEqual({ error: expect.stringContaining('weekdays are') });
    expect(parseSlotTemplate('Tue 25:00-26:00')).toEqual({ error: expect.stringContaining('24-hour') });
    expect(parseSlotTemplate('Tue 17:00-16:00')).toEqual({
      error: expect.stringContaining('end after it starts'),
    });
  });
});

describe('isTimeZone', () => {
  it('knows IANA zones and refuses the rest', () => {
    expect(isTimeZone('Europe/London')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('EST')).toBe(false);
  });
});

describe('zonedInstant', () => {
  const ny = 'America/New_York';
  it('finds the instant of a wall-clock time on both sides of a change', () => {
    expect(new Date(zonedInstant({ year: 2026, month: 11, day: 1 }, 3 * 60, ny) ?? 0).toISOString()).toBe(
      '2026-11-01T08:00:00.000Z',
    );
    expect(new Date(zonedInstant({ year: 2026, month: 10, day: 31 }, 16 * 60, ny) ?? 0).toISOString()).toBe(
      '2026-10-31T20:00:00.000Z',
    );
    expect(
      new Date(zonedInstant({ year: 2026, month: 3, day: 29 }, 10 * 60, 'Europe/Berlin') ?? 0).toISOString(),
    ).toBe('2026-03-29T08:00:00.000Z');
  });

  it('skips the hour that does not exist and takes the first of a repeated one', () => {
    expect(zonedInstant({ year: 2026, month: 3, day: 8 }, 2 * 60 + 30, ny)).toBeUndefined();
    expect(new Date(zonedInstant({ year: 2026, month: 11, day: 1 }, 90, ny) ?? 0).toISOString()).toBe(
      '2026-11-01T05:30:00.000Z',
    );
  });
});

describe('generateSlots', () => {
  it('cuts each window into 20-minute interviews over three weeks', () => {
    // Monday 2 March 2026, 09:00 in New York (EST).
    const slots = generateSlots(schedule(), new Date('2026-03-02T14:00:00Z'));
    // Per week: Tue 9 + Thu 9 + Sat 6 = 24 slots; three full weeks.
    expect(slots).toHaveLength(72);
    expect(slots[0]).toEqual({ startsAt: '2026-03-03T21:00:00.000Z', endsAt: '2026-03-03T21:20:00.000Z' });
    expect(slots.at(-1)?.startsAt).toBe('2026-03-21T15:40:00.000Z');
    expect(slots.map((s) => s.startsAt)).toEqual([...slots.map((s) => s.startsAt)].sort());
  });

  it('keeps the team’s clock across the change to summer time', () => {
    // Clocks go forward in New York on Sunday 8 March 2026: 16:00 is 21:00Z before, 20:00Z after.
    const slots = generateSlots(schedule(), new Date('2026-03-02T14:00:00Z'));
    const firstOn = (day: string) => slots.find((s) => s.startsAt.startsWith(day))?.startsAt;
    expect(firstOn('2026-03-05')).toBe('2026-03-05T21:00:00.000Z');
    expect(firstOn('2026-03-10')).toBe('2026-03-10T20:00:00.000Z');
    expect(firstOn('2026-03-14')).toBe('2026-03-14T14:00:00.000Z');
  });

  it('keeps the team’s clock when summer time ends, and a window inside the repeated hour', () => {
    const slots = generateSlots(schedule('Sun 01:00-02:00'), new Date('2026-10-26T12:00:00Z'), 1);
    // 01:00, 01:20, 01:40 on 1 November happen first in EDT (UTC-4).
    expect(slots.map((s) => s.startsAt)).toEqual([
      '2026-11-01T05:00:00.000Z',
      '2026-11-01T05:20:00.000Z',
      '2026-11-01T05:40:00.000Z',
    ]);
  });

  it('leaves out slots in the past and less than 12 hours ahead', () => {
    // Tuesday 3 March, 05:30 in New York: 16:00 and 16:20 are under 12 hours away, 17:40 is not.
    const now = new Date('2026-03-03T10:30:00Z');
    const slots = generateSlots(schedule(), now);
    expect(slots[0]?.startsAt).toBe('2026-03-03T22:40:00.000Z');
    expect(slots.every((s) => Date.parse(s.startsAt) >= now.getTime() + 12 * 3_600_000)).toBe(true);
  });

  it('stops at the end of the booking horizon', () => {
    const now = new Date('2026-03-02T14:00:00Z');
    const slots = generateSlots(schedule(), now, 1);
    expect(slots).toHaveLength(24);
    expect(slots.every((s) => Date.parse(s.startsAt) <= now.getTime() + 7 * 86_400_000)).toBe(true);
  });

  it('never offers a slot that ends after its window', () => {
    const slots = generateSlots(schedule('Wed 10:00-10:50', 'UTC', 20), new Date('2026-03-02T00:00:00Z'), 1);
    expect(slots.map((s) => s.startsAt)).toEqual(['2026-03-04T10:00:00.000Z', '2026-03-04T10:20:00.000Z']);
  });
});

describe('findSlot', () => {
  const now = new Date('2026-03-02T14:00:00Z');
  it('accepts a configured slot in any notation of the same instant', () => {
    expect(findSlot(schedule(), '2026-03-03T16:00:00-05:00', now)?.startsAt).toBe('2026-03-03T21:00:00.000Z');
  });
  it('refuses times between slots, outside windows, too soon or too far', () => {
    expect(findSlot(schedule(), '2026-03-03T21:10:00Z', now)).toBeUndefined();
    expect(findSlot(schedule(), '2026-03-04T21:00:00Z', now)).toBeUndefined();
    expect(findSlot(schedule(), '2026-03-02T21:00:00Z', new Date('2026-03-02T10:00:00Z'))).toBeUndefined();
    expect(findSlot(schedule(), '2026-04-30T20:00:00Z', now)).toBeUndefined();
    expect(findSlot(schedule(), 'not a date', now)).toBeUndefined();
  });
});

describe('groupSlotsByDay', () => {
  it('groups by the visitor’s day, which may differ from the team’s', () => {
    const slots = generateSlots(schedule('Tue 18:00-19:00'), new Date('2026-03-02T14:00:00Z'), 1);
    // 18:00 to 18:40 in New York is Wednesday morning in Tokyo and still Tuesday in New York.
    const tokyo = groupSlotsByDay(slots, 'Asia/Tokyo', 'en-GB');
    expect(tokyo.map((d) => [d.key, d.label, d.slots.map((s) => s.time)])).toEqual([
      ['2026-03-04', 'Wednesday 4 March', ['8:00', '8:20', '8:40']],
    ]);
    const ny = groupSlotsByDay(slots, 'America/New_York', 'en-US');
    expect(ny.map((d) => [d.key, d.label, d.slots.length])).toEqual([['2026-03-03', 'Tuesday, March 3', 3]]);
  });
});
