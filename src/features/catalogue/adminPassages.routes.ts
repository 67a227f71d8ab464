import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { adminPageSchema } from '~/platform/admin/list.schema';
import { notFound } from '~/platform/errors';
import { uuidSchema } from '~/platform/http/common.schema';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { binaryContent, errorResponses, json } from '~/platform/http/contract';
import { requireAdmin } from '~/platform/http/middleware.server';
import { readUpload } from '~/platform/http/uploads';
import { getStorage } from '~/platform/storage/index.server';
import { audioDurationSeconds } from '~/platform/storage/media.server';
import {
  createPassage,
  deletePassage,
  getAdminPassage,
  listAdminPassages,
  type ModelAudioType,
  setPassageAudio,
  updatePassage,
} from './adminPassages.server';
import {
  adminPassageDetailSchema,
  adminPassageSchema,
  MAX_MODEL_AUDIO_BYTES,
  MODEL_AUDIO_TYPES,
  passageInputSchema,
  passageListQuerySchema,
  passagePatchSchema,
} from './catalogue.schema';

const idParams = z.object({ id: uuidSchema });
const deletedSchema = z
  .object({ deleted: z.literal(true), recordings: z.int() })
  .meta({ id: 'AdminPassageDeleted' });
const AUDIO_TYPES = Object.keys(MODEL_AUDIO_TYPES) as ModelAudioType[];
const NO_PASSAGE = 'That passage';

/** The read-aloud passages: list, add, edit, delete, and each passage's model reading. */
export function adminPassageRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const admin = requireAdmin(deps);
  const storage = () => deps.storage ?? getStorage();

  app.openapi(
    createRoute({
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      method: 'get',
      path: '/admin/passages',
      summary: 'Read-aloud passages, searched by title or text, sorted and paged (administrators only)',
      operationId: 'adminListPassages',
      request: { query: passageListQuerySchema },
      responses: {
        200: {
          description: 'A page of passages',
          content: json(adminPageSchema(adminPassageSchema, 'AdminPassagePage')),
        },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => c.json(await listAdminPassages(deps.db, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      method: 'post',
      path: '/admin/passages',
      summary: 'Adds a passage; its words are counted on the server',
      operationId: 'adminCreatePassage',
      request: { body: { content: json(passageInputSchema), required: true } },
      responses: {
        201: { description: 'The new passage', content: json(adminPassageSchema) },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => c.json(await createPassage(deps.db, c.get('user').id, c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      method: 'get',
      path: '/admin/passages/{id}',
      summary: 'One passage with its text, and how many attempts children made at it',
      operationId: 'adminGetPassage',
      request: { params: idParams },
      responses: {
        200: { description: 'The passage', content: json(adminPassageDetailSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const passage = await getAdminPassage(deps.db, c.req.valid('param').id);
      if (!passage) throw notFound(NO_PASSAGE);
      return c.json(passage, 200);
    },
  );

  app.openapi(
    createRoute({
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      method: 'patch',
      path: '/admin/passages/{id}',
      summary: 'Changes the fields sent; a new text is counted again',
      operationId: 'adminUpdatePassage',
      request: { params: idParams, body: { content: json(passagePatchSchema), required: true } },
      responses: {
        200: { description: 'The passage as saved', content: json(adminPassageDetailSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const passage = await updatePassage(deps.db, c.get('user').id, id, c.req.valid('json'));
      if (!passage) throw notFound(NO_PASSAGE);
      return c.json(passage, 200);
    },
  );

  app.openapi(
    createRoute({
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      method: 'delete',
      path: '/admin/passages/{id}',
      summary: "Deletes a passage and its model reading; children's attempts keep their times",
      operationId: 'adminDeletePassage',
      request: { params: idParams },
      responses: {
        200: { description: 'Deleted, with how many attempts named it', content: json(deletedSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const result = await deletePassage(deps.db, storage(), deps.logger, c.get('user').id, id);
      if (!result) throw notFound(NO_PASSAGE);
      return c.json({ deleted: true as const, recordings: result.recordings }, 200);
    },
  );

  app.openapi(
    createRoute({
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      method: 'post',
      path: '/admin/passages/{id}/audio',
      summary: `Sets or replaces the model reading: MP3, M4A, OGG, WebM or WAV as the raw body, at most ${MAX_MODEL_AUDIO_BYTES / 1024 / 1024} MB`,
      operationId: 'adminUploadPassageAudio',
      request: {
        params: idParams,
        body: {
          required: true,
          content: binaryContent(AUDIO_TYPES),
        },
      },
      responses: {
        200: { description: 'The passage with its model reading', content: json(adminPassageSchema) },
        ...errorResponses(400, 401, 403, 404, 413),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      if (!(await getAdminPassage(deps.db, id))) throw notFound(NO_PASSAGE);
      const upload = await readUpload(c, {
        types: AUDIO_TYPES,
        maxBytes: MAX_MODEL_AUDIO_BYTES,
        what: 'recording',
      });
      const type = upload.type as ModelAudioType;
      // Reading the length proves the file is audio of the type it claims before it is kept.
      const seconds = await audioDurationSeconds(upload.bytes, type);
      const audio = { bytes: upload.bytes, type, seconds };
      const passage = await setPassageAudio(deps.db, storage(), deps.logger, c.get('user').id, id, audio);
      if (!passage) throw notFound(NO_PASSAGE);
      return c.json(passage, 200);
    },
  );

  app.openapi(
    createRoute({
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      method: 'delete',
      path: '/admin/passages/{id}/audio',
      summary: 'Removes the model reading',
      operationId: 'adminDeletePassageAudio',
      request: { params: idParams },
      responses: {
        200: { description: 'The passage without a model reading', content: json(adminPassageSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const passage = await setPassageAudio(deps.db, storage(), deps.logger, c.get('user').id, id, null);
      if (!passage) throw notFound(NO_PASSAGE);
      return c.json(passage, 200);
    },
  );
}
