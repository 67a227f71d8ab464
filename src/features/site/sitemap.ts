import { pagePath, ROUTES } from '~/platform/routes';

/**
 * Public pages that belong in search results. Sign-in, sign-up and the purchase steps are for
 * people already on the site: crawlers may read them (their words are general, and a family's
 * order or basket only loads after sign-in), but the sitemap does not offer them. /contact-us is
 * the same page as /contact, which is its canonical address, and the contact form's answers are
 * not pages to land on; pages with an id are listed from the database.
 */
const NOT_LISTED = new Set([
  pagePath('/contact/send'),
  pagePath('/contact/sent'),
  pagePath('/login'),
  pagePath('/signup'),
  pagePath('/check-out'),
  pagePath('/confirmation'),
  pagePath('/schedule-interview'),
  pagePath('/contact-us'),
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

/** The later of a piece of content's dates: when it was published or last changed, whichever came last. */
export function contentModified(...dates: (Date | null | undefined)[]): Date | undefined {
  const times = dates.filter((d): d is Date => d instanceof Date).map((d) => d.getTime());
  return times.length > 0 ? new Date(Math.max(...times)) : undefined;
}

/** What a page's content is made of, each item with its own dates from the database. */
interface Dated {
  publishedAt?: Date | null;
  updatedAt: Date;
}

export interface SitemapContent {
  posts: (Dated & { id: string })[];
  events: (Dated & { id: string })[];
  episodes: Dated[];
}

/**
 * Every listed page with the time its content last changed, read from the content itself: a post's
 * or event's own dates, and for a list page the newest of what it lists. Pages of fixed text carry
 * no lastmod: the build time is not when their words changed, and a made-up date would only teach
 * crawlers to ignore the field.
 */
export function sitemapEntries(staticPaths: string[], content: SitemapContent): SitemapEntry[] {
  const newest = (items: Dated[]) => contentModified(...items.flatMap((i) => [i.publishedAt, i.updatedAt]));
  const listPages: Record<string, Date | undefined> = {
    [pagePath('/blogs')]: newest(content.posts),
    [pagePath('/archives')]: newest(content.posts),
    [pagePath('/events')]: newest(content.events),
    [pagePath('/podcast')]: newest(content.episodes),
  };
  return [
    ...staticPaths.map((path) => ({ path, lastModified: listPages[path] })),
    ...content.posts.map((p) => ({
      path: pagePath('/blogs/{id}', p.id),
      lastModified: contentModified(p.publishedAt, p.updatedAt),
    })),
    ...content.events.map((e) => ({ path: pagePath('/events/{id}', e.id), lastModified: e.updatedAt })),
  ];
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
