import * as z from 'zod';
import { adminListQuery, adminPageSchema } from '~/platform/admin/list.schema';
import { instant, instantInput, multiline, plainLine } from '~/platform/http/common.schema';
import { EPISODE_AUDIO_TYPES } from './audioFiles';

/** Draft (nobody sees it), scheduled (published later) or published (on /podcast and in the feed). */
export const EPISODE_STATES = ['draft', 'scheduled', 'published'] as const;
export type EpisodeState = (typeof EPISODE_STATES)[number];
export const EPISODE_STATE_LABELS: Record<EpisodeState, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

export const EPISODE_LIMITS = {
  title: 150,
  description: 1000,
  showNotes: 10_000,
  /** Requests are JSON of at most 64 KB: a transcript of about an hour of speech fits. */
  transcript: 50_000,
  episodeNumber: 9999,
  audioUrl: 2000,
  /** Twelve hours: longer is a typo. */
  durationSeconds: 12 * 3600,
} as const;

/** An address podcast apps can fetch from anywhere: https only, no password in it. */
const audioUrl = z
  .string({ error: 'Give the address of the audio file.' })
  .trim()
  .max(EPISODE_LIMITS.audioUrl, `Keep the address to ${EPISODE_LIMITS.audioUrl} characters or fewer.`)
  .refine((v) => {
    try {
      const url = new URL(v);
      return url.protocol === 'https:' && !url.username && !url.password && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, 'Give a full https:// address of the audio file, like https://cdn.example.com/episode-12.mp3.');

/** Every field an administrator edits; the create and update payloads are built from it. */
const episodeFields = {
  title: plainLine('a title', EPISODE_LIMITS.title),
  description: multiline('the summary', EPISODE_LIMITS.description).refine(
    (v) => v.length > 0,
    'Write a short summary: podcast apps show it under the title.',
  ),
  showNotes: multiline('the show notes', EPISODE_LIMITS.showNotes),
  transcript: multiline('the transcript', EPISODE_LIMITS.transcript),
  episodeNumber: z
    .int({ error: 'Give a whole episode number, or leave it empty.' })
    .min(1, 'Episode numbers start at 1.')
    .max(EPISODE_LIMITS.episodeNumber, `Episode numbers go up to ${EPISODE_LIMITS.episodeNumber}.`)
    .nullable(),
  explicit: z.boolean({ error: 'Say whether the episode is explicit.' }),
  /** When it goes out: a date and time, "now", or null for a draft. */
  publishedAt: z
    .union(
      [
        z.literal('now'),
        instantInput('Give the publication date and time, like 2026-06-14T07:00:00Z.'),
        z.null(),
      ],
      {
        error: 'Give a publication date and time, or keep the episode as a draft.',
      },
    )
    .meta({ description: 'An ISO date-time, "now" (the server’s clock) or null (a draft).' }),
  /** External audio: its https address, with the size and type the feed must announce. */
  audioUrl: audioUrl.nullable(),
  audioBytes: z
    .int({ error: 'Give the file size in bytes, as a whole number.' })
    .min(1, 'Give the file size in bytes.')
    .max(2_147_483_647, 'That file is too large.'),
  audioType: z.enum(EPISODE_AUDIO_TYPES, { error: 'Choose MP3, M4A or Ogg.' }),
  durationSeconds: z
    .int({ error: 'Give the length in whole seconds.' })
    .min(1, 'Give the length of the episode.')
    .max(EPISODE_LIMITS.durationSeconds, 'That is longer than twelve hours: check the length.'),
};

const EXTERNAL_DETAILS = ['audioBytes', 'audioType', 'durationSeconds'] as const;

/**
 * External audio comes whole: with an address, the size, type and length the feed announces are
 * required (they cannot be read from a file the site does not hold); without one, they mean nothing.
 */
function checkExternalAudio(
  value: { audioUrl?: string | null | undefined } & Partial<
    Record<(typeof EXTERNAL_DETAILS)[number], unknown>
  >,
  ctx: z.RefinementCtx,
) {
  for (const key of EXTERNAL_DETAILS) {
    if (typeof value.audioUrl === 'string' && value[key] === undefined) {
      const what = { audioBytes: 'the file size', audioType: 'the file type', durationSeconds: 'the length' }[
        key
      ];
      ctx.addIssue({ code: 'custom', path: [key], message: `Give ${what} of the external audio.` });
    }
    if (typeof value.audioUrl !== 'string' && value[key] !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: 'Only for external audio: give its address too.',
      });
    }
  }
}

