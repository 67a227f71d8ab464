import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { DomainError, notFound } from '~/platform/errors';
import { uuidSchema } from '~/platform/http/common.schema';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { binaryContent, errorResponses, json } from '~/platform/http/contract';
import { requireAdmin } from '~/platform/http/middleware.server';
import { readUpload } from '~/platform/http/uploads';
import { getStorage } from '~/platform/storage/index.server';
import { audioDurationSeconds } from '~/platform/storage/media.server';
import {
  adminEpisodePageSchema,
  adminEpisodeQuerySchema,
  adminEpisodeSchema,
  episodeCreateSchema,
  episodeUpdateSchema,
} from './admin.schema';
import {
  createEpisode,
  deleteEpisode,
  findEpisode,
  listEpisodes,
  toAdminEpisode,
  updateEpisode,
} from './admin.server';
import { attachAudio, removeAudio } from './adminAudio.server';
import {
  EPISODE_UPLOAD_TYPES,
  type EpisodeUploadType,
  MAX_EPISODE_AUDIO_BYTES,
  sniffAudioType,
} from './audioFiles';

const idParams = z.object({ id: uuidSchema });

/** Administrators only: podcast episodes (the admin console). Every route sits under /api/admin and uses requireAdmin. */
export function adminPodcastRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const storage = () => deps.storage ?? getStorage();
  const admin = requireAdmin(deps);

  /** A file the database no longer names: removed after the change is saved, never before. */
  const discard = async (key: string | null | undefined) => {
    if (!key) return;
    try {
      await storage().delete(key);
    } catch (error) {
      // The change is saved; a leftover file costs disk space, not correctness.
      deps.logger.warn({ key, error: String(error) }, 'could not delete an unused podcast file');
    }
  };

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/podcast',
      summary: 'Podcast episodes, drafts included (administrators only)',
      operationId: 'adminListPodcastEpisodes',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { query: adminEpisodeQuerySchema },
      responses: {
        200: { description: 'A page of episodes', content: json(adminEpisodePageSchema) },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => c.json(await listEpisodes(deps.db, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/admin/podcast',
      summary: 'Creates an episode; its guid is chosen here and never changes (administrators only)',
      operationId: 'adminCreatePodcastEpisode',
      description:
        'Audio comes from an external https address given here, or from POST /admin/podcast/{id}/audio afterwards. An episode without audio can only be a draft (409).',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { body: { content: json(episodeCreateSchema), required: true } },
      responses: {
        201: { description: 'The new episode', content: json(adminEpisodeSchema) },
        ...errorResponses(400, 401, 403, 409, 413),
      },
    }),
    async (c) => c.json(await createEpisode(deps.db, c.get('user').id, c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/podcast/{id}',
      summary: 'One episode with its show notes, transcript and audio (administrators only)',
      operationId: 'adminGetPodcastEpisode',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { params: idParams },
      responses: {
        200: { description: 'The episode', content: json(adminEpisodeSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const row = await findEpisode(deps.db, c.req.valid('param').id);
      if (!row) throw notFound('That episode');
      return c.json(toAdminEpisode(row), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/admin/podcast/{id}',
      summary: 'Changes an episode: words, number, publication, external audio (administrators only)',
      operationId: 'adminUpdatePodcastEpisode',
      description:
        'publishedAt null makes it a draft again. Giving audioUrl replaces an uploaded file (which is deleted); audioUrl null removes external audio. Publishing without audio answers 409.',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { params: idParams, body: { content: json(episodeUpdateSchema), required: true } },
      responses: {
        200: { description: 'The episode, changed', content: json(adminEpisodeSchema) },
        ...errorResponses(400, 401, 403, 404, 409, 413),
      },
    }),
    async (c) => {
      const result = await updateEpisode(
        deps.db,
        c.get('user').id,
        c.req.valid('param').id,
        c.req.valid('json'),
      );
      if (!result) throw notFound('That episode');
      await discard(result.unusedKey);
      return c.json(result.episode, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/admin/podcast/{id}',
      summary: 'Deletes an episode and its uploaded audio (administrators only)',
      operationId: 'adminDeletePodcastEpisode',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { params: idParams },
      responses: {
        204: { description: 'Deleted' },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const result = await deleteEpisode(deps.db, c.get('user').id, c.req.valid('param').id);
      if (!result) throw notFound('That episode');
      await discard(result.unusedKey);
      return c.body(null, 204);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/admin/podcast/{id}/audio',
      summary: "Uploads an episode's audio as the raw body: MP3, M4A or Ogg (administrators only)",
      operationId: 'adminUploadPodcastAudio',
      description: `At most ${MAX_EPISODE_AUDIO_BYTES / 1024 / 1024} MB. The length is read from the file; the file is stored under a new random name and any earlier file is deleted.`,
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: {
        params: idParams,
        body: {
          required: true,
          content: binaryContent(Object.keys(EPISODE_UPLOAD_TYPES)),
        },
      },
      responses: {
        200: { description: 'The episode with its new audio', content: json(adminEpisodeSchema) },
        ...errorResponses(400, 401, 403, 404, 413),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      // Before reading up to 100 MB: an unknown episode is answered at once.
      if (!(await findEpisode(deps.db, id))) throw notFound('That episode');
      const upload = await readUpload(c, {
        types: Object.keys(EPISODE_UPLOAD_TYPES),
        maxBytes: MAX_EPISODE_AUDIO_BYTES,
        what: 'audio file',
      });
      const { stored, extension } = EPISODE_UPLOAD_TYPES[upload.type as EpisodeUploadType];
      // The bytes must be the type claimed: it is the type the file is served and announced as.
      if (sniffAudioType(upload.bytes) !== stored) {
        throw new DomainError('validation_failed', 'This file is not the audio it says it is.', {
          body: 'Send an MP3, M4A or Ogg audio file.',
        });
      }
      const durationSeconds = await audioDurationSeconds(upload.bytes, stored);
      // A random name: nobody can guess the address of a draft's audio.
      const key = `podcast/${crypto.randomUUID()}.${extension}`;
      await storage().put(key, upload.bytes);
      let result: Awaited<ReturnType<typeof attachAudio>>;
      try {
        result = await attachAudio(deps.db, c.get('user').id, id, {
          key,
          bytes: upload.bytes.byteLength,
          type: stored,
          durationSeconds,
        });
      } catch (error) {
        await discard(key);
        throw error;
      }
      if (!result) {
        await discard(key);
        throw notFound('That episode');
      }
      await discard(result.unusedKey);
      return c.json(result.episode, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/admin/podcast/{id}/audio',
      summary: "Removes a draft episode's audio, uploaded or external (administrators only)",
      operationId: 'adminDeletePodcastAudio',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { params: idParams },
      responses: {
        200: { description: 'The episode, without audio', content: json(adminEpisodeSchema) },
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const result = await removeAudio(deps.db, c.get('user').id, c.req.valid('param').id);
      if (!result) throw notFound('That episode');
      await discard(result.unusedKey);
      return c.json(result.episode, 200);
    },
  );
}
