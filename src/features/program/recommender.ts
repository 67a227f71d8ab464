/**
 * The weekly plan's book suggestions (issue 15): which books from the catalogue a child reads next,
 * and why. No database and no clock here: the plan job reads the catalogue and the ratings, builds
 * a RatingIndex once for the whole run, and asks for each child's suggestions. The same data always
 * gives the same suggestions, in the same order, with the same reasons.
 *
 * A book is a candidate when the child has not read it (logged it) and its level is the child's or
 * one next to it; books of the last weeks' plans come only after all others (variety). Its score
 * adds up:
 *  - what readers like this child thought of it: ratings from other children at the same level who
 *    share one of the child's interests, as a shrunk average (a few five-star ratings do not beat
 *    many four-star ones) times how many loved it;
 *  - how close it is to the child's own favourites (four or five stars): the same author, shared
 *    topics, the same series of levels;
 *  - the child's interests among its topics.
 * Then a week is chosen greedily: each pick lowers the score of books by the same author or on the
 * same first topic, so a week is not five books of one kind.
 */
import { READING_LEVELS, type ReadingLevel } from '~/platform/domain';

export const MIN_PLAN_BOOKS = 3;
export const MAX_PLAN_BOOKS = 5;
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

export interface ReaderHistory {
  /** Every catalogue book the child has logged, rated or not. */
  readBookIds: ReadonlySet<string>;
  /** The child's own ratings. */
  ratings: readonly RatedRead[];
  /** Books in the child's plans of the last weeks, most recent week first. */
  recentlyPlanned: readonly (readonly string[])[];
}

export type Reason =
  | { kind: 'favourite'; bookTitle: string; stars: number; shared: 'author' | 'topic'; detail: string }
  | { kind: 'peers'; lovedBy: number; level: ReadingLevel; interest: string }
  | { kind: 'interest'; topic: string }
  | { kind: 'level'; level: ReadingLevel };

export interface Suggestion {
  book: CatalogueBook;
  score: number;
  /** Why, strongest first; never empty. */
  reasons: Reason[];
  /** Another book to borrow instead when this one is not on the library's shelf. */
  alternative: CatalogueBook | null;
}

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
/** Each earlier pick by the same author, or with the same first topic, multiplies a score by this. */
const SAME_KIND_FACTOR = { author: 0.5, topic: 0.75 } as const;
/** Weeks of earlier plans a book is kept out of, as long as enough other books remain. */
export const VARIETY_WEEKS = 4;
const RECENT_PENALTY = 1e6;

/** A catalogue book with what matching needs worked out once per catalogue, not once per child. */
interface Prepared {
  book: CatalogueBook;
  authorKey: string;
  topicKeys: readonly string[];
  levelIndex: number;
}

const prepared = new WeakMap<readonly CatalogueBook[], { all: Prepared[]; byId: Map<string, Prepared> }>();

