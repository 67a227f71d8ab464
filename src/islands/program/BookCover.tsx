import type { CSSProperties } from 'react';

/** Cover colours for books without a cover image: paper tones of the site's palette. */
const SHADES = ['teal', 'coral', 'marigold', 'leaf', 'sky'] as const;

function shadeOf(title: string): (typeof SHADES)[number] {
  let hash = 0;
  for (const char of title) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return SHADES[hash % SHADES.length] as (typeof SHADES)[number];
}

/** The letters of the title's longest word (at least 8): the drawn cover fits its type to it. */
const longestWord = (title: string) => Math.max(8, ...title.split(/\s+/u).map((word) => [...word].length));

/**
 * A book's cover: its image when the catalogue has one, otherwise a printed-looking cover with the
 * title and author (the same colour for the same title every time). Decorative beside the book's
 * written title, so hidden from screen readers.
 */
export function BookCover({
  title,
  author,
  coverUrl,
  size = 'large',
}: {
  title: string;
  author: string | null;
  coverUrl: string | null;
  size?: 'small' | 'large';
}) {
  if (coverUrl) {
    return (
      <img
        className={`book-cover book-cover-${size}`}
        src={coverUrl}
        alt=""
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <span className={`book-cover book-cover-${size} book-cover-${shadeOf(title)}`} aria-hidden="true">
      <span className="book-cover-title" style={{ '--longest': longestWord(title) } as CSSProperties}>
        {title}
      </span>
      {author && <span className="book-cover-author">{author}</span>}
    </span>
  );
}
