/**
 * What a catalogue book is worth to one child, for the recommender (recommender.ts says how a week is
 * chosen): the ratings of readers like the child, the child's own favourites, the child's interests
 * and the book's level, each a part of the score and, for a chosen book, one of its reasons.
 */
import { READING_LEVELS, type ReadingLevel } from '~/platform/domain';

/** A rating of this many stars or more counts as "loved". */
export const LOVED_STARS = 4;

export interface CatalogueBook {
  id: string;
  title: string;
  author: string;
  readingLevel: ReadingLevel | null;
  /** Lower-case topics ("space", "animals"); matched against a child's interests. */
  topics: readonly string[];
}

export interface Reader {
  id: string;
  firstName: string;
  level: ReadingLevel;
  interests: readonly string[];
}

/** One child's rating of one catalogue book (their latest, when they rated it more than once). */
export interface RatedRead {
  childId: string;
  bookId: string;
  stars: number;
}

export type Reason =
  | { kind: 'favourite'; bookTitle: string; stars: number; shared: 'author' | 'topic'; detail: string }
  | { kind: 'peers'; lovedBy: number; level: ReadingLevel; interest: string }
  | { kind: 'interest'; topic: string }
  | { kind: 'level'; level: ReadingLevel }
  /** Chosen by the child's reading guide (features/program/guideSwap.ts). */
  | { kind: 'guide'; guideName: string; reason: string };

/** Normalises a topic or an interest for matching: "Space " and "space" are one. */
export const normaliseTopic = (value: string): string => value.trim().toLowerCase().replace(/\s+/g, ' ');

interface BookStats {
  sum: number;
  count: number;
  loved: number;
}

/**
 * Every rating of the run, grouped for the question "what did readers at this level who like this
 * topic think of this book": level → interest → book → totals.
 */
export interface RatingIndex {
  byLevelInterest: Map<string, Map<string, BookStats>>;
  /** The mean of every rating, the prior the shrunk averages pull towards. */
  globalMean: number;
}

const key = (level: ReadingLevel, interest: string) => `${level}\u0000${interest}`;

/** Builds the index once for a run: linear in the number of ratings times interests per rater. */
export function buildRatingIndex(
  raters: readonly Pick<Reader, 'id' | 'level' | 'interests'>[],
  ratings: readonly RatedRead[],
): RatingIndex {
  const raterById = new Map(raters.map((r) => [r.id, r]));
  const byLevelInterest = new Map<string, Map<string, BookStats>>();
  let sum = 0;
  let count = 0;
  for (const rating of ratings) {
    sum += rating.stars;
    count += 1;
    const rater = raterById.get(rating.childId);
    if (!rater) continue;
    for (const interest of new Set(rater.interests.map(normaliseTopic))) {
      const k = key(rater.level, interest);
      let books = byLevelInterest.get(k);
      if (!books) {
        books = new Map();
        byLevelInterest.set(k, books);
      }
      const stats = books.get(rating.bookId) ?? { sum: 0, count: 0, loved: 0 };
      stats.sum += rating.stars;
      stats.count += 1;
      if (rating.stars >= LOVED_STARS) stats.loved += 1;
      books.set(rating.bookId, stats);
    }
  }
  return { byLevelInterest, globalMean: count > 0 ? sum / count : 3 };
}

/** Ratings count this much as imaginary average ratings pulling a book's mean to the global one. */
const PRIOR_WEIGHT = 3;
const WEIGHTS = { peers: 1, favourite: 1.2, interest: 0.6, sameLevel: 0.5 } as const;

/** A catalogue book with what matching needs worked out once per catalogue, not once per child. */
export interface Prepared {
  book: CatalogueBook;
  authorKey: string;
  topicKeys: readonly string[];
  levelIndex: number;
}

const prepared = new WeakMap<readonly CatalogueBook[], { all: Prepared[]; byId: Map<string, Prepared> }>();

export function prepare(catalogue: readonly CatalogueBook[]) {
  let found = prepared.get(catalogue);
  if (!found) {
    const all = catalogue.map((book) => ({
      book,
      authorKey: normaliseTopic(book.author),
      topicKeys: [...new Set(book.topics.map(normaliseTopic))],
      levelIndex: book.readingLevel === null ? -1 : READING_LEVELS.indexOf(book.readingLevel),
    }));
    found = { all, byId: new Map(all.map((p) => [p.book.id, p])) };
    prepared.set(catalogue, found);
  }
  return found;
}

