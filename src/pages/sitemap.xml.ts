import type { APIRoute } from 'astro';
import { desc } from 'drizzle-orm';
import { publishedPostIds } from '~/features/blogs/blogs.server';
import { listPublishedEpisodes } from '~/features/podcast/podcast.server';
import { listedStaticPaths, sitemapEntries, sitemapXml } from '~/features/site/sitemap';
import { events } from '~/platform/db/schema.server';
import { cachePublicly } from '~/platform/http/pageCache';
import { siteUrl } from '~/platform/publicConfig';
import { getDatabase } from '~/platform/runtime.server';

// On request, so posts and events published since the last build are listed. Every lastmod is a
// date the content carries (published, changed), never the time this answer was made.
export const prerender = false;

export const GET: APIRoute = async () => {
  const { db } = await getDatabase();
  const [posts, eventRows, episodes] = await Promise.all([
    publishedPostIds(db),
    db
      .select({ id: events.id, updatedAt: events.updatedAt })
      .from(events)
      .orderBy(desc(events.startsAt))
      .limit(5000),
    listPublishedEpisodes(db),
  ]);
  const entries = sitemapEntries(listedStaticPaths(), { posts, events: eventRows, episodes });
  const headers = new Headers({ 'Content-Type': 'application/xml; charset=utf-8' });
  cachePublicly(headers, 3600, 3600);
  return new Response(sitemapXml(siteUrl, entries), { headers });
};
