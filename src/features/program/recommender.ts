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
import type { ReadingLevel } from '~/platform/domain';
import {
  type CatalogueBook,
  type ChildContext,
  childContext,
  levelGap,
  type Prepared,
  prepare,
  type RatedRead,
  type RatingIndex,
  type Reader,
  type Reason,
  reasonsFor,
  type ScoreParts,
  scoreOf,
} from './bookScores';

export const MIN_PLAN_BOOKS = 3;
export const MAX_PLAN_BOOKS = 5;

export interface ReaderHistory {
  /** Every catalogue book the child has logged, rated or not. */
  readBookIds: ReadonlySet<string>;
  /** The child's own ratings. */
  ratings: readonly RatedRead[];
  /** Books in the child's plans of the last weeks, most recent week first. */
  recentlyPlanned: readonly (readonly string[])[];
}

export interface Suggestion {
  book: CatalogueBook;
  score: number;
  /** Why, strongest first; never empty. */
  reasons: Reason[];
  /** Another book to borrow instead when this one is not on the library's shelf. */
  alternative: CatalogueBook | null;
}

/** Each earlier pick by the same author, or with the same first topic, multiplies a score by this. */
const SAME_KIND_FACTOR = { author: 0.5, topic: 0.75 } as const;
/** Weeks of earlier plans a book is kept out of, as long as enough other books remain. */
export const VARIETY_WEEKS = 4;
const RECENT_PENALTY = 1e6;

interface Scored {
  entry: Prepared;
  /** The parts of the score, kept for the reasons of the books that are picked. */
  parts: ScoreParts;
  score: number;
  /** The score less any penalty for a book planned in the last weeks: the order of the picks. */
  rank: number;
  tie: number;
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
  const child = childContext(reader, history.ratings, catalogue.byId, index);
  const weeksAgo = weeksSincePlanned(history);
  const pool = rankedCandidates(catalogue.all, child, history, weeksAgo, `${reader.id}:${week}`);
  const picked = pickVaried(pool, count);

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

/** How many weeks ago each book of the last weeks' plans was planned (0: the latest week). */
function weeksSincePlanned(history: ReaderHistory): Map<string, number> {
  const weeksAgo = new Map<string, number>();
  history.recentlyPlanned.slice(0, VARIETY_WEEKS).forEach((ids, ago) => {
    for (const id of ids) if (!weeksAgo.has(id)) weeksAgo.set(id, ago);
  });
  return weeksAgo;
}

/**
 * The books the child may read next (not read yet, at their level or one next to it), scored and in
 * the order of the picks. The last weeks' books come after every other: only when too few others
 * remain, and then the longest ago first. (A large constant keeps them behind whatever the scores.)
 */
function rankedCandidates(
  catalogue: readonly Prepared[],
  child: ChildContext,
  history: ReaderHistory,
  weeksAgo: ReadonlyMap<string, number>,
  seed: string,
): Scored[] {
  const recencyPenalty = (id: string) => {
    const ago = weeksAgo.get(id);
    return ago === undefined ? 0 : (VARIETY_WEEKS - ago) * RECENT_PENALTY;
  };
  return catalogue
    .filter((p) => !history.readBookIds.has(p.book.id) && levelGap(child.levelIndex, p.levelIndex) <= 1)
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
}

/**
 * Greedy picks, each lowering the score of more by the same author or on the same first topic.
 * The picks are taken out of `pool`, which keeps the rest for the alternatives.
 */
function pickVaried(pool: Scored[], count: number): Scored[] {
  const picked: Scored[] = [];
  while (picked.length < count && pool.length > 0) {
    let best = 0;
    let bestRank = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < pool.length; i++) {
      const candidate = pool[i] as Scored;
      // The pool is sorted by rank, and a penalty only lowers one: no later candidate can win.
      if (candidate.rank <= bestRank) break;
      const rank = sameKindAdjusted(candidate, picked) - (candidate.score - candidate.rank);
      if (rank > bestRank) {
        best = i;
        bestRank = rank;
      }
    }
    picked.push(pool.splice(best, 1)[0] as Scored);
  }
  return picked;
}

/** A candidate's score, lowered once for each earlier pick by its author or on its first topic. */
function sameKindAdjusted(candidate: Scored, picked: readonly Scored[]): number {
  let adjusted = candidate.score;
  const firstTopic = candidate.entry.topicKeys[0];
  for (const p of picked) {
    if (p.entry.authorKey === candidate.entry.authorKey) adjusted *= SAME_KIND_FACTOR.author;
    if (firstTopic !== undefined && p.entry.topicKeys[0] === firstTopic) adjusted *= SAME_KIND_FACTOR.topic;
  }
  return adjusted;
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
    case 'guide':
      return `chosen by ${reason.guideName}, ${childName}’s reading guide: ${reason.reason}`;
  }
}