/** A new episode: a title and summary at least; audio (an upload, or an address) can come later. */
export const episodeCreateSchema = z
  .object({
    ...episodeFields,
    showNotes: episodeFields.showNotes.optional(),
    transcript: episodeFields.transcript.optional(),
    episodeNumber: episodeFields.episodeNumber.optional(),
    explicit: episodeFields.explicit.optional(),
    publishedAt: episodeFields.publishedAt.optional(),
    audioUrl: episodeFields.audioUrl.optional(),
    audioBytes: episodeFields.audioBytes.optional(),
    audioType: episodeFields.audioType.optional(),
    durationSeconds: episodeFields.durationSeconds.optional(),
  })
  .superRefine(checkExternalAudio)
  .meta({ id: 'EpisodeCreate' });
export type EpisodeCreate = z.infer<typeof episodeCreateSchema>;

/**
 * Changes to an episode: any of its fields. The guid is not among them: it never changes, so
 * podcast apps never list an episode twice. `audioUrl: null` removes external audio.
 */
export const episodeUpdateSchema = z
  .object(episodeFields)
  .partial()
  .superRefine(checkExternalAudio)
  .meta({ id: 'EpisodeUpdate' });
export type EpisodeUpdate = z.infer<typeof episodeUpdateSchema>;

const episodeAudioSchema = z
  .object({
    /** An upload stored by the site, or an external address. */
    source: z.enum(['upload', 'url']),
    /** Where it plays from: /media/... for an upload, the address otherwise. */
    href: z.string(),
    bytes: z.int().nullable(),
    type: z.string().nullable(),
    durationSeconds: z.int().nullable(),
  })
  .meta({ id: 'EpisodeAudio' });

const adminEpisodeRowSchema = z
  .object({
    id: z.string(),
    guid: z.string(),
    title: z.string(),
    episodeNumber: z.int().nullable(),
    state: z.enum(EPISODE_STATES),
    publishedAt: instant.nullable(),
    durationSeconds: z.int().nullable(),
    hasAudio: z.boolean(),
    updatedAt: instant,
  })
  .meta({ id: 'AdminEpisodeRow' });
export type AdminEpisodeRow = z.infer<typeof adminEpisodeRowSchema>;
export const adminEpisodePageSchema = adminPageSchema(adminEpisodeRowSchema, 'AdminEpisodePage');

export const adminEpisodeSchema = adminEpisodeRowSchema
  .omit({ hasAudio: true, durationSeconds: true })
  .extend({
    description: z.string(),
    showNotes: z.string(),
    transcript: z.string(),
    explicit: z.boolean(),
    audio: episodeAudioSchema.nullable(),
    createdAt: instant,
  })
  .meta({ id: 'AdminEpisode' });
export type AdminEpisode = z.infer<typeof adminEpisodeSchema>;

const EPISODE_SORTS = ['episodeNumber', 'title', 'publishedAt', 'durationSeconds', 'updatedAt'] as const;
export const adminEpisodeQuerySchema = adminListQuery(EPISODE_SORTS, {
  sort: 'episodeNumber',
  dir: 'desc',
}).extend({
  state: z
    .union([z.literal(''), z.enum(EPISODE_STATES)], { error: 'Choose draft, scheduled or published.' })
    .default(''),
});
export type AdminEpisodeQuery = z.infer<typeof adminEpisodeQuerySchema>;
