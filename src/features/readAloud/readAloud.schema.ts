import * as z from 'zod';
import { READING_LEVELS } from '~/platform/domain';
import { instant, uuidSchema } from '~/platform/http/common.schema';
import { SEASONS } from './fluency';
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
    portfolio: z.boolean().meta({
      description:
        'A voice-portfolio passage: not practised, read once every four weeks (GET /children/{id}/portfolio)',
    }),
  })
  .meta({ id: 'Passage' });
export type Passage = z.infer<typeof passageSchema>;

/** How a passage's words may be said, for listening to a reading on the family's own device. */
export const passageListeningSchema = z
  .object({
    pronunciations: z.array(z.array(z.string())).meta({
      description:
        'One list per passage word, in order (the words as the passage text splits on spaces): the ways of saying it in ARPAbet, from CMUdict; empty for a word the dictionary does not know (a name, a number), which is not listened for',
    }),
  })
  .meta({ id: 'PassageListening' });
export type PassageListening = z.infer<typeof passageListeningSchema>;

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

/**
 * What listening on the family's device heard in an attempt, as the family saves it after any
 * corrections: the words marked missed, where the child stopped, the reading's time and how sure
 * listening was. The figures are worked out here from these.
 */
export const heardInputSchema = z
  .object({
    marks: z
      .array(
        z
          .object({
            word: z.int('Give the word’s place in the passage.').min(0, 'Words are counted from 0.'),
            kind: z.literal('omission', { error: 'Listening marks words missed (omission) only.' }),
          })
          .strict(),
      )
      .max(600, 'At most 600 marks.'),
    lastWord: z.int().min(0, 'Words are counted from 0.').nullable().meta({
      description:
        'The last word reached (0 for the first) when the child stopped early; null for the whole passage',
    }),
    readingMs: z
      .int('Give the reading time in whole milliseconds.')
      .min(1_000, 'A reading lasts at least one second.')
      .meta({ description: 'From the first word heard to the end of the last; at most the attempt’s time' }),
    confidence: z
      .number('Give how sure listening was, 0 to 1.')
      .min(0, 'Give how sure listening was, 0 to 1.')
      .max(1, 'Give how sure listening was, 0 to 1.'),
    corrected: z
      .int()
      .min(0)
      .max(600)
      .default(0)
      .meta({ description: 'How many words’ marks the family changed' }),
  })
  .strict()
  .meta({ id: 'HeardReadingInput' });
export type HeardInput = z.infer<typeof heardInputSchema>;

/** The figures listening on the device gave for an attempt (after the family's corrections). */
export const heardFiguresSchema = z
  .object({
    accuracy: z.number().meta({ description: 'Words read right over words reached, 0 to 1' }),
    wordsCorrectPerMinute: z.int(),
    errors: z.int(),
    words: z.int(),
    confidence: z.number().meta({ description: 'How sure listening was, 0 to 1' }),
    corrected: z.int().meta({ description: 'How many words’ marks the family changed' }),
  })
  .meta({ id: 'HeardFigures' });
export type HeardFigures = z.infer<typeof heardFiguresSchema>;

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
    /** A reading for the child's voice portfolio. */
    portfolio: z.boolean(),
    createdAt: instant,
    /** What listening on the device heard, when the family saved it. */
    heard: heardFiguresSchema.nullable(),
    /** The child's reading guide's running record of the attempt, once they have marked it. */
    runningRecord: z
      .object({
        accuracy: z.number().meta({ description: 'Words read right over running words, 0 to 1' }),
        wordsCorrectPerMinute: z.int(),
        errors: z.int(),
        selfCorrections: z.int(),
        fluency: z.int().meta({ description: 'NAEP oral reading fluency level, 1 to 4' }),
        note: z.string(),
        guideName: z.string(),
      })
      .nullable(),
  })
  .meta({ id: 'Recording' });
export type RecordingDto = z.infer<typeof recordingSchema>;

const normBandSchema = z.object({ p25: z.int(), p50: z.int(), p75: z.int() });

/** A child's words correct per minute across their counted readings (a guide's or listening's), against the norms. */
export const fluencyTrendSchema = z
  .object({
    grade: z
      .int()
      .nullable()
      .meta({ description: 'The school grade the norms are read for (1 to 6), or null' }),
    gradeEstimated: z.boolean().meta({ description: 'The grade comes from the child’s age' }),
    season: z.enum(SEASONS),
    norms: normBandSchema
      .nullable()
      .meta({ description: 'Hasbrouck & Tindal 2017 for the grade and season' }),
    source: z.string(),
    caveat: z.string(),
    points: z.array(
      z.object({
        recordingId: z.string(),
        at: instant,
        passageTitle: z.string().nullable(),
        wordsCorrectPerMinute: z.int(),
        accuracy: z.number(),
        // Reports saved before listening counted readings hold only a guide's points, without these two.
        countedBy: z.enum(['guide', 'listening']).default('guide').meta({
          description:
            'Who counted the words: the child’s reading guide, or listening on the family’s device (a guide’s marks win)',
        }),
        confidence: z
          .number()
          .nullable()
          .default(null)
          .meta({ description: 'How sure listening was, 0 to 1; null for a guide’s marks' }),
      }),
    ),
  })
  .meta({ id: 'FluencyTrend' });
export type FluencyTrend = z.infer<typeof fluencyTrendSchema>;

/** A child's voice portfolio: one unpracticed passage read every four weeks, the readings side by side. */
export const portfolioSchema = z
  .object({
    passage: passageSchema.nullable().meta({
      description:
        'The child’s portfolio passage: the one they have read for it, else the library’s nearest their level; null when the library has none',
    }),
    everyDays: z.int().meta({ description: 'How often the passage is read, in days' }),
    opensAt: instant
      .nullable()
      .meta({ description: 'When the next reading may be made; null when it may be made now' }),
    readings: z.array(recordingSchema).meta({ description: 'The portfolio readings, oldest first' }),
  })
  .meta({ id: 'VoicePortfolio' });
export type Portfolio = z.infer<typeof portfolioSchema>;
