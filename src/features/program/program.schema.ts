import * as z from 'zod';
import { PLACEMENT_BASES, READING_LEVELS } from '~/platform/domain';
import { instant, uuidSchema } from '~/platform/http/common.schema';
import { PLACEMENT_QUESTIONS } from './placement';

const answer = <Q extends keyof typeof PLACEMENT_QUESTIONS>(question: Q) =>
  z.enum(Object.keys(PLACEMENT_QUESTIONS[question].options) as [string, ...string[]], {
    error: `Choose one answer to “${PLACEMENT_QUESTIONS[question].label}”`,
  });

/** The parent's three placement answers. */
export const placementAnswersSchema = z.object({
  independence: answer('independence'),
  stamina: answer('stamina'),
  feeling: answer('feeling'),
});

export const placementOutcomeSchema = z.object({
  level: z.enum(READING_LEVELS),
  previousLevel: z.enum(READING_LEVELS),
  basis: z.enum(['age', 'answers', 'read-aloud']),
  explanation: z.string(),
  planRemade: z.boolean().meta({ description: 'This week’s plan was made again at the new level' }),
});

const day = z.string().meta({ description: 'A day, YYYY-MM-DD (UTC)', example: '2026-11-24' });

/** One book of a week's plan, with why it was chosen, what to borrow instead and whether it is done. */
export const planBookSchema = z.object({
  bookId: z.string().nullable().meta({ description: 'Null when the book has left the catalogue' }),
  title: z.string(),
  author: z.string(),
  summary: z.string(),
  coverUrl: z.string().nullable(),
  reasons: z.array(z.string()).meta({ description: 'Why it was chosen, strongest first' }),
  alternative: z
    .object({ bookId: z.string(), title: z.string(), author: z.string() })
    .nullable()
    .meta({ description: 'A library-friendly alternative on a shared topic' }),
  started: z.boolean().meta({ description: 'In the log on or after the first day of the plan' }),
  done: z.boolean().meta({
    description: 'Logged as finished on or after the first day of the plan (one session is not a book)',
  }),
});

export const planSessionSchema = z.object({
  day,
  minutes: z.int().meta({ description: 'The session planned for the day' }),
  readMinutes: z.int().meta({ description: 'Minutes logged that day' }),
});

export const weeklyPlanSchema = z.object({
  id: uuidSchema,
  weekIndex: z.int().meta({ description: '0 for the program’s first week' }),
  weeks: z.int().meta({ description: 'Weeks in the program' }),
  programName: z.string(),
  startsOn: day,
  endsOn: day.meta({ description: 'The plan’s last day' }),
  readingLevel: z.enum(READING_LEVELS),
  goalMinutes: z.int(),
  minutesRead: z.int().meta({ description: 'Minutes logged from the first to the last day of the plan' }),
  sessions: z.array(planSessionSchema),
  books: z.array(planBookSchema),
  passage: z
    .object({
      id: z.string(),
      title: z.string(),
      wordCount: z.int(),
      /** The passage itself, for the printed plan. */
      text: z.string(),
      /** Read aloud (an attempt on the read-aloud page) between the plan's first and last day. */
      practised: z.boolean(),
    })
    .nullable(),
  /** The child's reading guide's note to the family about this week (kept after the guide moves on). */
  guideNote: z
    .object({ body: z.string(), guideName: z.string(), version: z.int(), updatedAt: instant })
    .nullable(),
});

/**
 * What the family sees of a child's program now: `none` without a program, `upcoming` before it
 * starts, `preparing` while the week's plan is being made, `delayed` when it is late (the team
 * sees why in the console), `ready` with the plan, `ended` after the last week (the last plan
 * stays readable).
 */
export const childPlanSchema = z.object({
  childId: uuidSchema,
  childName: z.string(),
  readingLevel: z.enum(READING_LEVELS).meta({ description: 'The child’s level now (next plans use it)' }),
  placement: z
    .object({ basis: z.enum(PLACEMENT_BASES), placedOn: day })
    .nullable()
    .meta({ description: 'How the level was last set; null while it is the one chosen on the child’s form' }),
  state: z.enum(['none', 'upcoming', 'preparing', 'delayed', 'ready', 'ended']),
  programStartsOn: day.nullable(),
  streakDays: z.int(),
  plan: weeklyPlanSchema.nullable(),
  /** The child's plans, oldest first, to move between weeks. */
  weeks: z.array(z.object({ id: uuidSchema, weekIndex: z.int(), startsOn: day })),
});

export const planQuerySchema = z.object({
  plan: uuidSchema
    .optional()
    .meta({ description: 'One of the child’s plans; the current week’s without it' }),
  today: z.string().optional().meta({
    description: 'The family’s own date (YYYY-MM-DD), for the streak; the server’s UTC date without it',
  }),
});

export const wallBookSchema = z.object({
  bookId: z.string().nullable(),
  title: z.string(),
  author: z.string().nullable(),
  coverUrl: z.string().nullable(),
  finishedOn: day.meta({ description: 'The day the family logged it finished (the first time)' }),
  rating: z.int().nullable().meta({ description: 'The latest stars given, if any' }),
});

export const wallSchema = z.object({
  childId: uuidSchema,
  childName: z.string(),
  books: z.array(wallBookSchema).meta({ description: 'Every different book in the log, most recent first' }),
  milestones: z.array(
    z.object({
      milestone: z.string(),
      title: z.string(),
      reachedAt: instant,
      kind: z.enum(['streak', 'books']),
    }),
  ),
});

export const calendarFeedSchema = z.object({
  url: z.string().meta({ description: 'The address to subscribe to in a calendar app (keep it private)' }),
});

export const currentCalendarFeedSchema = z.object({
  url: z.string().nullable().meta({ description: 'The family’s address, or null when it has none' }),
});

export type PlanBookDto = z.infer<typeof planBookSchema>;
export type WeeklyPlanDto = z.infer<typeof weeklyPlanSchema>;
export type ChildPlanDto = z.infer<typeof childPlanSchema>;
export type WallDto = z.infer<typeof wallSchema>;
export type WallBookDto = z.infer<typeof wallBookSchema>;
