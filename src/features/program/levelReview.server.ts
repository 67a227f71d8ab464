import { eq } from 'drizzle-orm';
import { notifyChild } from '~/features/notifications/notifications.server';
import { utcDay } from '~/features/reading/reading';
import type { Db } from '~/platform/db/client.server';
import { children } from '~/platform/db/schema.server';
import { READING_LEVEL_LABELS, type ReadingLevel } from '~/platform/domain';
import { LEVEL_REVIEW_BOOKS, reviewLevel } from './placement';
import { planPagePath } from './program';

/**
 * Before a week's plan: the level moves with the child's ratings (reviewLevel in placement.ts: the
 * last four rated books at the level all loved move up one; disliked, down one). Works from the
 * child's logs the plan has read already (most recent first), so a week with no move costs no
 * query. Only reading since the level was last set counts, so the books that moved it once do not
 * move it again. A move is kept on the child with its basis, and the family hears about it.
 * Answers the level the week's plan uses.
 */
export async function reviewChildLevel(
  db: Db,
  child: { id: string; firstName: string; readingLevel: string; placedAt: Date | null },
  logs: readonly { bookId: string | null; rating: number | null; readOn: string }[],
  levelOf: ReadonlyMap<string, ReadingLevel | null>,
  now = new Date(),
): Promise<ReadingLevel> {
  const level = child.readingLevel as ReadingLevel;
  const since = child.placedAt ? utcDay(child.placedAt) : '';
  const recent = logs
    .filter((l) => l.bookId !== null && l.rating !== null && l.readOn >= since)
    .map((l) => ({ bookLevel: levelOf.get(l.bookId as string) ?? null, stars: l.rating }));
  const review = reviewLevel(level, recent);
  if (review.change === 'none') return level;

  const from = READING_LEVEL_LABELS[level];
  const to = READING_LEVEL_LABELS[review.level];
  await db.transaction(async (tx) => {
    await tx
      .update(children)
      .set({ readingLevel: review.level, placementBasis: 'review', placedAt: now })
      .where(eq(children.id, child.id));
    await notifyChild(tx, child.id, {
      kind: 'program',
      title:
        review.change === 'up'
          ? `${child.firstName} moves up to ${to}`
          : `${child.firstName}’s books will be a little easier`,
      body:
        review.change === 'up'
          ? `${child.firstName} loved their last ${LEVEL_REVIEW_BOOKS} books at ${from}, so this week’s plan is at ${to}.`
          : `${child.firstName} found their last ${LEVEL_REVIEW_BOOKS} books at ${from} hard going, so this week’s plan is at ${to}. You can set the level yourself on the Reading plan tab.`,
      link: planPagePath(child.id),
    });
  });
  return review.level;
}
