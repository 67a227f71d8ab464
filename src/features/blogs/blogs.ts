/** Rules about blog posts that need no database: reading time, cursors, months, excerpts. */

import { exactInstant, packCursor, unpackCursor } from '~/platform/cursor';
import { isUuid } from '~/platform/ids';

/**
 * The blog's RSS feed, announced in the head of every page (layouts/parts/FeedLinks.astro). A feed,
 * not a page: pagePath does not list it.
 */
export const BLOG_FEED_PATH = '/blogs/rss.xml';

/** Adults reading for pleasure manage about 230 words a minute; round up, never "0 min". */
const WORDS_PER_MINUTE = 230;

export function readingMinutes(wordCount: number): number {
  return Math.max(1, Math.ceil(wordCount / WORDS_PER_MINUTE));
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  rsquo: '’',
  lsquo: '‘',
  ldquo: '“',
  rdquo: '”',
  mdash: '—',
  ndash: '–',
  hellip: '…',
};

/** The words a reader sees in (already sanitized) HTML: tags dropped, entities decoded. */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<\/?(p|h[1-6]|li|blockquote|br|hr|div|figure|figcaption|pre)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return safeCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return safeCodePoint(Number.parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? match;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function safeCodePoint(n: number): string {
  return Number.isInteger(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '';
}

export function countWords(text: string): number {
  return text.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** A summary for lists and link previews: whole words, at most `max` characters. */
export function excerptOf(text: string, max = 200): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.!?–—-]+$/u, '')}…`;
}

/**
 * A position in the list of published posts, newest first: the last post's publication time and
 * id. Opaque to visitors (base64url), so the URL never invites editing; a bad one is refused.
 */
export interface BlogCursor {
  publishedAt: Date;
  id: string;
}

export function encodeCursor(cursor: BlogCursor): string {
  return packCursor([cursor.publishedAt.toISOString(), cursor.id]);
}

export function decodeCursor(value: string): BlogCursor | undefined {
  const [iso = '', id = ''] = unpackCursor(value, 2, 100) ?? [];
  if (!isUuid(id)) return undefined;
  // Four-digit years from 1970 only: anything else the database would refuse, as a 500.
  if (!/^(19[7-9]\d|2\d{3})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(iso)) return undefined;
  const publishedAt = exactInstant(iso);
  return publishedAt && { publishedAt, id: id.toLowerCase() };
}

/** "2026-11": the month a post belongs to in the archives, in UTC like the dates shown. */
export function monthKey(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export function parseMonthKey(value: string | null | undefined): string | undefined {
  if (!value || !/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return undefined;
  const year = Number(value.slice(0, 4));
  return year >= 2000 && year <= 2100 ? value : undefined;
}

export function monthLabel(key: string, locale = 'en-US'): string {
  const [year, month] = key.split('-').map(Number);
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year ?? 2000, (month ?? 1) - 1, 1)),
  );
}
