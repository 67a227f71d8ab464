/**
 * HTTP caching for public pages rendered on demand (docs/decisions/0008): the same answer for
 * every visitor, so a shared cache may keep it briefly and serve a stale copy while it refreshes.
 * A minute keeps "approved a minute ago" true.
 */
export function cachePublicly(headers: Headers, maxAgeSeconds = 60, staleSeconds = 300) {
  headers.set('Cache-Control', `public, max-age=${maxAgeSeconds}, stale-while-revalidate=${staleSeconds}`);
}
