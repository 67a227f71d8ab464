import { ROUTES } from '~/platform/routes';

/**
 * Public pages that belong in search results. Sign-in, sign-up and the purchase steps are for
 * people already on the site (and carry noindex); /contact-us is the same page as /contact, which
 * is its canonical address; pages with an id are listed from the database.
 */
const NOT_LISTED = new Set([
  '/login',
  '/signup',
  '/check-out',
  '/confirmation',
  '/schedule-interview',
  '/contact-us',
]);

export function listedStaticPaths(): string[] {
  return ROUTES.filter((r) => r.access === 'public' && !r.path.includes('{') && !NOT_LISTED.has(r.path)).map(
    (r) => r.path,
  );
}

export interface SitemapEntry {
  path: string;
  lastModified?: Date | undefined;
}

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c,
  );

/** A sitemaps.org urlset of absolute addresses on `site`. */
export function sitemapXml(site: URL | string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const loc = escapeXml(new URL(entry.path, site).href);
    const lastmod = entry.lastModified ? `<lastmod>${entry.lastModified.toISOString()}</lastmod>` : '';
    return `<url><loc>${loc}</loc>${lastmod}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
