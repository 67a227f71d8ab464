import { describe, expect, it } from 'vitest';
import { levelsNearest } from '~/platform/domain';
import { levelsWithoutPassages, passageForWeek } from './passageChoice';

describe('the week’s read-aloud passage', () => {
  it('takes the level’s own passages in turn', () => {
    const byLevel = new Map([['sprout', ['s1', 's2']] as const]);
    expect([0, 1, 2].map((week) => passageForWeek('sprout', week, byLevel))).toEqual(['s1', 's2', 's1']);
  });

  it('borrows from the nearest level when its own has none, the easier one first', () => {
    expect(levelsNearest('sapling')).toEqual(['sapling', 'sprout', 'branch', 'canopy']);
    expect(levelsNearest('sprout')).toEqual(['sprout', 'sapling', 'branch', 'canopy']);
    const byLevel = new Map([
      ['sprout', ['easy']],
      ['branch', ['middle']],
    ] as const);
    expect(passageForWeek('sapling', 0, byLevel)).toBe('easy');
    expect(passageForWeek('canopy', 3, byLevel)).toBe('middle');
    expect(passageForWeek('branch', 0, new Map())).toBeUndefined();
  });

  it('names the levels that have none', () => {
    expect(
      levelsWithoutPassages(
        new Map([
          ['sprout', 2],
          ['branch', 0],
        ] as const),
      ),
    ).toEqual(['sapling', 'branch', 'canopy']);
  });
});
