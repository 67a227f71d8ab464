import { describe, expect, it } from 'vitest';
import { LEVEL_WEEK_MINUTES, weeklyGoal } from './weeklyGoal';

describe('weeklyGoal', () => {
  it('starts from the level’s usual week, split into five sessions', () => {
    expect(weeklyGoal('branch', [])).toEqual({
      goalMinutes: LEVEL_WEEK_MINUTES.branch,
      sessionMinutes: [25, 25, 25, 25, 25],
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

  it('never asks for sessions under ten minutes, and the sessions cover the goal', () => {
    const goal = weeklyGoal('sprout', [10, 10]);
    expect(goal.goalMinutes).toBe(30);
    expect(goal.sessionMinutes.every((m) => m >= 10)).toBe(true);
    const sum = (g: ReturnType<typeof weeklyGoal>) => g.sessionMinutes.reduce((a, b) => a + b, 0);
    expect(sum(goal)).toBeGreaterThanOrEqual(goal.goalMinutes);
    for (const weeks of [[], [57, 63], [200, 180, 170], [123, 131]]) {
      const g = weeklyGoal('canopy', weeks);
      expect(sum(g)).toBeGreaterThanOrEqual(g.goalMinutes);
      expect(sum(g) - g.goalMinutes).toBeLessThan(25);
    }
  });
});
