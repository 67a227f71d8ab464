import type { APIRoute } from 'astro';
import { findPublishedEpisode } from '~/features/podcast/podcast.server';
import { cachePublicly } from '~/platform/http/pageCache';
import { getDatabase } from '~/platform/runtime.server';

// An episode's transcript as plain text: what podcast:transcript points apps to (decision 10).
export const prerender = false;

export const GET: APIRoute = async ({ params }) => {
  const { db } = await getDatabase();
  // Guids are plain text; anything else (a NUL byte, say) is simply not an episode.
  const guid = params.guid && /^[\w.:-]{1,200}$/.test(params.guid) ? params.guid : undefined;
  const episode = guid ? await findPublishedEpisode(db, guid) : undefined;
  if (!episode?.transcript) {
    return new Response('Not found', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const headers = new Headers({
    'Content-Type': 'text/plain; charset=utf-8',
    'X-Content-Type-Options': 'nosniff',
  });
  cachePublicly(headers);
  return new Response(`${episode.title}\n\n${episode.transcript}\n`, { headers });
};
