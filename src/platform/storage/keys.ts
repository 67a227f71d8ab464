/**
 * Storage keys are relative paths such as `podcast/001-twenty-minutes.mp3`. They come from URLs
 * and from admins, so they are checked before they ever reach a file system or a bucket.
 */

/** The file types the site stores and serves, and the one content type each is served with. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  webm: 'audio/webm',
  wav: 'audio/wav',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
};

const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;
const MAX_DEPTH = 8;

/**
 * The key, unchanged, when it is safe: 1 to 8 segments of letters, digits, `.`, `_` and `-`,
 * none starting with a dot (no `..`, no hidden files), no leading slash, no backslash, no NUL,
 * no empty segment, and a file extension from the allow-list. Anything else answers null.
 */
export function parseStorageKey(key: string): string | null {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return null;
  const segments = key.split('/');
  if (segments.length > MAX_DEPTH) return null;
  if (!segments.every((s) => SEGMENT.test(s))) return null;
  return contentTypeFor(key) ? key : null;
}

/** The content type for a key's extension, or undefined when the extension is not allowed. */
export function contentTypeFor(key: string): string | undefined {
  const dot = key.lastIndexOf('.');
  if (dot <= 0 || key.lastIndexOf('/') > dot) return undefined;
  const extension = key.slice(dot + 1).toLowerCase();
  return Object.hasOwn(CONTENT_TYPES, extension) ? CONTENT_TYPES[extension] : undefined;
}

/**
 * The folders whose files anyone may see: book covers, blog pictures, read-aloud passages' model
 * readings and podcast audio. Only these are served at /media/{key} (and may come from a CDN in
 * front of it, MEDIA_PUBLIC_URL). Every other folder is a family's (children's recordings, progress
 * reports): the API serves those to that family and its guide only, after its own check. A folder
 * added later is private until it is named here.
 */
export const PUBLIC_PREFIXES: readonly string[] = ['books/', 'blog/', 'passages/', 'podcast/'];

/** True when a (safe) key may be served to anyone at /media/{key}. */
export function isPublicKey(key: string): boolean {
  return PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix));
}
