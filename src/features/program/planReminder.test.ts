import { describe, expect, it } from 'vitest';
import { reminderNotice } from './planReminder';

const monday = new Date('2026-11-02T00:00:00Z');
const plan = {
  childId: 'c1',
  firstName: 'Maya',
  startsAt: monday,
  endsAt: new Date('2026-11-09T00:00:00Z'),
  goalMinutes: 75,
  sessionMinutes: [15, 15, 15, 15, 15],
  minutesRead: 20,
};
const on = (day: string) => new Date(`${day}T10:00:00Z`);

describe('the mid-week reminder', () => {
  it('names the sessions still ahead, today’s included, and the minutes read', () => {
    expect(reminderNotice(plan, on('2026-11-05'))).toEqual({
      title: 'Maya’s week: two sessions to go',
      body: 'Maya has read 20 of 75 minutes this week. Thursday and Friday are still ahead (15 minutes each): any book from the plan, or its library alternative, counts.',
      link: '/reading-plan/c1',
    });
    expect(reminderNotice(plan, on('2026-11-04')).body).toContain(
      'Wednesday, Thursday and Friday are still ahead (15 minutes each)',
    );
  });

  it('gives different session lengths one by one, and one session in the singular', () => {
    const uneven = { ...plan, sessionMinutes: [10, 10, 10, 15, 20] };
    expect(reminderNotice(uneven, on('2026-11-05')).body).toContain('(15 and 20 minutes)');
    const last = reminderNotice(uneven, on('2026-11-06'));
    expect(last.title).toBe('Maya’s week: one session to go');
    expect(last.body).toContain('Friday is still ahead (20 minutes)');
  });

  it('says so when nothing is logged yet, and counts the minutes once the sessions are behind', () => {
    expect(reminderNotice({ ...plan, minutesRead: 0 }, on('2026-11-05')).body).toMatch(
      /^Maya has not logged any reading this week yet\. /,
    );
    expect(reminderNotice(plan, on('2026-11-07'))).toMatchObject({
      title: 'Maya’s week: 55 minutes to go',
      body: 'Maya has read 20 of 75 minutes this week. The sessions are behind you, but the week runs until Sunday, and every book counts.',
    });
  });

  it('follows a plan that starts mid-week into the next one', () => {
    const thursdayStart = {
      ...plan,
      startsAt: new Date('2026-11-05T18:00:00Z'),
      endsAt: new Date('2026-11-12T18:00:00Z'),
    };
    // Sessions Thursday, Friday, Monday, Tuesday, Wednesday: three days in is Sunday.
    expect(reminderNotice(thursdayStart, on('2026-11-08')).body).toContain(
      'Monday, Tuesday and Wednesday are still ahead',
    );
  });
});
