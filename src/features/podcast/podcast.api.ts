import { idParamsSchema as params } from '~/platform/http/common.schema';
import { binaryContent, contract } from '~/platform/http/contract';
import {
  adminEpisodePageSchema,
  adminEpisodeQuerySchema,
  adminEpisodeSchema,
  episodeCreateSchema,
  episodeUpdateSchema,
} from './admin.schema';
import { EPISODE_UPLOAD_TYPES, MAX_EPISODE_AUDIO_BYTES } from './audioFiles';

/** The admin console's podcast episodes (the public page and the feed are rendered by the site). */
export const podcastApi = {
  adminList: contract('adminListPodcastEpisodes', 'GET /admin/podcast', {
    summary: 'Podcast episodes, drafts included (administrators only)',
    access: 'admin',
    query: adminEpisodeQuerySchema,
    status: 200,
    response: adminEpisodePageSchema,
    returns: 'A page of episodes',
  }),
  adminCreate: contract('adminCreatePodcastEpisode', 'POST /admin/podcast', {
    summary: 'Creates an episode; its guid is chosen here and never changes (administrators only)',
    description:
      'Audio comes from an external https address given here, or from POST /admin/podcast/{id}/audio afterwards. An episode without audio can only be a draft (409).',
    access: 'admin',
    body: episodeCreateSchema,
    status: 201,
    response: adminEpisodeSchema,
    returns: 'The new episode',
    errors: [409],
  }),
  adminGet: contract('adminGetPodcastEpisode', 'GET /admin/podcast/{id}', {
    summary: 'One episode with its show notes, transcript and audio (administrators only)',
    access: 'admin',
    params,
    status: 200,
    response: adminEpisodeSchema,
    returns: 'The episode',
  }),
  adminUpdate: contract('adminUpdatePodcastEpisode', 'PATCH /admin/podcast/{id}', {
    summary: 'Changes an episode: words, number, publication, external audio (administrators only)',
    description:
      'publishedAt null makes it a draft again. Giving audioUrl replaces an uploaded file (which is deleted); audioUrl null removes external audio. Publishing without audio answers 409.',
    access: 'admin',
    params,
    body: episodeUpdateSchema,
    status: 200,
    response: adminEpisodeSchema,
    returns: 'The episode, changed',
    errors: [409],
  }),
  adminDelete: contract('adminDeletePodcastEpisode', 'DELETE /admin/podcast/{id}', {
    summary: 'Deletes an episode and its uploaded audio (administrators only)',
    access: 'admin',
    params,
    status: 204,
    returns: 'Deleted',
  }),
  adminUploadAudio: contract('adminUploadPodcastAudio', 'POST /admin/podcast/{id}/audio', {
    summary: "Uploads an episode's audio as the raw body: MP3, M4A or Ogg (administrators only)",
    description: `At most ${MAX_EPISODE_AUDIO_BYTES / 1024 / 1024} MB. The length is read from the file; the file is stored under a new random name and any earlier file is deleted.`,
    access: 'admin',
    params,
    request: { body: { required: true, content: binaryContent(Object.keys(EPISODE_UPLOAD_TYPES)) } },
    status: 200,
    response: adminEpisodeSchema,
    returns: 'The episode with its new audio',
  }),
  adminDeleteAudio: contract('adminDeletePodcastAudio', 'DELETE /admin/podcast/{id}/audio', {
    summary: "Removes a draft episode's audio, uploaded or external (administrators only)",
    access: 'admin',
    params,
    status: 200,
    response: adminEpisodeSchema,
    returns: 'The episode, without audio',
    errors: [409],
  }),
};