/** What one child's scoring needs, worked out once per child. */
export interface ChildContext {
  levelIndex: number;
  interests: readonly string[];
  /** The rating totals of readers at the child's level, one map per interest the child has. */
  peerMaps: readonly (readonly [string, ReadonlyMap<string, BookStats>])[];
  favourites: readonly { entry: Prepared; stars: number }[];
  globalMean: number;
}
/** What scoring needs of one child: their level, interests, peers' ratings and favourites. */
export function childContext(
  reader: Reader,
  ownRatings: readonly RatedRead[],
  catalogue: ReadonlyMap<string, Prepared>,
  index: RatingIndex,
): ChildContext {
  const interests = [...new Set(reader.interests.map(normaliseTopic))].sort();
  return {
    levelIndex: READING_LEVELS.indexOf(reader.level),
    interests,
    peerMaps: interests.flatMap((interest) => {
      const books = index.byLevelInterest.get(key(reader.level, interest));
      return books ? [[interest, books] as const] : [];
    }),
    favourites: ownRatings
      .filter((r) => r.stars >= LOVED_STARS && catalogue.has(r.bookId))
      .map((r) => ({ entry: catalogue.get(r.bookId) as Prepared, stars: r.stars }))
      .sort((a, b) => b.stars - a.stars || a.entry.book.id.localeCompare(b.entry.book.id)),
    globalMean: index.globalMean,
  };
}

export function levelGap(child: number, book: number): number {
  return book < 0 ? 1 : Math.abs(child - book);
}

function peerSupport(entry: Prepared, child: ChildContext) {
  let best: { value: number; lovedBy: number; interest: string } | undefined;
  for (const [interest, books] of child.peerMaps) {
    // A candidate is a book the child has not read, so none of these ratings is the child's own.
    const stats = books.get(entry.book.id);
    if (!stats || stats.count === 0) continue;
    const shrunk = (stats.sum + PRIOR_WEIGHT * child.globalMean) / (stats.count + PRIOR_WEIGHT);
    // Above an average book, weighted by how many loved it (log: the 50th fan adds little).
    const value = Math.max(0, shrunk - child.globalMean + 0.5) * Math.log2(1 + stats.loved);
    if (!best || value > best.value) best = { value, lovedBy: stats.loved, interest };
  }
  return best && best.value > 0 ? best : undefined;
}

function closestFavourite(entry: Prepared, child: ChildContext) {
  let best:
    | { value: number; favourite: Prepared; stars: number; sameAuthor: boolean; topic: string }
    | undefined;
  for (const { entry: favourite, stars } of child.favourites) {
    const sameAuthor = favourite.authorKey === entry.authorKey;
    let shared = 0;
    let topic = '';
    for (const t of favourite.topicKeys) {
      if (entry.topicKeys.includes(t)) {
        if (shared === 0) topic = t;
        shared += 1;
      }
    }
    const value = ((sameAuthor ? 1.5 : 0) + Math.min(shared, 2) * 0.75) * (stars - 3);
    if (value > 0 && (!best || value > best.value)) best = { value, favourite, stars, sameAuthor, topic };
  }
  return best;
}

/** What a book's score is made of: worked out once, for the score and then for the reasons. */
export interface ScoreParts {
  peers: ReturnType<typeof peerSupport>;
  favourite: ReturnType<typeof closestFavourite>;
  /** The child's interests among the book's topics. */
  matching: string[];
  score: number;
}

function matchingInterests(entry: Prepared, child: ChildContext): string[] {
  return child.interests.filter((i) => entry.topicKeys.includes(i));
}

export function scoreOf(entry: Prepared, child: ChildContext): ScoreParts {
  const peers = peerSupport(entry, child);
  const favourite = closestFavourite(entry, child);
  const matching = matchingInterests(entry, child);
  let score = WEIGHTS.peers * (peers?.value ?? 0);
  score += WEIGHTS.favourite * (favourite?.value ?? 0);
  score += WEIGHTS.interest * Math.min(matching.length, 2);
  // A step up or down is a stretch or a rest, worth less than a book at the child's level.
  score = levelGap(child.levelIndex, entry.levelIndex) === 0 ? score + WEIGHTS.sameLevel : score * 0.6;
  return { peers, favourite, matching, score };
}

/** The reasons for a chosen book, strongest first, from the parts of its score. */
export function reasonsFor(entry: Prepared, parts: ScoreParts, level: ReadingLevel): Reason[] {
  const reasons: { reason: Reason; weight: number }[] = [];
  const { peers, favourite, matching } = parts;
  if (peers)
    reasons.push({
      reason: { kind: 'peers', lovedBy: peers.lovedBy, level, interest: peers.interest },
      weight: WEIGHTS.peers * peers.value,
    });
  if (favourite)
    reasons.push({
      reason: {
        kind: 'favourite',
        bookTitle: favourite.favourite.book.title,
        stars: favourite.stars,
        shared: favourite.sameAuthor ? 'author' : 'topic',
        detail: favourite.sameAuthor ? entry.book.author : favourite.topic,
      },
      weight: WEIGHTS.favourite * favourite.value,
    });
  if (matching.length > 0)
    reasons.push({
      reason: { kind: 'interest', topic: matching[0] as string },
      weight: WEIGHTS.interest * Math.min(matching.length, 2),
    });
  reasons.sort((a, b) => b.weight - a.weight);
  // Last, and alone when nothing else applies: the level the book is written for (the child's, or
  // one step from it).
  return [...reasons.map((r) => r.reason), { kind: 'level', level: entry.book.readingLevel ?? level }];
}
