import { describe, expect, it } from 'vitest';
import type { CatalogueBook } from './bookScores';
import { withGuideSwap } from './guideSwap';
import type { Suggestion } from './recommender';

const book = (id: string): CatalogueBook => ({
  id,
  title: `Book ${id}`,
  author: 'A. Writer',
  readingLevel: 'branch',
  topics: [],
});
const suggestion = (id: string): Suggestion => ({
  book: book(id),
  score: 1,
  reasons: [{ kind: 'level', level: 'branch' }],
  alternative: null,
});
const catalogue = ['a', 'b', 'c', 'g'].map(book);
const swap = { bookId: 'g', guideName: 'Grace', reason: 'She loved the lighthouse passage.' };

describe('a guide’s book in the next plan', () => {
  it('comes first, with the guide’s reason, in place of the recommender’s last pick', () => {
    const books = withGuideSwap(['a', 'b', 'c'].map(suggestion), swap, catalogue);
    expect(books.map((s) => s.book.id)).toEqual(['g', 'a', 'b']);
    expect(books[0]?.reasons).toEqual([{ kind: 'guide', guideName: 'Grace', reason: swap.reason }]);
  });

  it('keeps the week’s size when the recommender chose it too, the guide’s reason first', () => {
    const books = withGuideSwap(['a', 'g', 'c'].map(suggestion), swap, catalogue);
    expect(books.map((s) => s.book.id)).toEqual(['g', 'a', 'c']);
    expect(books[0]?.reasons.map((r) => r.kind)).toEqual(['guide', 'level']);
  });

  it('fills an empty week, and changes nothing without a swap or for a book gone from the catalogue', () => {
    expect(withGuideSwap([], swap, catalogue).map((s) => s.book.id)).toEqual(['g']);
    expect(withGuideSwap(['a'].map(suggestion), undefined, catalogue).map((s) => s.book.id)).toEqual(['a']);
    expect(
      withGuideSwap(['a'].map(suggestion), { ...swap, bookId: 'gone' }, catalogue).map((s) => s.book.id),
    ).toEqual(['a']);
  });
});
