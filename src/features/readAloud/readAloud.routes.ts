import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFound } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { readUpload } from '~/platform/http/uploads';
import { ownChildOr404 } from '~/platform/identity/accounts.server';
import { getStorage } from '~/platform/storage/index.server';
import { reserveUpload, uploadQuotas } from '~/platform/storage/quotas.server';
import { fluencyTrend } from './fluencyTrend.server';
import { saveHeard } from './heard.server';
import { childPortfolio, portfolioReadingCheck } from './portfolio.server';
import { MAX_RECORDING_BYTES, RECORDING_TYPE_LIST, type RecordingType } from './readAloud';
import { readAloudApi as api } from './readAloud.api';
import {
  deleteRecording,
  findRecording,
  listPassages,
  listRecordings,
  passageListening,
  passageToRead,
  recordingAudio,
  saveRecording,
} from './readAloud.server';

/** Read-aloud practice: passages, and each child's attempts with their recordings (the family; the child's reading guide has its own routes). */
export function readAloudRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  // Read now, as the API is built: a bad quota setting stops the server at start.
  uploadQuotas();

  route(app, deps, api.passages, async (c) =>
    c.json(await listPassages(deps.db, c.req.valid('query').level), 200),
  );

  route(app, deps, api.listening, async (c) =>
    c.json(await passageListening(deps.db, c.req.valid('param').id), 200),
  );

  route(app, deps, api.recordings, async (c) => {
    const child = await ownChildOr404(deps.db, c.get('user').id, c.req.valid('param').id);
    return c.json(await listRecordings(deps.db, child.id), 200);
  });

  route(app, deps, api.fluency, async (c) => {
    const child = await ownChildOr404(deps.db, c.get('user').id, c.req.valid('param').id);
    return c.json(await fluencyTrend(deps.db, child), 200);
  });

  route(app, deps, api.portfolio, async (c) => {
    const child = await ownChildOr404(deps.db, c.get('user').id, c.req.valid('param').id);
    return c.json(await childPortfolio(deps.db, child), 200);
  });

  route(app, deps, api.saveHeard, async (c) => {
    const { id, recordingId } = c.req.valid('param');
    const child = await ownChildOr404(deps.db, c.get('user').id, id);
    return c.json(await saveHeard(deps.db, child.id, recordingId, c.req.valid('json')), 200);
  });

  newAttemptRoute(app, deps);
  recordingRoutes(app, deps);
}

const storageOf = (deps: ApiDeps) => deps.storage ?? getStorage();

/** A new attempt, with its recording when the body carries one (counted in the daily quota). */
function newAttemptRoute(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.createRecording, async (c) => {
    const child = await ownChildOr404(deps.db, c.get('user').id, c.req.valid('param').id);
    const { passageId, durationMs } = c.req.valid('query');
    const passage = await passageToRead(deps.db, passageId);
    // A portfolio passage is read only as the child's own, when due (409 before any upload is read).
    const portfolio = await portfolioReadingCheck(deps.db, child, passage);
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
    // Only a recording counts towards the account's daily quota (429 when over, nothing saved).
    const reservation =
      audio && (await reserveUpload(deps.db, c.get('user'), 'recording', audio.bytes.byteLength));
    try {
      const saved = await saveRecording(deps.db, storageOf(deps), {
        childId: child.id,
        passage,
        durationMs,
        audio: audio && { bytes: audio.bytes, type: audio.type as RecordingType },
        portfolio,
      });
      return c.json(saved, 201);
    } catch (error) {
      await reservation?.release().catch(() => {});
      throw error;
    }
  });
}

/** One attempt's recording: listened to, or deleted with its attempt. */
function recordingRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.recordingAudio, async (c) => {
    const { id, recordingId } = c.req.valid('param');
    const child = await ownChildOr404(deps.db, c.get('user').id, id);
    const row = await findRecording(deps.db, child.id, recordingId);
    return (await recordingAudio(storageOf(deps), row)) as never;
  });

  route(app, deps, api.deleteRecording, async (c) => {
    const { id, recordingId } = c.req.valid('param');
    const child = await ownChildOr404(deps.db, c.get('user').id, id);
    if (!(await deleteRecording(deps.db, storageOf(deps), child.id, recordingId)))
      throw notFound('That attempt');
    return c.json({ deleted: true as const }, 200);
  });
}
