import { loadSettings } from '~/platform/env.server';
import { isPublicKey } from './keys';

/**
 * The addresses written for stored files. A public file (keys.ts) is sent from MEDIA_PUBLIC_URL
 * when a CDN stands in front of the site's /media route, else from /media itself; a family's
 * files never come from here (the API serves them after its check). Stored text (a blog post's
 * HTML, an edited cover's address) keeps the site's own `/media/…` form, so changing the CDN
 * never means rewriting the database: the address is made as it leaves.
 */

const SITE_MEDIA = '/media';

let cached: { raw: string | undefined; base: string } | undefined;

/** The configured base, read from the settings once (and again only when they change: tests). */
function mediaBase(): string {
  const raw = process.env.MEDIA_PUBLIC_URL;
  if (!cached || cached.raw !== raw) cached = { raw, base: loadSettings().MEDIA_PUBLIC_URL ?? SITE_MEDIA };
  return cached.base;
}

const encodedKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** Where browsers fetch a public file: the CDN's address when there is one. */
export function publicMediaUrl(key: string, base: string = mediaBase()): string {
  const from = isPublicKey(key) ? base : SITE_MEDIA;
  return `${from}/${encodedKey(key)}`;
}

/** publicMediaUrl for an optional key (a book without a cover). */
export const mediaUrlOf = (key: string | null | undefined): string | null =>
  key ? publicMediaUrl(key) : null;

/** The site's own address of a stored file: the form kept in stored text and edited forms. */
export const siteMediaPath = (key: string): string => `${SITE_MEDIA}/${encodedKey(key)}`;

/**
 * A sanitized post's pictures (always `src="/media/…"`: sanitize.server.ts allows no other) sent
 * from the CDN. Only what the sanitizer wrote is rewritten, attribute by attribute.
 */
export function withPublicMedia(html: string, base: string = mediaBase()): string {
  if (base === SITE_MEDIA) return html;
  return html.replace(/(<img\b[^>]*?\ssrc=")\/media\/([^"]+)"/g, (_, start: string, key: string) =>
    isPublicKey(key) ? `${start}${base}/${key}"` : `${start}/media/${key}"`,
  );
}
