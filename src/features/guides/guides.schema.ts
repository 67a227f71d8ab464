import * as z from 'zod';
import { enrolmentDetailSchema, enrolmentRowSchema } from '~/features/program/adminEnrolments.schema';
import { FLUENCY_SCALE } from '~/features/readAloud/fluency';
import { MAX_SAID_LENGTH, MISCUE_KINDS } from '~/features/readAloud/runningRecord';
import { instant, uuidSchema } from '~/platform/http/common.schema';

/** How many children one guide may follow, at most. */
export const MAX_CAPACITY = 60;
/** A running record's note to the family, at most. */
export const MAX_SCORE_NOTE = 600;

/** A weekly note to the family, at most. */
export const MAX_WEEKLY_NOTE = 2000;

/** A guide's note to the family about one week, as the guide saves it. */
export const noteInputSchema = z
  .object({
    body: z
      .string()
      .trim()
      .min(1, 'Write the note first.')
      .max(MAX_WEEKLY_NOTE, `Keep the note under ${MAX_WEEKLY_NOTE} characters.`),
    version: z.int().min(0).max(1_000_000, 'That version does not exist.').default(0).meta({
      description:
        'The version of the note this one replaces (0 for a first note): an older one is refused with 409',
    }),
  })
  .strict()
  .meta({ id: 'GuideNoteInput' });
export type NoteInput = z.infer<typeof noteInputSchema>;

export const guideNoteSchema = z
  .object({
    planId: uuidSchema,
    body: z.string(),
    guideName: z.string(),
    version: z.int(),
    updatedAt: instant,
  })
  .meta({ id: 'GuideNote' });
export type GuideNote = z.infer<typeof guideNoteSchema>;

/** The reason the family reads for a guide's choice of book, at most. */
export const MAX_SWAP_REASON = 300;

export const swapInputSchema = z
  .object({
    bookId: uuidSchema.meta({ description: 'A catalogue book the child has not read' }),
    reason: z
      .string()
      .trim()
      .min(1, 'Say why, for the family.')
      .max(MAX_SWAP_REASON, `Keep the reason under ${MAX_SWAP_REASON} characters.`),
  })
  .strict()
  .meta({ id: 'GuideSwapInput' });
export type SwapInput = z.infer<typeof swapInputSchema>;

export const guideSwapSchema = z
  .object({
    book: z.object({ id: uuidSchema, title: z.string(), author: z.string() }),
    reason: z.string(),
    guideName: z.string(),
    createdAt: instant,
  })
  .meta({ id: 'GuideSwap' });
export type GuideSwapDto = z.infer<typeof guideSwapSchema>;

/** A reading guide as the team sees it: who, how many children they may follow, how many they do. */
export const adminGuideSchema = z
  .object({
    id: uuidSchema,
    name: z.string(),
    email: z.string(),
    disabled: z.boolean(),
    capacity: z.int(),
    load: z.int().meta({ description: 'Children assigned now' }),
  })
  .meta({ id: 'AdminGuide' });
export type AdminGuide = z.infer<typeof adminGuideSchema>;

export const adminGuidesSchema = z
  .object({
    guides: z.array(adminGuideSchema),
    unassigned: z
      .int()
      .meta({ description: 'Children in a running or upcoming program whom no guide follows' }),
  })
  .meta({ id: 'AdminGuides' });
export type AdminGuides = z.infer<typeof adminGuidesSchema>;

export const guideChangeSchema = z
  .object({
    capacity: z
      .int('Give a whole number of children.')
      .min(1, 'A guide follows at least one child.')
      .max(MAX_CAPACITY, `A guide follows at most ${MAX_CAPACITY} children.`),
  })
  .strict()
  .meta({ id: 'GuideChange' });

export const assignmentSchema = z
  .object({
    guideId: uuidSchema.nullable().meta({ description: 'The guide to follow the child; null to unassign' }),
  })
  .strict()
  .meta({ id: 'GuideAssignment' });

export const assignmentResultSchema = z
  .object({ guide: enrolmentRowSchema.shape.guide })
  .meta({ id: 'GuideAssignmentResult' });

/** A child a guide follows, as the guide's list shows it: the family by name only (no email). */
export const guideChildRowSchema = enrolmentRowSchema
  .omit({ family: true, guide: true })
  .extend({
    familyName: z.string(),
    waiting: z.int().meta({ description: 'Recordings of the child waiting for a running record' }),
  })
  .meta({ id: 'GuideChild' });
export type GuideChildRow = z.infer<typeof guideChildRowSchema>;

