import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFound } from '~/platform/errors';
import { adminRecordRoutes } from '~/platform/http/adminRecords.server';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { readUpload } from '~/platform/http/uploads';
import { getStorage } from '~/platform/storage/index.server';
import { audioDurationSeconds } from '~/platform/storage/media.server';
import {
  createPassage,
  deletePassage,
  getAdminPassage,
  listAdminPassages,
  type ModelAudioType,
  passageLevels,
  setPassageAudio,
  updatePassage,
} from './adminPassages.server';
import { catalogueApi as api } from './catalogue.api';
import { MAX_MODEL_AUDIO_BYTES, MODEL_AUDIO_TYPES } from './catalogue.schema';

const AUDIO_TYPES = Object.keys(MODEL_AUDIO_TYPES) as ModelAudioType[];
const NO_PASSAGE = 'That passage';

/** The read-aloud passages: list, add, edit, delete, and each passage's model reading. */
export function adminPassageRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const storage = () => deps.storage ?? getStorage();

  adminRecordRoutes(app, deps, NO_PASSAGE, {
    list: [api.adminListPassages, listAdminPassages],
    create: [api.adminCreatePassage, createPassage],
    get: [api.adminGetPassage, getAdminPassage],
    update: [api.adminUpdatePassage, updatePassage],
  });

  route(app, deps, api.adminPassageLevels, async (c) => c.json(await passageLevels(deps.db), 200));

  route(app, deps, api.adminDeletePassage, async (c) => {
    const { id } = c.req.valid('param');
    const result = await deletePassage(deps.db, storage(), deps.logger, c.get('user').id, id);
    if (!result) throw notFound(NO_PASSAGE);
    return c.json({ deleted: true as const, recordings: result.recordings }, 200);
  });

  route(app, deps, api.adminUploadPassageAudio, async (c) => {
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
  });

  route(app, deps, api.adminDeletePassageAudio, async (c) => {
    const { id } = c.req.valid('param');
    const passage = await setPassageAudio(deps.db, storage(), deps.logger, c.get('user').id, id, null);
    if (!passage) throw notFound(NO_PASSAGE);
    return c.json(passage, 200);
  });
}
