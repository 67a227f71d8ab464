import { describe, expect, it } from 'vitest';
import { ageBandOn, placeReader, reviewLevel } from './placement';

const today = '2026-11-24';

describe('placeReader', () => {
  it('starts at the level of the age band, or of the birth year', () => {
    expect(placeReader({ ageBand: '8-10', birthYear: null, today })).toEqual({
      level: 'branch',
      basis: 'age',
      explanation: 'The level of their age, until we know more.',
    });
    expect(placeReader({ ageBand: null, birthYear: 2021, today }).level).toBe('sprout');
    expect(placeReader({ ageBand: null, birthYear: 2019, today }).level).toBe('sapling');
    expect(placeReader({ ageBand: null, birthYear: 2015, today }).level).toBe('canopy');
  });

  it('moves one level at most on the parent’s answers', () => {
    const confident = placeReader({
      ageBand: '6-8',
      birthYear: null,
      today,
      answers: { independence: 'long-alone', stamina: 'over-20', feeling: 'easy' },
    });
    expect(confident).toMatchObject({ level: 'branch', basis: 'answers' });
    const struggling = placeReader({
      ageBand: '6-8',
      birthYear: null,
      today,
      answers: { independence: 'read-to', stamina: 'under-10', feeling: 'hard' },
    });
    expect(struggling).toMatchObject({ level: 'sprout', basis: 'answers' });
    expect(struggling.explanation).toContain('below their age');
    const typical = placeReader({
      ageBand: '6-8',
      birthYear: null,
      today,
      answers: { independence: 'short-alone', stamina: '10-20', feeling: 'fine' },
    });
    expect(typical.level).toBe('sapling');
    // The top level cannot go higher.
    expect(
      placeReader({
        ageBand: '10-12',
        birthYear: null,
        today,
        answers: { independence: 'long-alone', stamina: 'over-20', feeling: 'easy' },
      }).level,
    ).toBe('canopy');
  });

  it('lets a read-aloud recording decide, within one level of the age', () => {
    const fast = placeReader({ ageBand: '4-6', birthYear: null, today, wordsPerMinute: 160 });
    expect(fast).toEqual({
      level: 'sapling',
      basis: 'read-aloud',
      explanation: 'Read aloud at 160 words a minute: one step above their age.',
    });
    expect(placeReader({ ageBand: '8-10', birthYear: null, today, wordsPerMinute: 100 }).level).toBe(
      'branch',
    );
    expect(placeReader({ ageBand: '10-12', birthYear: null, today, wordsPerMinute: 40 }).level).toBe(
      'branch',
    );
    // A recording outranks the answers; a nonsense figure is ignored.
    const both = placeReader({
      ageBand: '8-10',
      birthYear: null,
      today,
      wordsPerMinute: 135,
      answers: { independence: 'read-to', stamina: 'under-10', feeling: 'hard' },
    });
    expect(both).toMatchObject({ level: 'canopy', basis: 'read-aloud' });
    expect(placeReader({ ageBand: '8-10', birthYear: null, today, wordsPerMinute: Number.NaN }).basis).toBe(
      'age',
    );
  });

  it('knows the band of a birth year, clamped to the program’s ages', () => {
    expect(ageBandOn(2022, today)).toBe('4-6');
    expect(ageBandOn(2024, today)).toBe('4-6');
    expect(ageBandOn(2018, today)).toBe('8-10');
    expect(ageBandOn(2010, today)).toBe('10-12');
  });
});

describe('reviewLevel', () => {
  const rated = (stars: number, bookLevel: 'sapling' | 'branch' = 'sapling') => ({ bookLevel, stars });

  it('moves up after four loved books at the level, down after four disliked ones', () => {
    expect(reviewLevel('sapling', [rated(5), rated(4), rated(5), rated(4)])).toEqual({
      level: 'branch',
      change: 'up',
    });
    expect(reviewLevel('sapling', [rated(1), rated(2), rated(3), rated(1)])).toEqual({
      level: 'sprout',
      change: 'down',
    });
  });

  it('stays with too few rated books, mixed ratings, or books of another level', () => {
    expect(reviewLevel('sapling', [rated(5), rated(5), rated(5)]).change).toBe('none');
    expect(reviewLevel('sapling', [rated(5), rated(3), rated(5), rated(4)]).change).toBe('none');
    expect(
      reviewLevel('sapling', [rated(5, 'branch'), rated(5, 'branch'), rated(5, 'branch'), rated(5, 'branch')])
        .change,
    ).toBe('none');
    expect(
      reviewLevel('sapling', [rated(5), { bookLevel: 'sapling', stars: null }, rated(5), rated(5)]).change,
    ).toBe('none');
    expect(
      reviewLevel(
        'canopy',
        Array.from({ length: 4 }, () => ({ bookLevel: 'canopy' as const, stars: 5 })),
      ),
    ).toEqual({ level: 'canopy', change: 'none' });
  });
});
