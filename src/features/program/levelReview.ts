import { utcDay } from '~/platform/days';
import { READING_LEVEL_LABELS, type ReadingLevel } from '~/platform/domain';
import { pagePath } from '~/platform/routes';
import { LEVEL_REVIEW_BOOKS, reviewLevel } from './placement';

/** A move of the child's level, and what the family is told of it. */
export interface LevelMove {
  level: ReadingLevel;
  notice: { title: string; body: string; link: string };
}

/**
 * Before a week's plan: the level moves with the child's ratings (reviewLevel in placement.ts: the
 * last four rated books at the level all loved move up one; disliked, down one). Works from the
 * child's logs the plan has read already (most recent first), so it costs no query. Only reading
 * since the level was last set counts, so the books that moved it once do not move it again.
 *
 * Answers the level the week's plan uses and, when it moved, the move: the plan's own statement
 * keeps it on the child and tells the family, only when that statement makes the plan (so a plan
 * another job made first never brings a second notice, and a failed plan changes nothing).
 */
export function childLevelReview(
  child: { firstName: string; readingLevel: string; placedAt: Date | null; id: string },
  logs: readonly { bookId: string | null; rating: number | null; readOn: string }[],
  levelOf: ReadonlyMap<string, ReadingLevel | null>,
): { level: ReadingLevel; move: LevelMove | null } {
  const level = child.readingLevel as ReadingLevel;
  const since = child.placedAt ? utcDay(child.placedAt) : '';
  const recent = logs
    .filter((l) => l.bookId !== null && l.rating !== null && l.readOn >= since)
    .map((l) => ({ bookLevel: levelOf.get(l.bookId as string) ?? null, stars: l.rating }));
  const review = reviewLevel(level, recent);
  if (review.change === 'none') return { level, move: null };

  const name = child.firstName;
  const from = READING_LEVEL_LABELS[level];
  const to = READING_LEVEL_LABELS[review.level];
  const notice =
    review.change === 'up'
      ? {
          title: `${name} moves up to ${to}`,
          body: `${name} loved their last ${LEVEL_REVIEW_BOOKS} books at ${from}, so this week’s plan is at ${to}.`,
        }
      : {
          title: `${name}’s books will be a little easier`,
          body: `${name} found their last ${LEVEL_REVIEW_BOOKS} books at ${from} hard going, so this week’s plan is at ${to}. You can set the level yourself on the Reading plan tab.`,
        };
  return {
    level: review.level,
    move: { level: review.level, notice: { ...notice, link: pagePath('/reading-plan/{id}', child.id) } },
  };
}
