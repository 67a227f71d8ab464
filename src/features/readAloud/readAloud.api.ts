import * as z from 'zod';
import { idParamsSchema, uuidSchema } from '~/platform/http/common.schema';
import { binaryContent, contract } from '~/platform/http/contract';
import { RECORDING_TYPE_LIST } from './readAloud';
import {
  fluencyTrendSchema,
  heardFiguresSchema,
  heardInputSchema,
  passageListeningSchema,
  passageSchema,
  passagesQuerySchema,
  portfolioSchema,
  recordingQuerySchema,
  recordingSchema,
} from './readAloud.schema';

const childParams = idParamsSchema;
const recordingParams = z.object({ id: uuidSchema, recordingId: uuidSchema });

/** Read-aloud practice: passages, and each child's attempts with their recordings (the family; the child's reading guide has its own routes). */
export const readAloudApi = {
  passages: contract('listPassages', 'GET /passages', {
    summary: 'Passages to read aloud, optionally of one reading level',
    access: 'account',
    query: passagesQuerySchema,
    status: 200,
    response: z.array(passageSchema),
    returns: 'Passages by level, then title',
  }),
  listening: contract('getPassageListening', 'GET /passages/{id}/listening', {
    summary:
      "How each word of a passage may be said, so that the practice page can follow a reading on the family's own device (the audio never comes here)",
    access: 'account',
    params: idParamsSchema,
    status: 200,
    response: passageListeningSchema,
    returns: 'The pronunciations, word by word',
  }),
  recordings: contract('listRecordings', 'GET /children/{id}/recordings', {
    summary: "A child's read-aloud attempts, newest first (the family only)",
    access: 'account',
    params: childParams,
    status: 200,
    response: z.array(recordingSchema),
    returns: 'Up to 100 attempts, newest first',
  }),
  createRecording: contract('createRecording', 'POST /children/{id}/recordings', {
    summary:
      'Saves a read-aloud attempt. The passage and the time (1 s to 30 min) are query parameters; the body is the recording itself (audio/webm, audio/ogg, audio/mp4 or audio/mpeg, at most 10 MB), or nothing at all (no body, no Content-Type) for an attempt timed without the microphone. Words per minute are worked out here from the passage. Each account may upload 50 recordings or 150 MB in any 24 hours by default (429 with Retry-After beyond, nothing saved; attempts without a recording are not counted).',
    access: 'account',
    params: childParams,
    query: recordingQuerySchema,
    // The recording is the raw body, and optional (an attempt timed without the microphone).
    request: { body: { required: false, content: binaryContent(RECORDING_TYPE_LIST) } },
    status: 201,
    response: recordingSchema,
    returns: 'The saved attempt',
    // The account's daily quota of recordings; a portfolio passage read out of turn.
    errors: [409, 429],
  }),
  fluency: contract('getFluencyTrend', 'GET /children/{id}/fluency', {
    summary:
      "A child's words correct per minute across the readings counted by their reading guide or, surely enough, by listening on the family's device, oldest first, with the oral reading fluency norms for the child's grade and the season (the family only)",
    description:
      'The norms are Hasbrouck & Tindal (2017), 25th, 50th and 75th percentiles, for the school grade estimated from the child’s age (null outside grades 1 to 6, and for grade 1 in the fall). They describe unpracticed grade-level passages read for one minute.',
    access: 'account',
    params: childParams,
    status: 200,
    response: fluencyTrendSchema,
    returns: 'The trend and the norms',
  }),
  portfolio: contract('getVoicePortfolio', 'GET /children/{id}/portfolio', {
    summary:
      "A child's voice portfolio: the one passage they read every four weeks without practising it (kept out of the practice list), when the next reading opens, and the readings so far, oldest first (the family only). An attempt at the passage saved before it opens, or at another child's portfolio passage, is refused with 409.",
    access: 'account',
    params: childParams,
    status: 200,
    response: portfolioSchema,
    returns: 'The portfolio',
  }),
  recordingAudio: contract('getRecordingAudio', 'GET /children/{id}/recordings/{recordingId}/audio', {
    summary:
      "An attempt's recording (the family only, never cached; the child's guide hears it through the guide routes)",
    access: 'account',
    params: recordingParams,
    status: 200,
    returns: 'The audio, in the format it was recorded in',
    responses: {
      200: {
        description: 'The audio, in the format it was recorded in',
        content: binaryContent(RECORDING_TYPE_LIST),
      },
    },
  }),
  saveHeard: contract('saveHeardReading', 'PUT /children/{id}/recordings/{recordingId}/heard', {
    summary:
      "Saves what listening on the family's device heard in an attempt (the family's corrections included): the words missed, where the child stopped, the reading's time and how sure listening was; the figures are worked out here. Saving again replaces it. No audio comes with it.",
    access: 'account',
    params: recordingParams,
    body: heardInputSchema,
    status: 200,
    response: heardFiguresSchema,
    returns: 'The figures',
    errors: [409],
  }),
  deleteRecording: contract('deleteRecording', 'DELETE /children/{id}/recordings/{recordingId}', {
    summary: 'Deletes an attempt and its recording for good',
    access: 'account',
    params: recordingParams,
    status: 200,
    response: z.object({ deleted: z.literal(true) }),
    returns: 'Deleted',
  }),
};
