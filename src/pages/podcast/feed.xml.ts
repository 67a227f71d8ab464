import type { APIRoute } from 'astro';
import { listPublishedEpisodes, podcastFeedXml } from '~/features/podcast/podcast.server';
import { cachePublicly } from '~/platform/http/pageCache';
import { siteUrl } from '~/platform/publicConfig';
import { getDatabase } from '~/platform/runtime.server';

// On demand, so an episode published a minute ago is in the feed without a rebuild (decision 10).
export const prerender = false;

export const GET: APIRoute = async () => {
  const { db } = await getDatabase();
  const episodes = await listPublishedEpisodes(db);
  const headers = new Headers({ 'Content-Type': 'application/rss+xml; charset=utf-8' });
  cachePublicly(headers, 300, 3600);
  return new Response(podcastFeedXml(episodes, siteUrl), { headers });
};