const scoreSummarySchema = z.object({
  accuracy: z.number().meta({ description: '0 to 1' }),
  wordsCorrectPerMinute: z.int(),
  fluency: z.int(),
  guideName: z.string(),
  updatedAt: instant,
});

/** One recording in the guide's lists: whose, which passage, and its score once marked. */
export const guideRecordingSchema = z
  .object({
    id: uuidSchema,
    childId: uuidSchema,
    childName: z.string(),
    passageTitle: z.string().nullable(),
    durationMs: z.int(),
    /** A voice-portfolio reading: the passage read every four weeks, never practised. */
    portfolio: z.boolean(),
    createdAt: instant,
    score: scoreSummarySchema.nullable(),
  })
  .meta({ id: 'GuideRecording' });
export type GuideRecording = z.infer<typeof guideRecordingSchema>;

/** A child's page in the guide console: the program and plans as the team sees them, and the recordings. */
export const guideChildDetailSchema = enrolmentDetailSchema
  .omit({ family: true, guide: true })
  .extend({
    familyName: z.string(),
    recordings: z.array(guideRecordingSchema),
    swap: guideSwapSchema.nullable().meta({ description: 'The book waiting for the next weekly plan' }),
  })
  .meta({ id: 'GuideChildDetail' });
export type GuideChildDetail = z.infer<typeof guideChildDetailSchema>;

export const miscueSchema = z
  .object({
    word: z.int('Give the word’s place in the passage.').min(0, 'Words are counted from 0.'),
    kind: z.enum(MISCUE_KINDS, { error: `Mark ${MISCUE_KINDS.join(', ')}.` }),
    said: z.string().trim().max(MAX_SAID_LENGTH, `At most ${MAX_SAID_LENGTH} characters.`).optional(),
  })
  .strict();

/** A running record as the guide saves it. */
export const scoreInputSchema = z
  .object({
    marks: z.array(miscueSchema).max(600, 'At most 600 marks.'),
    lastWord: z.int().min(0, 'Words are counted from 0.').nullable().default(null).meta({
      description:
        'The last word read (0 for the first) when the child stopped early; null for the whole passage',
    }),
    readingMs: z
      .int('Give the reading time in whole milliseconds.')
      .min(1_000, 'A reading lasts at least one second.')
      .meta({ description: 'How long the reading took; at most the recording’s length' }),
    fluency: z
      .int('Rate fluency 1 to 4.')
      .min(1, 'Rate fluency 1 to 4.')
      .max(FLUENCY_SCALE.length, 'Rate fluency 1 to 4.'),
    note: z
      .string()
      .trim()
      .max(MAX_SCORE_NOTE, `Keep the note under ${MAX_SCORE_NOTE} characters.`)
      .default(''),
    version: z.int().min(0).max(1_000_000, 'That version does not exist.').default(0).meta({
      description:
        'The version of the score this one replaces (0 for a first score): an older one is refused with 409',
    }),
  })
  .strict()
  .meta({ id: 'RunningRecordInput' });
export type ScoreInput = z.infer<typeof scoreInputSchema>;

/** A running record with its figures, as the guide and the family read it. */
export const runningRecordSchema = z
  .object({
    marks: z.array(miscueSchema),
    lastWord: z.int().nullable(),
    readingMs: z.int(),
    fluency: z.int(),
    note: z.string(),
    words: z.int(),
    errors: z.int(),
    selfCorrections: z.int(),
    wordsCorrect: z.int(),
    accuracy: z.number(),
    wordsCorrectPerMinute: z.int(),
    selfCorrectionRatio: z.int().nullable(),
    guideName: z.string(),
    version: z.int(),
    updatedAt: instant,
  })
  .meta({ id: 'RunningRecord' });
export type RunningRecordDto = z.infer<typeof runningRecordSchema>;

/** A recording opened for its running record: the passage word by word, and the score so far. */
export const guideRecordingDetailSchema = guideRecordingSchema
  .omit({ score: true })
  .extend({
    words: z
      .array(z.string())
      .meta({ description: 'The passage’s words, in order (empty if it was removed)' }),
    hasAudio: z.boolean(),
    record: runningRecordSchema.nullable(),
    heard: z
      .object({
        marks: z.array(miscueSchema),
        lastWord: z.int().nullable(),
        readingMs: z.int(),
        confidence: z.number(),
        corrected: z.int(),
      })
      .nullable()
      .meta({
        description:
          "What listening on the family's device heard, as the family saved it: the pre-score the guide starts from when they have no record yet",
      }),
  })
  .meta({ id: 'GuideRecordingDetail' });
export type GuideRecordingDetail = z.infer<typeof guideRecordingDetailSchema>;
