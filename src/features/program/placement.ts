/**
 * Placement (issue 15): the reading level a child starts a program at, and how it moves after.
 * No database and no clock: the caller passes the day and what it knows about the child.
 *
 * The start is the level of the child's age. A parent's three answers move it one level at most,
 * and a read-aloud recording's words per minute, when there is one, decides within one level of
 * the age (a fast reader of six still gets books written for six-year-olds' interests, a step up).
 */
import { AGE_BANDS, type AgeBand, READING_LEVELS, type ReadingLevel } from '~/platform/domain';

export const PLACEMENT_QUESTIONS = {
  independence: {
    label: 'How does your child read a picture book or a short chapter book?',
    options: {
      'read-to': 'Someone reads it to them',
      'with-help': 'They read it with help',
      'short-alone': 'They read short chapter books alone',
      'long-alone': 'They read long chapter books alone',
    },
  },
  stamina: {
    label: 'How long does your child read or listen at a time?',
    options: {
      'under-10': 'Under 10 minutes',
      '10-20': '10 to 20 minutes',
      'over-20': 'More than 20 minutes',
    },
  },
  feeling: {
    label: 'How does reading feel for your child at the moment?',
    options: {
      hard: 'Hard work',
      fine: 'Fine',
      easy: 'Easy: they want harder books',
    },
  },
} as const;

type Question = keyof typeof PLACEMENT_QUESTIONS;
export type PlacementAnswers = { [Q in Question]: keyof (typeof PLACEMENT_QUESTIONS)[Q]['options'] };

const BAND_LEVEL: Record<AgeBand, ReadingLevel> = {
  '4-6': 'sprout',
  '6-8': 'sapling',
  '8-10': 'branch',
  '10-12': 'canopy',
};

/** Words read aloud per minute from which a level is within reach (grade-level fluency norms). */
const WPM_FLOOR: Record<ReadingLevel, number> = { sprout: 0, sapling: 50, branch: 90, canopy: 130 };

export interface Placement {
  level: ReadingLevel;
  basis: 'age' | 'answers' | 'read-aloud';
  /** One sentence for the parent: how the level was chosen. */
  explanation: string;
}

const shift = (level: ReadingLevel, by: number): ReadingLevel =>
  READING_LEVELS[
    Math.min(READING_LEVELS.length - 1, Math.max(0, READING_LEVELS.indexOf(level) + by))
  ] as ReadingLevel;

/** The age band of a child born in `birthYear`, on `today` ('YYYY-MM-DD'); the nearest band outside 4 to 12. */
export function ageBandOn(birthYear: number, today: string): AgeBand {
  const age = Number(today.slice(0, 4)) - birthYear;
  return AGE_BANDS.find((band) => age < Number(band.split('-')[1])) ?? '10-12';
}

export function placeReader(child: {
  ageBand: AgeBand | null;
  birthYear: number | null;
  today: string;
  answers?: PlacementAnswers | undefined;
  wordsPerMinute?: number | undefined;
}): Placement {
  const band = child.ageBand ?? (child.birthYear === null ? null : ageBandOn(child.birthYear, child.today));
  const ageLevel: ReadingLevel = band ? BAND_LEVEL[band] : 'sapling';

  if (
    child.wordsPerMinute !== undefined &&
    Number.isFinite(child.wordsPerMinute) &&
    child.wordsPerMinute > 0
  ) {
    const byFluency =
      [...READING_LEVELS].reverse().find((level) => (child.wordsPerMinute as number) >= WPM_FLOOR[level]) ??
      'sprout';
    const distance = READING_LEVELS.indexOf(byFluency) - READING_LEVELS.indexOf(ageLevel);
    const level = shift(ageLevel, Math.max(-1, Math.min(1, distance)));
    const wpm = Math.round(child.wordsPerMinute);
    const step = READING_LEVELS.indexOf(level) - READING_LEVELS.indexOf(ageLevel);
    return {
      level,
      basis: 'read-aloud',
      explanation:
        step === 0
          ? `Read aloud at ${wpm} words a minute, as expected at their age.`
          : step > 0
            ? `Read aloud at ${wpm} words a minute: one step above their age.`
            : `Read aloud at ${wpm} words a minute: one step below their age, so the first books feel easy.`,
    };
  }

  if (child.answers) {
    const { independence, stamina, feeling } = child.answers;
    let points = 0;
    points += { 'read-to': -2, 'with-help': -1, 'short-alone': 1, 'long-alone': 2 }[independence];
    points += { 'under-10': -1, '10-20': 0, 'over-20': 1 }[stamina];
    points += { hard: -1, fine: 0, easy: 1 }[feeling];
    const move = points >= 3 ? 1 : points <= -3 ? -1 : 0;
    const level = shift(ageLevel, move);
    return {
      level,
      basis: 'answers',
      explanation:
        move === 0
          ? 'The level of their age: your answers match it.'
          : move > 0
            ? 'One step above their age: your answers say they read confidently on their own.'
            : 'One step below their age, to start with books that feel easy: your answers say reading is still hard work.',
    };
  }

  return { level: ageLevel, basis: 'age', explanation: 'The level of their age, until we know more.' };
}

/** A finished book of the last weeks: its level and the stars the child gave, if any. */
export interface RecentRead {
  bookLevel: ReadingLevel | null;
  stars: number | null;
}

/** How many rated books at the level move a child up or down. */
export const LEVEL_REVIEW_BOOKS = 4;

/**
 * The level after the last weeks' reading (most recent first): up one when the child's last four
 * rated books at their level all got four or five stars, down one when those four average two
 * stars or less. Otherwise unchanged.
 */
export function reviewLevel(
  level: ReadingLevel,
  recent: readonly RecentRead[],
): { level: ReadingLevel; change: 'up' | 'down' | 'none' } {
  const atLevel = recent
    .filter((r) => r.bookLevel === level && r.stars !== null)
    .slice(0, LEVEL_REVIEW_BOOKS);
  if (atLevel.length < LEVEL_REVIEW_BOOKS) return { level, change: 'none' };
  const stars = atLevel.map((r) => r.stars as number);
  const mean = stars.reduce((a, b) => a + b, 0) / stars.length;
  if (stars.every((s) => s >= 4) && level !== READING_LEVELS[READING_LEVELS.length - 1])
    return { level: shift(level, 1), change: 'up' };
  if (mean <= 2 && level !== READING_LEVELS[0]) return { level: shift(level, -1), change: 'down' };
  return { level, change: 'none' };
}
