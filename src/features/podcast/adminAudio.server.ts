import { eq } from 'drizzle-orm';
import { type AuditAction, recordAudit } from '~/platform/admin/audit.server';
import type { Db, Tx } from '~/platform/db/client.server';
import { podcastEpisodes } from '~/platform/db/schema.server';
import { DomainError } from '~/platform/errors';
import { hasAudio, lockEpisode, toAdminEpisode } from './admin.server';
import { EPISODE_UPLOAD_TYPES, type EpisodeUploadType, sniffAudioType } from './audioFiles';

type AudioColumns = Pick<
  typeof podcastEpisodes.$inferInsert,
  'audioPath' | 'audioUrl' | 'audioBytes' | 'audioType' | 'durationSeconds'
>;

/**
 * Writes a locked episode's new audio columns and the audit line (the title, then `details`);
 * answers the episode and the file it no longer uses, or undefined when the row is gone.
 */
async function saveAudio(
  tx: Tx,
  actorId: string,
  before: { id: string; audioPath: string | null },
  audio: AudioColumns,
  action: AuditAction,
  details: Record<string, unknown>,
  now: Date,
) {
  const [row] = await tx
    .update(podcastEpisodes)
    .set({ ...audio, updatedAt: now })
    .where(eq(podcastEpisodes.id, before.id))
    .returning();
  if (!row) return undefined;
  await recordAudit(tx, actorId, action, before.id, { title: row.title, ...details });
  return { episode: toAdminEpisode(row, now), unusedKey: before.audioPath };
}

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
    const columns = {
      audioPath: audio.key,
      audioUrl: null,
      audioBytes: audio.bytes,
      audioType: audio.type,
      durationSeconds: audio.durationSeconds,
    };
    const details = { bytes: audio.bytes, type: audio.type, durationSeconds: audio.durationSeconds };
    return saveAudio(tx, actorId, before, columns, 'podcast_episode.audio_upload', details, now);
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
    const none = {
      audioPath: null,
      audioUrl: null,
      audioBytes: null,
      audioType: null,
      durationSeconds: null,
    };
    return saveAudio(tx, actorId, before, none, 'podcast_episode.audio_remove', {}, now);
  });
}

/**
 * An uploaded episode file's stored type and extension, once its bytes are the type it claims: that
 * is the type the file is served and announced in the feed as.
 */
export function checkedEpisodeAudio(bytes: Uint8Array, type: EpisodeUploadType) {
  const kind = EPISODE_UPLOAD_TYPES[type];
  if (sniffAudioType(bytes) !== kind.stored) {
    throw new DomainError('validation_failed', 'This file is not the audio it says it is.', {
      body: 'Send an MP3, M4A or Ogg audio file.',
    });
  }
  return kind;
}
