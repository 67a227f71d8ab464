import { describe, expect, it } from 'vitest';
import type { ReadingLevel } from '~/platform/domain';
import { buildRatingIndex, type CatalogueBook, type RatedRead, type Reader } from './bookScores';
import { describeReason, MAX_PLAN_BOOKS, type ReaderHistory, suggestBooks } from './recommender';

const book = (
  id: string,
  topics: string[],
  level: ReadingLevel | null = 'branch',
  author = `Author ${id}`,
): CatalogueBook => ({ id, title: `Title ${id}`, author, readingLevel: level, topics });

const maya: Reader = { id: 'maya', firstName: 'Maya', level: 'branch', interests: ['Space', 'animals'] };
const noHistory: ReaderHistory = { readBookIds: new Set(), ratings: [], recentlyPlanned: [] };

/** `n` peers at a level who like a topic, each rating one book. */
function peersRating(bookId: string, stars: number, n: number, level: ReadingLevel, interest: string) {
  const raters = Array.from({ length: n }, (_, i) => ({
    id: `${bookId}-${interest}-${level}-${stars}-${i}`,
    level,
    interests: [interest],
  }));
  const ratings: RatedRead[] = raters.map((r) => ({ childId: r.id, bookId, stars }));
  return { raters, ratings };
}

function index(...groups: ReturnType<typeof peersRating>[]) {
  return buildRatingIndex(
    groups.flatMap((g) => g.raters),
    groups.flatMap((g) => g.ratings),
  );
}

const ids = (suggestions: { book: CatalogueBook }[]) => suggestions.map((s) => s.book.id);

