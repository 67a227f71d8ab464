import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFound } from '~/platform/errors';
import { adminRecordRoutes } from '~/platform/http/adminRecords.server';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { readUpload } from '~/platform/http/uploads';
import { getStorage } from '~/platform/storage/index.server';
import { audioDurationSeconds } from '~/platform/storage/media.server';
import {
  createEpisode,
  deleteEpisode,
  findEpisode,
  listEpisodes,
  toAdminEpisode,
  updateEpisode,
} from './admin.server';
import { attachAudio, checkedEpisodeAudio, removeAudio } from './adminAudio.server';
import { EPISODE_UPLOAD_TYPES, type EpisodeUploadType, MAX_EPISODE_AUDIO_BYTES } from './audioFiles';
import { podcastApi as api } from './podcast.api';

/** Administrators only: podcast episodes (the admin console). Every route sits under /api/admin and uses requireAdmin. */
export function adminPodcastRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  episodeRoutes(app, deps);
  audioRoutes(app, deps);
}

const storageOf = (deps: ApiDeps) => deps.storage ?? getStorage();

/** A file the database no longer names: removed after the change is saved, never before. */
async function discard(deps: ApiDeps, key: string | null | undefined) {
  if (!key) return;
  try {
    await storageOf(deps).delete(key);
  } catch (error) {
    // The change is saved; a leftover file costs disk space, not correctness.
    deps.logger.warn({ key, error: String(error) }, 'could not delete an unused podcast file');
  }
}

/** The episodes' list, creation, reading, changes and deletion. */
function episodeRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  adminRecordRoutes(app, deps, 'That episode', {
    list: [api.adminList, listEpisodes],
    create: [api.adminCreate, createEpisode],
    get: [api.adminGet, async (db, id) => findEpisode(db, id).then((row) => row && toAdminEpisode(row))],
  });

  route(app, deps, api.adminUpdate, async (c) => {
    const result = await updateEpisode(
      deps.db,
      c.get('user').id,
      c.req.valid('param').id,
      c.req.valid('json'),
    );
    if (!result) throw notFound('That episode');
    await discard(deps, result.unusedKey);
    return c.json(result.episode, 200);
  });

  route(app, deps, api.adminDelete, async (c) => {
    const result = await deleteEpisode(deps.db, c.get('user').id, c.req.valid('param').id);
    if (!result) throw notFound('That episode');
    await discard(deps, result.unusedKey);
    return c.body(null, 204);
  });
}

/** An episode's audio: uploaded (checked, measured, stored under a random name) or removed. */
function audioRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.adminUploadAudio, async (c) => {
    const { id } = c.req.valid('param');
    // Before reading up to 100 MB: an unknown episode is answered at once.
    if (!(await findEpisode(deps.db, id))) throw notFound('That episode');
    const upload = await readUpload(c, {
      types: Object.keys(EPISODE_UPLOAD_TYPES),
      maxBytes: MAX_EPISODE_AUDIO_BYTES,
      what: 'audio file',
    });
    const { stored, extension } = checkedEpisodeAudio(upload.bytes, upload.type as EpisodeUploadType);
    const durationSeconds = await audioDurationSeconds(upload.bytes, stored);
    // A random name: nobody can guess the address of a draft's audio.
    const key = `podcast/${crypto.randomUUID()}.${extension}`;
    await storageOf(deps).put(key, upload.bytes);
    let result: Awaited<ReturnType<typeof attachAudio>>;
    try {
      result = await attachAudio(deps.db, c.get('user').id, id, {
        key,
        bytes: upload.bytes.byteLength,
        type: stored,
        durationSeconds,
      });
    } catch (error) {
      await discard(deps, key);
      throw error;
    }
    if (!result) {
      await discard(deps, key);
      throw notFound('That episode');
    }
    await discard(deps, result.unusedKey);
    return c.json(result.episode, 200);
  });

  route(app, deps, api.adminDeleteAudio, async (c) => {
    const result = await removeAudio(deps.db, c.get('user').id, c.req.valid('param').id);
    if (!result) throw notFound('That episode');
    await discard(deps, result.unusedKey);
    return c.json(result.episode, 200);
  });
}
