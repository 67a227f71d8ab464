import * as z from 'zod';
import { READING_LEVELS } from '~/platform/domain';
import { instant, uuidSchema } from '~/platform/http/common.schema';
import { MAX_DURATION_MS, MIN_DURATION_MS } from './readAloud';

/** A passage to read aloud, as the API gives it to a signed-in family. */
export const passageSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    level: z.enum(READING_LEVELS),
    text: z.string(),
    wordCount: z.int(),
    /** A model reading recorded by the team, or null. */
    audioUrl: z.string().nullable(),
  })
  .meta({ id: 'Passage' });
export type Passage = z.infer<typeof passageSchema>;

export const passagesQuerySchema = z.object({
  level: z.enum(READING_LEVELS, { error: 'Choose one of: sprout, sapling, branch, canopy.' }).optional(),
});

/**
 * What a saved attempt is about, sent as query parameters: the body of the request is the
 * recording itself (or nothing, for an attempt timed without the microphone).
 */
export const recordingQuerySchema = z.object({
  passageId: uuidSchema,
  durationMs: z.coerce
    .number({ error: 'Give the time in milliseconds.' })
    .int('Give the time in whole milliseconds.')
    .min(MIN_DURATION_MS, 'An attempt lasts at least one second.')
    .max(MAX_DURATION_MS, 'An attempt lasts at most 30 minutes.'),
});

/** One read-aloud attempt in a child's history. */
export const recordingSchema = z
  .object({
    id: z.string(),
    passageId: z.string().nullable(),
    /** Null when the passage has since been removed. */
    passageTitle: z.string().nullable(),
    durationMs: z.int(),
    /** Only from a recording at a rate a child can read at (15 to 200); null otherwise. */
    wordsPerMinute: z.int().nullable(),
    hasAudio: z.boolean(),
    createdAt: instant,
  })
  .meta({ id: 'Recording' });
export type RecordingDto = z.infer<typeof recordingSchema>;
