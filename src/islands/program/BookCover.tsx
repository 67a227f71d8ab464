/** Cover colours for books without a cover image: paper tones of the site's palette. */
const SHADES = ['teal', 'coral', 'marigold', 'leaf', 'sky'] as const;

function shadeOf(title: string): (typeof SHADES)[number] {
  let hash = 0;
  for (const char of title) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return SHADES[hash % SHADES.length] as (typeof SHADES)[number];
}

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
      <span className="book-cover-title">{title}</span>
      {author && <span className="book-cover-author">{author}</span>}
    </span>
  );
}
