import { describe, expect, it } from 'vitest';
import { fitGoalToDays, planDays, planEnd, sessionDays } from './planDays';
import { weeklyGoal } from './weeklyGoal';

const at = (day: string) => new Date(`${day}T09:30:00Z`);

describe('the days of a plan', () => {
  it('covers the program week, or up to the program’s end', () => {
    const start = at('2026-11-24'); // a Tuesday
    expect(planDays(start, planEnd(start, at('2027-01-01')))).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
    ]);
    expect(planDays(start, planEnd(start, at('2026-11-26')))).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
    ]);
  });

  it('puts the sessions on the weekdays, in order, never twice on a day', () => {
    const week = planDays(at('2026-11-24'), at('2026-12-01'));
    expect(sessionDays(week, 5)).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-30',
    ]);
    // A short last week from Friday to Sunday: Friday, then the weekend.
    const short = ['2026-11-27', '2026-11-28', '2026-11-29'];
    expect(sessionDays(short, 3)).toEqual(short);
    expect(new Set(sessionDays(short, 5)).size).toBe(sessionDays(short, 5).length);
  });

  it('shrinks the goal and the sessions of a short last week', () => {
    const goal = weeklyGoal('branch', []);
    expect(fitGoalToDays(goal, planDays(at('2026-11-24'), at('2026-12-01')))).toEqual(goal);
    const threeWeekdays = fitGoalToDays(goal, ['2026-11-30', '2026-12-01', '2026-12-02']);
    expect(threeWeekdays.sessionMinutes).toHaveLength(3);
    expect(threeWeekdays.goalMinutes).toBe(70); // 120 × 3/5 = 72, to the nearest 5
    expect(threeWeekdays.sessionMinutes).toEqual([25, 25, 20]);
    const weekendOnly = fitGoalToDays(goal, ['2026-11-28', '2026-11-29']);
    expect(weekendOnly.sessionMinutes).toHaveLength(2);
  });
});
