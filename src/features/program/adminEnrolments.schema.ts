import * as z from 'zod';
import { adminListQuery } from '~/platform/admin/list.schema';
import { AGE_BANDS, PLACEMENT_BASES, READING_LEVELS } from '~/platform/domain';
import { uuidSchema } from '~/platform/http/common.schema';
import { weeklyPlanSchema } from './program.schema';
import { BEHIND_RULE } from './progress';

/**
 * The team's view of the children in a program (issue 24, item 7): who is enrolled, where each
 * stands against the weekly plan, read-only. Each row is one enrolment (a child's program).
 */

const day = z.string().meta({ description: 'A day, YYYY-MM-DD (UTC)', example: '2026-11-24' });

/** Where a program stands: before its start, running now, past its end, or stopped by the team. */
export const ENROLMENT_STATES = ['current', 'upcoming', 'ended', 'cancelled'] as const;
export const enrolmentStateSchema = z.enum(ENROLMENT_STATES);
export type EnrolmentStateValue = z.infer<typeof enrolmentStateSchema>;

/** The family a child belongs to, as the team reaches it. */
export const enrolmentFamilySchema = z.object({
  userId: uuidSchema,
  displayName: z.string(),
  email: z.string(),
});

const placementSchema = z
  .object({ basis: z.enum(PLACEMENT_BASES), placedOn: day })
  .nullable()
  .meta({ description: 'How the level was last set; null while it is the one chosen on the child’s form' });

/** One enrolment in the list: the child, the family, the program and the week against its goal. */
export const enrolmentRowSchema = z
  .object({
    /** The enrolment (the child's subscription to the program). */
    id: uuidSchema,
    childId: uuidSchema,
    childName: z.string(),
    family: enrolmentFamilySchema,
    planId: uuidSchema.meta({ description: 'The program (plan) enrolled in' }),
    programName: z.string(),
    guide: z
      .object({ id: uuidSchema, name: z.string() })
      .nullable()
      .meta({ description: 'The reading guide who follows the child; null while nobody does' }),
    state: enrolmentStateSchema,
    startsOn: day,
    endsOn: day.meta({ description: 'The program’s last day' }),
    readingLevel: z.enum(READING_LEVELS).meta({ description: 'The child’s level now' }),
    placement: placementSchema,
    week: z.int().nullable().meta({
      description:
        'The week under way (1 for the first) of a running program, by the clock; the latest planned week of one that ended or stopped; null before the start',
    }),
    weeks: z.int().meta({ description: 'Weeks in the program' }),
    goalMinutes: z.int().nullable().meta({
      description: 'The goal of that week’s plan; null while the plan is being made, or before the start',
    }),
    minutesRead: z.int().nullable().meta({ description: 'Minutes logged on that week’s days' }),
    missedWeeks: z.int().meta({ description: 'Finished weeks that ended under half their goal' }),
    behind: z.boolean().meta({ description: `Behind on the plan: ${BEHIND_RULE}` }),
  })
  .meta({ id: 'AdminEnrolment' });
export type EnrolmentRow = z.infer<typeof enrolmentRowSchema>;

const ENROLMENT_SORTS = [
  'child',
  'parent',
  'program',
  'week',
  'progress',
  'missedWeeks',
  'startsOn',
] as const;
/** The states the list shows: one of them, or all. */
export const ENROLMENT_STATUS_FILTERS = [...ENROLMENT_STATES, 'all'] as const;
export const MAX_WEEK = 520;

export const enrolmentQuerySchema = adminListQuery(ENROLMENT_SORTS, { sort: 'child', dir: 'asc' }).extend({
  status: z
    .enum(ENROLMENT_STATUS_FILTERS, {
      error: 'Filter by current, upcoming, ended, cancelled or all.',
    })
    .default('current')
    .meta({ description: 'Programs running now (the default), starting later, ended, cancelled, or all' }),
  plan: z
    .union([z.literal(''), uuidSchema], { error: 'Choose a program from the list.' })
    .default('')
    .meta({ description: 'Only this program (a plan id)' }),
  level: z
    .enum(['', ...READING_LEVELS], { error: 'Filter by sprout, sapling, branch or canopy.' })
    .default('')
    .meta({ description: 'Only children at this reading level now' }),
  week: z
    .string()
    .trim()
    .regex(/^\d{0,3}$/, 'Give a week number, like 3.')
    .refine((w) => w === '' || (Number(w) >= 1 && Number(w) <= MAX_WEEK), `Weeks run from 1 to ${MAX_WEEK}.`)
    .default('')
    .meta({ description: 'Only enrolments in this week (see `week` in the answer)' }),
  guide: z
    .union([z.literal(''), z.literal('unassigned'), uuidSchema], {
      error: 'Choose a guide from the list, or unassigned.',
    })
    .default('')
    .meta({ description: 'Only the children this guide follows (a guide’s account id), or `unassigned`' }),
  behind: z
    .enum(['', 'true', 'false'], { error: 'Send behind=true for the children behind on the plan.' })
    .default('')
    .meta({ description: `true: only children behind on the plan (${BEHIND_RULE})` }),
});
export type EnrolmentQuery = z.infer<typeof enrolmentQuerySchema>;

/** One week of a child's program, as the family sees it, with whether it was missed. */
export const enrolmentWeekSchema = weeklyPlanSchema
  .extend({
    underWay: z.boolean().meta({ description: 'The week is under way now' }),
    missed: z.boolean().meta({ description: 'Ended under half its goal' }),
  })
  .meta({ id: 'AdminEnrolmentWeek' });
export type EnrolmentWeek = z.infer<typeof enrolmentWeekSchema>;

/** One of the child's programs with every weekly plan, oldest week first. */
export const enrolmentProgramSchema = enrolmentRowSchema
  .pick({
    id: true,
    planId: true,
    programName: true,
    state: true,
    startsOn: true,
    endsOn: true,
    week: true,
    weeks: true,
    missedWeeks: true,
    behind: true,
  })
  .extend({ plans: z.array(enrolmentWeekSchema) })
  .meta({ id: 'AdminEnrolmentProgram' });
export type EnrolmentProgram = z.infer<typeof enrolmentProgramSchema>;

/** A child's programs and progress, read-only: the child, the family, every program (latest first). */
export const enrolmentDetailSchema = z
  .object({
    child: z.object({
      id: uuidSchema,
      name: z.string(),
      birthYear: z.int().nullable(),
      ageBand: z.enum(AGE_BANDS).nullable(),
      readingLevel: z.enum(READING_LEVELS),
      interests: z.array(z.string()),
      placement: placementSchema,
    }),
    family: enrolmentFamilySchema,
    guide: enrolmentRowSchema.shape.guide,
    programs: z.array(enrolmentProgramSchema),
  })
  .meta({ id: 'AdminEnrolmentDetail' });
export type EnrolmentDetail = z.infer<typeof enrolmentDetailSchema>;
