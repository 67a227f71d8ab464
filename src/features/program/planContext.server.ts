import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { books, children, passages, readingLogs } from '~/platform/db/schema.server';
import type { ReadingLevel } from '~/platform/domain';
import { buildRatingIndex, type CatalogueBook, type RatedRead, type RatingIndex } from './bookScores';
import { titleKey } from './program';

/**
 * What every plan of a run shares: the catalogue, the rating index built from every child's latest
 * rating of each book, and the read-aloud passages of each level. Reading them (the whole catalogue,
 * every rating, every rater) is the costly part of a plan and the same for every child, so a run of
 * plans loads it once and hands it to each: N plans cost one such read plus their own child's few
 * queries. A plan made without one loads its own.
 */
export interface PlanContext {
  catalogue: readonly CatalogueBook[];
  index: RatingIndex;
  /** Each level's passages, by id (a plan takes the week's one in turn: passageChoice.ts). */
  passagesByLevel: ReadonlyMap<ReadingLevel, readonly string[]>;
  /** Each catalogue book's level, for the review of the child's level (levelReview.ts). */
  levelOf: ReadonlyMap<string, ReadingLevel | null>;
  /** The catalogue's books by lower-case title: a title typed in the log is a book read. */
  idsByTitle: ReadonlyMap<string, readonly string[]>;
}

/** Reads what every plan shares (see PlanContext): four queries, whatever the number of children. */
export async function loadPlanContext(db: Db): Promise<PlanContext> {
  const [catalogue, ratings, raters, allPassages] = await Promise.all([
    db
      .select({
        id: books.id,
        title: books.title,
        author: books.author,
        readingLevel: books.readingLevel,
        topics: books.topics,
      })
      .from(books)
      .orderBy(books.id),
    latestRatings(db),
    db
      .select({ id: children.id, level: children.readingLevel, interests: children.interests })
      .from(children)
      .where(sql`${children.id} in (select child_id from ${readingLogs} where rating is not null)`),
    // Portfolio passages stay out of plans: they are read every four weeks, unpracticed.
    db
      .select({ id: passages.id, readingLevel: passages.readingLevel })
      .from(passages)
      .where(eq(passages.portfolio, false))
      .orderBy(passages.id),
  ]);
  const passagesByLevel = new Map<ReadingLevel, string[]>();
  for (const p of allPassages)
    passagesByLevel.set(p.readingLevel, [...(passagesByLevel.get(p.readingLevel) ?? []), p.id]);
  return {
    catalogue,
    index: buildRatingIndex(raters, ratings),
    passagesByLevel,
    levelOf: new Map(catalogue.map((b) => [b.id, b.readingLevel])),
    idsByTitle: catalogue.reduce((byTitle, b) => {
      const key = titleKey(b.title);
      byTitle.set(key, [...(byTitle.get(key) ?? []), b.id]);
      return byTitle;
    }, new Map<string, string[]>()),
  };
}

/** Every child's latest rating of each catalogue book. */
async function latestRatings(db: Db): Promise<RatedRead[]> {
  const rows = await db
    .selectDistinctOn([readingLogs.childId, readingLogs.bookId], {
      childId: readingLogs.childId,
      bookId: readingLogs.bookId,
      stars: readingLogs.rating,
    })
    .from(readingLogs)
    .where(and(isNotNull(readingLogs.bookId), isNotNull(readingLogs.rating)))
    .orderBy(readingLogs.childId, readingLogs.bookId, desc(readingLogs.readOn), desc(readingLogs.createdAt));
  return rows.map((r) => ({ childId: r.childId, bookId: r.bookId as string, stars: r.stars as number }));
}
