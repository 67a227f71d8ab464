/**
 * Opaque positions in a list ("the page after this one"): a few parts joined with `_` and sent as
 * base64url, so a URL never invites editing. Each list reads its own parts back and checks them;
 * anything we did not write reads as undefined, which the API answers with a 400.
 */

export function packCursor(parts: readonly string[]): string {
  return btoa(parts.join('_')).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The `count` parts of a cursor, or undefined when it is too long, not base64url or not `count` parts. */
export function unpackCursor(value: string, count: number, maxLength: number): string[] | undefined {
  if (value.length > maxLength || !/^[A-Za-z0-9_-]+$/.test(value)) return undefined;
  let raw: string;
  try {
    raw = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
  const parts = raw.split('_');
  return parts.length === count && parts.every(Boolean) ? parts : undefined;
}

/** The instant `toISOString()` wrote, or undefined when `iso` is not exactly such a string. */
export function exactInstant(iso: string): Date | undefined {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) || date.toISOString() !== iso ? undefined : date;
}