describe('suggestBooks', () => {
  it('never suggests a book the child has read, nor one two levels away', () => {
    const catalogue = [
      book('read', ['space']),
      book('far', ['space'], 'sprout'),
      book('near', ['space'], 'canopy'),
      book('here', ['space']),
      book('other', ['trains']),
    ];
    const history = { ...noHistory, readBookIds: new Set(['read']) };
    const got = ids(suggestBooks({ reader: maya, history, catalogue, index: index(), week: '2026-W48' }));
    expect(got).not.toContain('read');
    expect(got).not.toContain('far');
    expect(got).toEqual(expect.arrayContaining(['here', 'near', 'other']));
  });

  it('ranks what many like-minded readers at the level loved above what a few did', () => {
    const catalogue = [book('many', ['space']), book('few', ['space']), book('none', ['space'])];
    const got = suggestBooks({
      reader: maya,
      history: noHistory,
      catalogue,
      index: index(peersRating('many', 5, 8, 'branch', 'space'), peersRating('few', 5, 1, 'branch', 'space')),
      week: '2026-W48',
    });
    expect(ids(got)).toEqual(['many', 'few', 'none']);
    expect(got[0]?.reasons[0]).toEqual({ kind: 'peers', lovedBy: 8, level: 'branch', interest: 'space' });
  });

  it('counts only readers at the same level who share an interest', () => {
    const catalogue = [book('a', ['history']), book('b', ['history'])];
    const got = suggestBooks({
      reader: maya,
      history: noHistory,
      catalogue,
      index: index(
        peersRating('a', 5, 10, 'canopy', 'space'), // another level
        peersRating('a', 5, 10, 'branch', 'trains'), // no shared interest
        peersRating('b', 4, 2, 'branch', 'animals'),
      ),
      week: '2026-W48',
    });
    expect(ids(got)).toEqual(['b', 'a']);
    expect(got[1]?.reasons.some((r) => r.kind === 'peers')).toBe(false);
  });

  it('prefers a book many rated four stars over one a single reader rated five', () => {
    const catalogue = [book('steady', ['space']), book('lucky', ['space'])];
    const got = suggestBooks({
      reader: maya,
      history: noHistory,
      catalogue,
      index: index(
        peersRating('steady', 4, 12, 'branch', 'space'),
        peersRating('lucky', 5, 1, 'branch', 'space'),
        peersRating('filler', 2, 12, 'branch', 'space'),
      ),
      week: '2026-W48',
    });
    expect(ids(got)).toEqual(['steady', 'lucky']);
  });

  it('suggests books like the child’s favourites and says which favourite', () => {
    const favourite = book('fav', ['robots'], 'branch', 'Peter Brown');
    const catalogue = [
      favourite,
      book('same-author', ['islands'], 'branch', 'Peter Brown'),
      book('same-topic', ['robots']),
      book('unrelated', ['cooking']),
    ];
    const history: ReaderHistory = {
      readBookIds: new Set(['fav']),
      ratings: [{ childId: 'maya', bookId: 'fav', stars: 5 }],
      recentlyPlanned: [],
    };
    const got = suggestBooks({ reader: maya, history, catalogue, index: index(), week: '2026-W48' });
    expect(ids(got)).toEqual(['same-author', 'same-topic', 'unrelated']);
    expect(got[0]?.reasons[0]).toEqual({
      kind: 'favourite',
      bookTitle: 'Title fav',
      stars: 5,
      shared: 'author',
      detail: 'Peter Brown',
    });
    expect(got[1]?.reasons[0]).toMatchObject({ kind: 'favourite', shared: 'topic', detail: 'robots' });
  });

  it('a book the child disliked steers nothing', () => {
    const catalogue = [
      book('disliked', ['robots'], 'branch', 'Ann'),
      book('by-ann', ['cooking'], 'branch', 'Ann'),
    ];
    const history: ReaderHistory = {
      readBookIds: new Set(['disliked']),
      ratings: [{ childId: 'maya', bookId: 'disliked', stars: 1 }],
      recentlyPlanned: [],
    };
    const [only] = suggestBooks({ reader: maya, history, catalogue, index: index(), week: 'w' });
    expect(only?.reasons.some((r) => r.kind === 'favourite')).toBe(false);
  });

  it('matches interests whatever their case and spacing', () => {
    const catalogue = [book('plain', ['cooking']), book('space', [' SPACE '])];
    const got = suggestBooks({ reader: maya, history: noHistory, catalogue, index: index(), week: 'w' });
    expect(ids(got)[0]).toBe('space');
    expect(got[0]?.reasons[0]).toEqual({ kind: 'interest', topic: 'space' });
  });

  it('keeps the last weeks’ books out while enough others remain, and takes them back when not', () => {
    const catalogue = Array.from({ length: 8 }, (_, i) => book(`b${i}`, ['space']));
    const lastWeek = ['b0', 'b1', 'b2'];
    const history: ReaderHistory = { ...noHistory, recentlyPlanned: [lastWeek] };
    const got = ids(suggestBooks({ reader: maya, history, catalogue, index: index(), week: 'w', count: 5 }));
    expect(got).toHaveLength(5);
    expect(got.filter((id) => lastWeek.includes(id))).toEqual([]);

    const small = catalogue.slice(0, 5);
    const again = ids(
      suggestBooks({ reader: maya, history, catalogue: small, index: index(), week: 'w', count: 5 }),
    );
    expect(again).toHaveLength(5);
  });

  it('names a recent week’s book as an alternative only when no other book shares the topic', () => {
    const catalogue = ['a', 'b', 'c', 'd', 'e'].map((id) => book(id, ['space']));
    const history: ReaderHistory = { ...noHistory, recentlyPlanned: [['d']] };
    const got = suggestBooks({ reader: maya, history, catalogue, index: index(), week: 'w', count: 3 });
    expect(ids(got)).not.toContain('d');
    expect(got[0]?.alternative?.id).not.toBe('d');
    expect(got[0]?.alternative).not.toBeNull();
    // Once the fresh ones are used, the recent one is better than nothing.
    expect(got[1]?.alternative?.id).toBe('d');
  });

  it('mixes authors and topics within a week', () => {
    const catalogue = [
      ...Array.from({ length: 5 }, (_, i) => book(`same${i}`, ['space'], 'branch', 'One Author')),
      book('animals', ['animals'], 'branch', 'Second Author'),
      book('space2', ['space'], 'branch', 'Third Author'),
    ];
    const got = suggestBooks({
      reader: maya,
      history: noHistory,
      catalogue,
      index: index(),
      week: 'w',
      count: 3,
    });
    const authors = got.map((s) => s.book.author);
    expect(new Set(authors).size).toBe(3);
  });

  it('gives the same answer for the same data, and varies only ties between weeks', () => {
    const catalogue = Array.from({ length: 20 }, (_, i) => book(`b${String(i).padStart(2, '0')}`, ['space']));
    const run = (week: string) =>
      suggestBooks({ reader: maya, history: noHistory, catalogue, index: index(), week });
    expect(run('2026-W48')).toEqual(run('2026-W48'));
    // Every book scores the same here: another week orders the ties another way.
    expect(ids(run('2026-W48'))).not.toEqual(ids(run('2026-W49')));
  });

  it('suggests three to five books, fewer only when the catalogue has fewer', () => {
    const catalogue = Array.from({ length: 10 }, (_, i) => book(`b${i}`, ['space']));
    const common = { reader: maya, history: noHistory, catalogue, index: index(), week: 'w' };
    expect(suggestBooks(common)).toHaveLength(MAX_PLAN_BOOKS);
    expect(suggestBooks({ ...common, count: 1 })).toHaveLength(3);
    expect(suggestBooks({ ...common, count: 9 })).toHaveLength(5);
    expect(suggestBooks({ ...common, catalogue: catalogue.slice(0, 2) })).toHaveLength(2);
    expect(suggestBooks({ ...common, catalogue: [] })).toEqual([]);
  });

  it('explains every suggestion and names a different book on a shared topic as the alternative', () => {
    const catalogue = [
      book('a', ['space', 'robots']),
      book('b', ['animals']),
      book('c', ['space']),
      book('d', ['animals', 'farms']),
      book('e', ['cooking']),
      book('f', ['space']),
      book('g', ['animals']),
    ];
    const got = suggestBooks({
      reader: maya,
      history: noHistory,
      catalogue,
      index: index(),
      week: 'w',
      count: 3,
    });
    const planned = new Set(ids(got));
    const alternatives = got.map((s) => s.alternative?.id).filter(Boolean);
    for (const suggestion of got) {
      expect(suggestion.reasons.length).toBeGreaterThan(0);
      const alternative = suggestion.alternative;
      if (!alternative) continue;
      expect(planned.has(alternative.id)).toBe(false);
      expect(alternative.topics.some((t) => suggestion.book.topics.includes(t))).toBe(true);
    }
    expect(new Set(alternatives).size).toBe(alternatives.length);
  });
});

describe('describeReason', () => {
  it('says why in a sentence a parent reads beside the book', () => {
    expect(
      describeReason(
        { kind: 'favourite', bookTitle: 'The Wild Robot', stars: 5, shared: 'author', detail: 'Peter Brown' },
        'Maya',
      ),
    ).toBe('because Maya gave 5 stars to The Wild Robot, also by Peter Brown');
    expect(describeReason({ kind: 'peers', lovedBy: 8, level: 'branch', interest: 'space' }, 'Maya')).toBe(
      'loved by 8 Branch readers who like space',
    );
    expect(describeReason({ kind: 'peers', lovedBy: 1, level: 'sprout', interest: 'cats' }, 'Maya')).toBe(
      'loved by 1 Sprout reader who likes cats',
    );
    expect(describeReason({ kind: 'interest', topic: 'space' }, 'Maya')).toBe(
      'about space, one of Maya’s interests',
    );
  });
});
