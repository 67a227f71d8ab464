import { and, desc, eq, isNotNull, lte, or } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { podcastEpisodes } from '~/platform/db/schema.server';
import { pagePath } from '~/platform/routes';
import { publicMediaUrl } from '~/platform/storage/mediaUrl.server';
import { buildPodcastFeed, type FeedItem } from './feed';
import { PODCAST, transcriptPath } from './podcast';

export type Episode = typeof podcastEpisodes.$inferSelect;

/** Published (on or before now) and with audio to play: what listeners may see. */
const listenable = (now: Date) =>
  and(
    isNotNull(podcastEpisodes.publishedAt),
    lte(podcastEpisodes.publishedAt, now),
    or(isNotNull(podcastEpisodes.audioPath), isNotNull(podcastEpisodes.audioUrl)),
  );

/** Published episodes, newest first. */
export async function listPublishedEpisodes(db: Db, now = new Date()): Promise<Episode[]> {
  return db
    .select()
    .from(podcastEpisodes)
    .where(listenable(now))
    .orderBy(desc(podcastEpisodes.publishedAt), desc(podcastEpisodes.episodeNumber));
}

/** One published episode by its guid, or undefined (unknown or not yet published). */
export async function findPublishedEpisode(db: Db, guid: string, now = new Date()) {
  const [row] = await db
    .select()
    .from(podcastEpisodes)
    .where(and(eq(podcastEpisodes.guid, guid), listenable(now)))
    .limit(1);
  return row;
}

/**
 * Where an episode's audio is: its external URL, or the stored file's public address (the CDN's
 * when there is one; else the site's /media route, absolute on `site` for the feed, relative on
 * the page so it always plays from where the page came from).
 */
export function audioHref(episode: Episode, site?: URL): string {
  if (episode.audioUrl) return episode.audioUrl;
  const path = publicMediaUrl(episode.audioPath ?? '');
  return site ? new URL(path, site).href : path;
}

/** The feed for these episodes, with every address absolute on `site`. */
export function podcastFeedXml(episodes: readonly Episode[], site: URL, now = new Date()): string {
  const abs = (path: string) => new URL(path, site).href;
  const items: FeedItem[] = episodes.map((e) => ({
    guid: e.guid,
    title: e.title,
    description: e.description,
    showNotes: e.showNotes,
    link: abs(pagePath('/podcast', { hash: `episode-${e.guid}` })),
    enclosure: { url: audioHref(e, site), bytes: e.audioBytes ?? 0, type: e.audioType ?? 'audio/mpeg' },
    durationSeconds: e.durationSeconds ?? 0,
    episodeNumber: e.episodeNumber,
    explicit: e.explicit,
    publishedAt: e.publishedAt ?? now,
    ...(e.transcript
      ? { transcript: { url: abs(transcriptPath(e.guid)), type: 'text/plain', language: PODCAST.language } }
      : {}),
  }));
  return buildPodcastFeed(
    {
      title: PODCAST.title,
      description: PODCAST.description,
      link: abs(pagePath('/podcast')),
      feedUrl: abs(PODCAST.feedPath),
      imageUrl: abs(PODCAST.coverPath),
      language: PODCAST.language,
      copyright: `© ${now.getUTCFullYear()} Quill Reads`,
      author: PODCAST.author,
      owner: PODCAST.owner,
      category: PODCAST.category,
      explicit: false,
      podcastGuid: PODCAST.guid,
    },
    items,
  );
}
