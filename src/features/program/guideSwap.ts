import type { CatalogueBook, Reason } from './bookScores';
import type { Suggestion } from './recommender';

/** A book the child's reading guide chose for the next plan, and why. */
export interface GuideSwap {
  bookId: string;
  guideName: string;
  reason: string;
}

/**
 * The week's books with the guide's choice in them: first, with the guide's reason, in place of the
 * recommender's last pick (or, when the recommender chose it too, with the guide's reason first).
 * A book no longer in the catalogue leaves the suggestions as they were.
 */
export function withGuideSwap(
  suggestions: readonly Suggestion[],
  swap: GuideSwap | undefined,
  catalogue: readonly CatalogueBook[],
): Suggestion[] {
  if (!swap) return [...suggestions];
  const book = catalogue.find((b) => b.id === swap.bookId);
  if (!book) return [...suggestions];
  const reason: Reason = { kind: 'guide', guideName: swap.guideName, reason: swap.reason };
  const same = suggestions.find((s) => s.book.id === book.id);
  const chosen: Suggestion = same
    ? { ...same, reasons: [reason, ...same.reasons] }
    : { book, score: Number.POSITIVE_INFINITY, reasons: [reason], alternative: null };
  const others = suggestions.filter((s) => s.book.id !== book.id);
  return [chosen, ...(same ? others : others.slice(0, Math.max(0, others.length - 1)))];
}
