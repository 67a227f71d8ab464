/**
 * Which read-aloud passage a week's plan takes (browser-safe, no database): one of the child's
 * level, in turn week after week; when the level has none, one of the nearest level that has
 * (the easier one first, since a passage too hard discourages more than one too easy). Only an
 * empty library leaves a plan without one, and the team is told which levels have none.
 */
import { levelsNearest, READING_LEVELS, type ReadingLevel } from '~/platform/domain';

/** The week's passage: its id, or undefined when no level has a passage at all. */
export function passageForWeek(
  level: ReadingLevel,
  weekIndex: number,
  passagesByLevel: ReadonlyMap<ReadingLevel, readonly string[]>,
): string | undefined {
  for (const candidate of levelsNearest(level)) {
    const ids = passagesByLevel.get(candidate) ?? [];
    if (ids.length > 0) return ids[weekIndex % ids.length];
  }
  return undefined;
}

/** The levels with no passage of their own: their plans borrow one from the nearest level. */
export function levelsWithoutPassages(counts: ReadonlyMap<ReadingLevel, number>): ReadingLevel[] {
  return READING_LEVELS.filter((level) => (counts.get(level) ?? 0) === 0);
}
