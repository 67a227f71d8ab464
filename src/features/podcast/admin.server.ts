import { and, eq, gt, isNotNull, isNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import { recordAudit } from '~/platform/admin/audit.server';
import type { AdminPage } from '~/platform/admin/list.schema';
import { containsSearch, orderOf, tablePage } from '~/platform/admin/list.server';
import type { Db, Tx } from '~/platform/db/client.server';
import { onlyRow } from '~/platform/db/client.server';
import { podcastEpisodes } from '~/platform/db/schema.server';
import { DomainError } from '~/platform/errors';
import { publicMediaUrl } from '~/platform/storage/mediaUrl.server';
import type {
  AdminEpisode,
  AdminEpisodeQuery,
  AdminEpisodeRow,
  EpisodeCreate,
  EpisodeState,
  EpisodeUpdate,
} from './admin.schema';

type EpisodeRecord = typeof podcastEpisodes.$inferSelect;

function episodeState(publishedAt: Date | null, now = new Date()): EpisodeState {
  if (!publishedAt) return 'draft';
  return publishedAt > now ? 'scheduled' : 'published';
}

export const hasAudio = (e: Pick<EpisodeRecord, 'audioPath' | 'audioUrl'>) =>
  Boolean(e.audioPath || e.audioUrl);

const toRow = (e: EpisodeRecord, now: Date): AdminEpisodeRow => ({
  id: e.id,
  guid: e.guid,
  title: e.title,
  episodeNumber: e.episodeNumber,
  state: episodeState(e.publishedAt, now),
  publishedAt: e.publishedAt?.toISOString() ?? null,
  durationSeconds: e.durationSeconds,
  hasAudio: hasAudio(e),
  updatedAt: e.updatedAt.toISOString(),
});

export function toAdminEpisode(e: EpisodeRecord, now = new Date()): AdminEpisode {
  const { hasAudio: _, durationSeconds, ...row } = toRow(e, now);
  const audio = e.audioUrl
    ? { source: 'url' as const, href: e.audioUrl }
    : e.audioPath
      ? { source: 'upload' as const, href: publicMediaUrl(e.audioPath) }
      : undefined;
  return {
    ...row,
    description: e.description,
    showNotes: e.showNotes,
    transcript: e.transcript,
    explicit: e.explicit,
    audio: audio
      ? { ...audio, bytes: e.audioBytes, type: e.audioType, durationSeconds: e.durationSeconds }
      : null,
    createdAt: e.createdAt.toISOString(),
  };
}

/** A page of episodes, searched (title, summary, guid, number) and filtered by state. */
export async function listEpisodes(
  db: Db,
  query: AdminEpisodeQuery,
  now = new Date(),
): Promise<AdminPage<AdminEpisodeRow>> {
  const { q, sort, dir, page, limit, state } = query;
  const byState: Record<EpisodeState, SQL | undefined> = {
    draft: isNull(podcastEpisodes.publishedAt),
    scheduled: gt(podcastEpisodes.publishedAt, now),
    published: and(isNotNull(podcastEpisodes.publishedAt), lte(podcastEpisodes.publishedAt, now)),
  };
  const where = and(
    containsSearch(q, [
      podcastEpisodes.title,
      podcastEpisodes.description,
      podcastEpisodes.guid,
      podcastEpisodes.episodeNumber,
    ]),
    state ? byState[state] : undefined,
  );
  const column = {
    episodeNumber: podcastEpisodes.episodeNumber,
    title: sql`lower(${podcastEpisodes.title})`,
    publishedAt: podcastEpisodes.publishedAt,
    durationSeconds: podcastEpisodes.durationSeconds,
    updatedAt: podcastEpisodes.updatedAt,
  }[sort];
  const order = orderOf(column as SQL, dir, podcastEpisodes.id);
  return tablePage(db, podcastEpisodes, where, order, { page, limit }, (r) => toRow(r, now));
}

export async function findEpisode(db: Db | Tx, id: string): Promise<EpisodeRecord | undefined> {
  const [row] = await db.select().from(podcastEpisodes).where(eq(podcastEpisodes.id, id)).limit(1);
  return row;
}

/** The episode, locked until the transaction ends: two changes to its audio never cross. */
export async function lockEpisode(tx: Tx, id: string): Promise<EpisodeRecord | undefined> {
  const [row] = await tx.select().from(podcastEpisodes).where(eq(podcastEpisodes.id, id)).for('update');
  return row;
}

const NO_AUDIO_TO_PUBLISH =
  'Add the audio (upload a file or give its address) before publishing; keep it as a draft until then.';

/** Podcast apps and listeners would get an episode that cannot play: refused. */
function refusePublishingWithoutAudio(e: Pick<EpisodeRecord, 'audioPath' | 'audioUrl' | 'publishedAt'>) {
  if (e.publishedAt && !hasAudio(e)) {
    throw new DomainError('conflict', 'An episode without audio cannot be published.', {
      publishedAt: NO_AUDIO_TO_PUBLISH,
    });
  }
}

/** Two episodes with one number confuse listeners and podcast apps alike. */
async function refuseTakenNumber(tx: Tx, episodeNumber: number | null | undefined, exceptId?: string) {
  if (episodeNumber == null) return;
  const [taken] = await tx
    .select({ title: podcastEpisodes.title })
    .from(podcastEpisodes)
    .where(
      and(
        eq(podcastEpisodes.episodeNumber, episodeNumber),
        exceptId ? ne(podcastEpisodes.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken) {
    throw new DomainError('conflict', `Episode ${episodeNumber} already exists.`, {
      episodeNumber: `“${taken.title}” is already episode ${episodeNumber}. Choose another number.`,
    });
  }
}

const publicationOf = (value: string | null | undefined, now: Date) =>
  value === undefined ? undefined : value === null ? null : value === 'now' ? now : new Date(value);

/** The columns an external address sets: it replaces any uploaded file. */
function externalAudio(input: EpisodeUpdate) {
  if (input.audioUrl === undefined) return {};
  if (input.audioUrl === null) {
    return { audioUrl: null, audioBytes: null, audioType: null, durationSeconds: null };
  }
  return {
    audioUrl: input.audioUrl,
    audioPath: null,
    audioBytes: input.audioBytes ?? null,
    audioType: input.audioType ?? null,
    durationSeconds: input.durationSeconds ?? null,
  };
}

/** Creates an episode with a new guid (kept for ever); a draft unless it has audio and a date. */
export async function createEpisode(db: Db, actorId: string, input: EpisodeCreate, now = new Date()) {
  return db.transaction(async (tx) => {
    await refuseTakenNumber(tx, input.episodeNumber);
    const values = {
      guid: crypto.randomUUID(),
      title: input.title,
      description: input.description,
      showNotes: input.showNotes ?? '',
      transcript: input.transcript ?? '',
      episodeNumber: input.episodeNumber ?? null,
      explicit: input.explicit ?? false,
      publishedAt: publicationOf(input.publishedAt, now) ?? null,
      audioPath: null,
      audioUrl: null,
      ...externalAudio(input),
    };
    refusePublishingWithoutAudio(values);
    const row = onlyRow(await tx.insert(podcastEpisodes).values(values).returning());
    await recordAudit(tx, actorId, 'podcast_episode.create', row.id, {
      title: row.title,
      state: episodeState(row.publishedAt, now),
    });
    return toAdminEpisode(row, now);
  });
}

const EDITABLE = ['title', 'description', 'showNotes', 'transcript', 'episodeNumber', 'explicit'] as const;

/**
 * Changes an episode. Answers the episode and the stored file the change made unused (switching
 * to an external address), for the caller to delete once the change is saved; undefined when
 * there is no such episode.
 */
export async function updateEpisode(
  db: Db,
  actorId: string,
  id: string,
  input: EpisodeUpdate,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const before = await lockEpisode(tx, id);
    if (!before) return undefined;
    if (input.episodeNumber !== before.episodeNumber) await refuseTakenNumber(tx, input.episodeNumber, id);
    const change: Partial<EpisodeRecord> = { ...externalAudio(input) };
    for (const key of EDITABLE) {
      if (input[key] !== undefined) Object.assign(change, { [key]: input[key] });
    }
    const publishedAt = publicationOf(input.publishedAt, now);
    if (publishedAt !== undefined) change.publishedAt = publishedAt;
    // Removing external audio means nothing for an episode whose audio is an upload.
    if (input.audioUrl === null && !before.audioUrl) {
      for (const key of ['audioUrl', 'audioBytes', 'audioType', 'durationSeconds'] as const)
        delete change[key];
    }
    const changed = (Object.keys(change) as (keyof EpisodeRecord)[]).filter(
      (key) => String(change[key] ?? null) !== String(before[key] ?? null),
    );
    const after = { ...before, ...change };
    refusePublishingWithoutAudio(after);
    if (changed.length === 0) return { episode: toAdminEpisode(before, now), unusedKey: null };
    const [row] = await tx
      .update(podcastEpisodes)
      .set({ ...change, updatedAt: now })
      .where(eq(podcastEpisodes.id, id))
      .returning();
    if (!row) return undefined;
    const was = episodeState(before.publishedAt, now);
    const is = episodeState(row.publishedAt, now);
    const action =
      was === 'draft' && is !== 'draft'
        ? 'podcast_episode.publish'
        : was !== 'draft' && is === 'draft'
          ? 'podcast_episode.unpublish'
          : 'podcast_episode.update';
    await recordAudit(tx, actorId, action, id, {
      title: row.title,
      // The audio columns change together: one word for them in the log.
      changed: [
        ...changed.filter((k) => !k.startsWith('audio') && k !== 'durationSeconds'),
        ...(changed.some((k) => k.startsWith('audio') || k === 'durationSeconds') ? ['audio'] : []),
      ],
    });
    const unusedKey = before.audioPath && !row.audioPath ? before.audioPath : null;
    return { episode: toAdminEpisode(row, now), unusedKey };
  });
}

/** Deletes an episode; answers its stored file (to delete once the row is gone), or undefined when there is none. */
export async function deleteEpisode(db: Db, actorId: string, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(podcastEpisodes).where(eq(podcastEpisodes.id, id)).returning();
    if (!row) return undefined;
    await recordAudit(tx, actorId, 'podcast_episode.delete', id, {
      title: row.title,
      guid: row.guid,
      wasPublished: row.publishedAt !== null,
    });
    return { unusedKey: row.audioPath };
  });
}
