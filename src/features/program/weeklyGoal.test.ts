import { describe, expect, it } from 'vitest';
import { goalOfSessions, LEVEL_WEEK_MINUTES, weeklyGoal } from './weeklyGoal';

describe('weeklyGoal', () => {
  it('starts from the level’s usual week, split into five sessions', () => {
    expect(weeklyGoal('branch', [])).toEqual({
      goalMinutes: LEVEL_WEEK_MINUTES.branch,
      sessionMinutes: [25, 25, 25, 25, 20],
      basis: 'level',
    });
    expect(weeklyGoal('sprout', [40]).basis).toBe('level');
  });

  it('follows the recent weeks a little above their median, within half to one and a half usual weeks', () => {
    expect(weeklyGoal('branch', [100, 110, 90, 130]).goalMinutes).toBe(115); // median 105 × 1.1
    expect(weeklyGoal('branch', [0, 0, 0]).goalMinutes).toBe(60);
    expect(weeklyGoal('branch', [900, 800]).goalMinutes).toBe(180);
    expect(weeklyGoal('branch', [Number.NaN, -5]).goalMinutes).toBe(60);
  });

  it('never asks for sessions under ten minutes, and the sessions add up to the goal exactly', () => {
    const goal = weeklyGoal('sprout', [10, 10]);
    // Half of Sprout's usual week would be 30 minutes: too little for five sessions of ten.
    expect(goal.goalMinutes).toBe(50);
    expect(goal.sessionMinutes).toEqual([10, 10, 10, 10, 10]);
    const sum = (g: { sessionMinutes: number[] }) => g.sessionMinutes.reduce((a, b) => a + b, 0);
    for (const level of ['sprout', 'sapling', 'branch', 'canopy'] as const) {
      for (const weeks of [[], [57, 63], [200, 180, 170], [123, 131], [85, 77, 80]]) {
        const g = weeklyGoal(level, weeks);
        expect(sum(g), `${level} ${weeks}`).toBe(g.goalMinutes);
        expect(Math.max(...g.sessionMinutes) - Math.min(...g.sessionMinutes)).toBeLessThanOrEqual(5);
      }
    }
  });

  it('splits a goal into sessions of whole five minutes, the first ones longer', () => {
    expect(goalOfSessions(90, 5).sessionMinutes).toEqual([20, 20, 20, 15, 15]);
    expect(goalOfSessions(60, 5).sessionMinutes).toEqual([15, 15, 10, 10, 10]);
    expect(goalOfSessions(85, 5).sessionMinutes).toEqual([20, 20, 15, 15, 15]);
    expect(goalOfSessions(72, 3)).toEqual({ goalMinutes: 70, sessionMinutes: [25, 25, 20] });
    expect(goalOfSessions(5, 2)).toEqual({ goalMinutes: 20, sessionMinutes: [10, 10] });
  });
});
