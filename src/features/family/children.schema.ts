import * as z from 'zod';
import { notificationSchema } from '~/features/notifications/notifications.schema';
import { AGE_BANDS, READING_LEVELS } from '~/platform/domain';
import { instant, requiredText } from '~/platform/http/common.schema';

const thisYear = () => new Date().getUTCFullYear();

/** The highest school grade the form offers: our programs are for children up to 14. */
export const MAX_SCHOOL_GRADE = 8;

/** What a parent enters to add a child. Only what the child's reading needs. */
export const childInputSchema = z
  .object({
    firstName: requiredText('Enter a first name or nickname.', 40, 'Keep the name to 40 characters or fewer.')
      // Letters of any script, and the apostrophes phones type (’) as well as keyboards ('), and
      // the hyphens of both kinds; no digits, markup or control characters.
      .regex(/^[\p{L}\p{M}][\p{L}\p{M}'’ .\u2010-]*$/u, 'Use letters, spaces, hyphens or apostrophes only.'),
    birthYear: z
      .int({ error: 'Enter the year as four digits, like 2017.' })
      .refine((y) => y >= thisYear() - 14 && y <= thisYear() - 2, {
        error: 'Our programs are for children aged 2 to 14.',
      })
      .optional(),
    ageBand: z.enum(AGE_BANDS, { error: 'Choose an age band.' }).optional(),
    /** The school grade this school year (0: kindergarten), or null when not said. */
    schoolGrade: z
      .int({ error: 'Choose a school grade from the list.' })
      .min(0, { error: 'Choose a school grade from the list.' })
      .max(MAX_SCHOOL_GRADE, { error: 'Choose a school grade from the list.' })
      .nullable()
      .optional(),
    readingLevel: z.enum(READING_LEVELS, { error: 'Choose a reading level.' }),
    interests: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'An interest cannot be empty.')
          .max(30, 'Keep each interest to 30 characters or fewer.')
          .regex(/^[\p{L}\p{M}\p{N}' &,.-]+$/u, 'Use letters, numbers and spaces only.'),
      )
      .max(8, 'Choose up to 8 interests.')
      .default([]),
  })
  .refine((c) => c.birthYear !== undefined || c.ageBand !== undefined, {
    path: ['ageBand'],
    error: 'Give a birth year or choose an age band.',
    // Checked even when another field is wrong, so the form shows every problem at once.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  })
  .meta({ id: 'ChildInput' });
export type ChildInput = z.input<typeof childInputSchema>;

const programSchema = z.object({ planName: z.string(), startsAt: instant, endsAt: instant });
export type ChildProgramDto = z.infer<typeof programSchema>;

/** A child as the API returns it: the spec's _id, name and notification list, and the profile. */
export const childSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    birthYear: z.int().nullable(),
    ageBand: z.enum(AGE_BANDS).nullable(),
    schoolGrade: z
      .int()
      .nullable()
      .meta({ description: 'The school grade now (0: kindergarten), if the family gave it' }),
    readingLevel: z.enum(READING_LEVELS),
    interests: z.array(z.string()),
    notifications: z.array(notificationSchema),
    readingThisWeek: z.int().meta({ description: 'Minutes read this week (Monday to Sunday, UTC date)' }),
    streakDays: z.int().meta({ description: 'Days in a row with reading, up to today or yesterday' }),
    /** The program the child follows now, if any: the one running today. */
    subscription: programSchema.nullable(),
    /** Programs bought and waiting their turn (after the current one, or for their season), in order. */
    queued: z.array(programSchema),
  })
  .meta({ id: 'Child' });
export type ChildDto = z.infer<typeof childSchema>;

export const MAX_CHILDREN_PER_FAMILY = 10;