function prepare(catalogue: readonly CatalogueBook[]) {
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

interface Scored {
  entry: Prepared;
  /** The parts of the score, kept for the reasons of the books that are picked. */
  parts: ScoreParts;
  score: number;
  /** The score less any penalty for a book planned in the last weeks: the order of the picks. */
  rank: number;
  tie: number;
}

/** What one child's scoring needs, worked out once per child. */
interface ChildContext {
  levelIndex: number;
  interests: readonly string[];
  /** The rating totals of readers at the child's level, one map per interest the child has. */
  peerMaps: readonly (readonly [string, ReadonlyMap<string, BookStats>])[];
  favourites: readonly { entry: Prepared; stars: number }[];
  globalMean: number;
}

function levelGap(child: number, book: number): number {
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
interface ScoreParts {
  peers: ReturnType<typeof peerSupport>;
  favourite: ReturnType<typeof closestFavourite>;
  /** The child's interests among the book's topics. */
  matching: string[];
  score: number;
}

function matchingInterests(entry: Prepared, child: ChildContext): string[] {
  return child.interests.filter((i) => entry.topicKeys.includes(i));
}

function scoreOf(entry: Prepared, child: ChildContext): ScoreParts {
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
function reasonsFor(entry: Prepared, parts: ScoreParts, level: ReadingLevel): Reason[] {
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

/** Ties broken by a stable order that still differs from child to child and week to week. */
function tieBreak(seed: string, id: string): number {
  let hash = 2166136261;
  for (const text of [seed, ':', id]) {
    for (let i = 0; i < text.length; i++) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 16777619);
    }
  }
  return hash >>> 0;
}

/**
 * The week's books for one child: `count` suggestions (3 to 5), best first, each with its reasons
 * and a library alternative. Fewer when the catalogue has fewer candidates. `week` only varies the
 * order of books that score exactly the same.
 */
export function suggestBooks(options: {
  reader: Reader;
  history: ReaderHistory;
  catalogue: readonly CatalogueBook[];
  index: RatingIndex;
  week: string;
  count?: number;
}): Suggestion[] {
  const { reader, history, index, week } = options;
  const count = Math.min(MAX_PLAN_BOOKS, Math.max(MIN_PLAN_BOOKS, options.count ?? MAX_PLAN_BOOKS));
  const catalogue = prepare(options.catalogue);
  const interests = [...new Set(reader.interests.map(normaliseTopic))].sort();
  const child: ChildContext = {
    levelIndex: READING_LEVELS.indexOf(reader.level),
    interests,
    peerMaps: interests.flatMap((interest) => {
      const books = index.byLevelInterest.get(key(reader.level, interest));
      return books ? [[interest, books] as const] : [];
    }),
    favourites: history.ratings
      .filter((r) => r.stars >= LOVED_STARS && catalogue.byId.has(r.bookId))
      .map((r) => ({ entry: catalogue.byId.get(r.bookId) as Prepared, stars: r.stars }))
      .sort((a, b) => b.stars - a.stars || a.entry.book.id.localeCompare(b.entry.book.id)),
    globalMean: index.globalMean,
  };

  const reachable = catalogue.all.filter(
    (p) => !history.readBookIds.has(p.book.id) && levelGap(child.levelIndex, p.levelIndex) <= 1,
  );
  // The last weeks' books come after every other: only when too few others remain, and then the
  // longest ago first. (A large constant keeps them behind whatever the scores.)
  const weeksAgo = new Map<string, number>();
  history.recentlyPlanned.slice(0, VARIETY_WEEKS).forEach((ids, ago) => {
    for (const id of ids) if (!weeksAgo.has(id)) weeksAgo.set(id, ago);
  });
  const recencyPenalty = (id: string) => {
    const ago = weeksAgo.get(id);
    return ago === undefined ? 0 : (VARIETY_WEEKS - ago) * RECENT_PENALTY;
  };

  const seed = `${reader.id}:${week}`;
  const pool: Scored[] = reachable
    .map((entry) => {
      const parts = scoreOf(entry, child);
      const score = parts.score;
      return {
        entry,
        parts,
        score,
        rank: score - recencyPenalty(entry.book.id),
        tie: tieBreak(seed, entry.book.id),
      };
    })
    .sort((a, b) => b.rank - a.rank || a.tie - b.tie || a.entry.book.id.localeCompare(b.entry.book.id));

  // Greedy picks, each lowering the score of more by the same author or on the same first topic.
  const picked: Scored[] = [];
  while (picked.length < count && pool.length > 0) {
    let best = 0;
    let bestRank = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < pool.length; i++) {
      const candidate = pool[i] as Scored;
      // The pool is sorted by rank, and a penalty only lowers one: no later candidate can win.
      if (candidate.rank <= bestRank) break;
      let adjusted = candidate.score;
      const firstTopic = candidate.entry.topicKeys[0];
      for (const p of picked) {
        if (p.entry.authorKey === candidate.entry.authorKey) adjusted *= SAME_KIND_FACTOR.author;
        if (firstTopic !== undefined && p.entry.topicKeys[0] === firstTopic)
          adjusted *= SAME_KIND_FACTOR.topic;
      }
      const rank = adjusted - (candidate.score - candidate.rank);
      if (rank > bestRank) {
        best = i;
        bestRank = rank;
      }
    }
    picked.push(pool.splice(best, 1)[0] as Scored);
  }

  // Alternatives come from what was not picked: the closest in topics and level, another author.
  const taken = new Set(picked.map((p) => p.entry.book.id));
  return picked.map((p) => {
    const alternative = closestAlternative(p.entry, pool, taken, weeksAgo);
    if (alternative) taken.add(alternative.id);
    return {
      book: p.entry.book,
      score: Math.round(p.score * 1000) / 1000,
      reasons: reasonsFor(p.entry, p.parts, reader.level),
      alternative,
    };
  });
}

function closestAlternative(
  entry: Prepared,
  pool: readonly Scored[],
  taken: ReadonlySet<string>,
  weeksAgo: ReadonlyMap<string, number>,
): CatalogueBook | null {
  let best: { book: CatalogueBook; value: number } | null = null;
  for (const { entry: other, score } of pool) {
    if (taken.has(other.book.id)) continue;
    let shared = 0;
    for (const t of other.topicKeys) if (entry.topicKeys.includes(t)) shared += 1;
    if (shared === 0) continue;
    const value =
      shared * 2 +
      (other.levelIndex === entry.levelIndex ? 1 : 0) -
      (other.authorKey === entry.authorKey ? 1 : 0) +
      score / 100 -
      // A book of the last weeks' plans only when no other shares a topic.
      (weeksAgo.has(other.book.id) ? 100 : 0);
    if (!best || value > best.value) best = { book: other.book, value };
  }
  return best?.book ?? null;
}

const LEVEL_NAMES: Record<ReadingLevel, string> = {
  sprout: 'Sprout',
  sapling: 'Sapling',
  branch: 'Branch',
  canopy: 'Canopy',
};

/** A reason in words, as the plan shows it beside the book. */
export function describeReason(reason: Reason, childName: string): string {
  switch (reason.kind) {
    case 'favourite':
      return reason.shared === 'author'
        ? `because ${childName} gave ${reason.stars} stars to ${reason.bookTitle}, also by ${reason.detail}`
        : `because ${childName} gave ${reason.stars} stars to ${reason.bookTitle}, also about ${reason.detail}`;
    case 'peers':
      return reason.lovedBy === 1
        ? `loved by 1 ${LEVEL_NAMES[reason.level]} reader who likes ${reason.interest}`
        : `loved by ${reason.lovedBy} ${LEVEL_NAMES[reason.level]} readers who like ${reason.interest}`;
    case 'interest':
      return `about ${reason.topic}, one of ${childName}’s interests`;
    case 'level':
      return `chosen for ${LEVEL_NAMES[reason.level]} readers`;
  }
}
