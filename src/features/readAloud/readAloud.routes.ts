import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { DomainError, notFound } from '~/platform/errors';
import { uuidSchema } from '~/platform/http/common.schema';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { binaryContent, errorResponses } from '~/platform/http/contract';
import { requireAccount } from '~/platform/http/middleware.server';
import { readUpload } from '~/platform/http/uploads';
import { ownChildOr404 } from '~/platform/identity/accounts.server';
import { getStorage } from '~/platform/storage/index.server';
import { MAX_RECORDING_BYTES, RECORDING_TYPE_LIST, type RecordingType } from './readAloud';
import {
  passageSchema,
  passagesQuerySchema,
  recordingQuerySchema,
  recordingSchema,
} from './readAloud.schema';
import {
  deleteRecording,
  findPassage,
  findRecording,
  listPassages,
  listRecordings,
  saveRecording,
} from './readAloud.server';

const childParams = z.object({ id: uuidSchema });
const recordingParams = z.object({ id: uuidSchema, recordingId: uuidSchema });

/** Read-aloud practice: passages, and each child's attempts with their recordings (family only). */
export function readAloudRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const account = requireAccount(deps);
  const storage = () => deps.storage ?? getStorage();

  /** The family's own child, or 404 before anything is read or stored. */

  app.openapi(
    createRoute({
      method: 'get',
      path: '/passages',
      summary: 'Passages to read aloud, optionally of one reading level',
      operationId: 'listPassages',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { query: passagesQuerySchema },
      responses: {
        200: {
          description: 'Passages by level, then title',
          content: { 'application/json': { schema: z.array(passageSchema) } },
        },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => c.json(await listPassages(deps.db, c.req.valid('query').level), 200),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/children/{id}/recordings',
      summary: "A child's read-aloud attempts, newest first (the family only)",
      operationId: 'listRecordings',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: childParams },
      responses: {
        200: {
          description: 'Up to 100 attempts, newest first',
          content: { 'application/json': { schema: z.array(recordingSchema) } },
        },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const child = await ownChildOr404(deps.db, c.get('user').id, c.req.valid('param').id);
      return c.json(await listRecordings(deps.db, child.id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/children/{id}/recordings',
      summary:
        'Saves a read-aloud attempt. The passage and the time (1 s to 30 min) are query parameters; the body is the recording itself (audio/webm, audio/ogg, audio/mp4 or audio/mpeg, at most 10 MB), or nothing at all (no body, no Content-Type) for an attempt timed without the microphone. Words per minute are worked out here from the passage.',
      operationId: 'createRecording',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: {
        params: childParams,
        query: recordingQuerySchema,
        body: {
          required: false,
          content: binaryContent(RECORDING_TYPE_LIST),
        },
      },
      responses: {
        201: {
          description: 'The saved attempt',
          content: { 'application/json': { schema: recordingSchema } },
        },
        ...errorResponses(400, 401, 403, 404, 413),
      },
    }),
    async (c) => {
      const child = await ownChildOr404(deps.db, c.get('user').id, c.req.valid('param').id);
      const { passageId, durationMs } = c.req.valid('query');
      const passage = await findPassage(deps.db, passageId);
      if (!passage) {
        throw new DomainError('validation_failed', 'That passage is not in our library.', {
          passageId: 'Choose a passage from the list.',
        });
      }
      const length = c.req.header('content-length');
      const hasBody =
        c.req.header('content-type') !== undefined ||
        c.req.header('transfer-encoding') !== undefined ||
        (length !== undefined && length !== '0');
      const audio = hasBody
        ? await readUpload(c, {
            types: RECORDING_TYPE_LIST,
            maxBytes: MAX_RECORDING_BYTES,
            what: 'recording',
          })
        : undefined;
      const saved = await saveRecording(deps.db, storage(), {
        childId: child.id,
        passage,
        durationMs,
        audio: audio && { bytes: audio.bytes, type: audio.type as RecordingType },
      });
      return c.json(saved, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/children/{id}/recordings/{recordingId}/audio',
      summary: "An attempt's recording (the family only; never cached)",
      operationId: 'getRecordingAudio',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: recordingParams },
      responses: {
        200: {
          description: 'The audio, in the format it was recorded in',
          content: binaryContent(RECORDING_TYPE_LIST),
        },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const { id, recordingId } = c.req.valid('param');
      const child = await ownChildOr404(deps.db, c.get('user').id, id);
      const row = await findRecording(deps.db, child.id, recordingId);
      const stored = row?.audioPath ? await storage().stat(row.audioPath) : null;
      if (!row?.audioPath || !stored) throw notFound('That recording');
      const body = await storage().read(row.audioPath);
      return new Response(body, {
        status: 200,
        headers: {
          'Content-Type': row.audioType ?? stored.contentType,
          'Content-Length': String(stored.size),
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
          'Content-Disposition': 'inline',
        },
      }) as never;
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/children/{id}/recordings/{recordingId}',
      summary: 'Deletes an attempt and its recording for good',
      operationId: 'deleteRecording',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: recordingParams },
      responses: {
        200: {
          description: 'Deleted',
          content: { 'application/json': { schema: z.object({ deleted: z.literal(true) }) } },
        },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const { id, recordingId } = c.req.valid('param');
      const child = await ownChildOr404(deps.db, c.get('user').id, id);
      if (!(await deleteRecording(deps.db, storage(), child.id, recordingId))) throw notFound('That attempt');
      return c.json({ deleted: true as const }, 200);
    },
  );
}
