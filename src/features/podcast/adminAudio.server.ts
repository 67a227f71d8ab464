import { eq } from 'drizzle-orm';
import { recordAudit } from '~/platform/admin/audit.server';
import type { Db } from '~/platform/db/client.server';
import { podcastEpisodes } from '~/platform/db/schema.server';
import { DomainError } from '~/platform/errors';
import { hasAudio, lockEpisode, toAdminEpisode } from './admin.server';

/**
 * Makes a stored file the episode's audio (replacing an earlier file or an external address).
 * Answers the episode and the file it replaced, or undefined when there is no such episode.
 */
export async function attachAudio(
  db: Db,
  actorId: string,
  id: string,
  audio: { key: string; bytes: number; type: string; durationSeconds: number },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const before = await lockEpisode(tx, id);
    if (!before) return undefined;
    const [row] = await tx
      .update(podcastEpisodes)
      .set({
        audioPath: audio.key,
        audioUrl: null,
        audioBytes: audio.bytes,
        audioType: audio.type,
        durationSeconds: audio.durationSeconds,
        updatedAt: now,
      })
      .where(eq(podcastEpisodes.id, id))
      .returning();
    if (!row) return undefined;
    await recordAudit(tx, {
      actorId,
      action: 'podcast_episode.audio_upload',
      entity: 'podcast_episode',
      entityId: id,
      details: {
        title: row.title,
        bytes: audio.bytes,
        type: audio.type,
        durationSeconds: audio.durationSeconds,
      },
    });
    return { episode: toAdminEpisode(row, now), unusedKey: before.audioPath };
  });
}

/** Takes an unpublished episode's audio away (file or address); answers the file to delete. */
export async function removeAudio(db: Db, actorId: string, id: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const before = await lockEpisode(tx, id);
    if (!before) return undefined;
    if (before.publishedAt) {
      throw new DomainError(
        'conflict',
        'A published or scheduled episode must keep its audio: upload a replacement, or make it a draft first.',
      );
    }
    if (!hasAudio(before)) return { episode: toAdminEpisode(before, now), unusedKey: null };
    const [row] = await tx
      .update(podcastEpisodes)
      .set({
        audioPath: null,
        audioUrl: null,
        audioBytes: null,
        audioType: null,
        durationSeconds: null,
        updatedAt: now,
      })
      .where(eq(podcastEpisodes.id, id))
      .returning();
    if (!row) return undefined;
    await recordAudit(tx, {
      actorId,
      action: 'podcast_episode.audio_remove',
      entity: 'podcast_episode',
      entityId: id,
      details: { title: row.title },
    });
    return { episode: toAdminEpisode(row, now), unusedKey: before.audioPath };
  });
}
