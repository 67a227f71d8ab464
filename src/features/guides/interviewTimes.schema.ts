import * as z from 'zod';
import { instant } from '~/platform/http/common.schema';

// A reading guide's interview times: weekly windows on their own clock, and the interviews booked.

const clock = (label: string) =>
  z
    .string({ error: `Give the ${label} time as HH:MM, on a 24-hour clock.` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: `Give the ${label} time as HH:MM, on a 24-hour clock.` });

const windowSchema = z
  .object({
    /** 0 = Sunday ... 6 = Saturday. */
    weekdays: z
      .array(z.int().min(0).max(6), { error: 'Choose the days of this window.' })
      .min(1, { error: 'Choose at least one day for this window.' })
      .max(7)
      .refine((days) => new Set(days).size === days.length, { error: 'Each day once.' }),
    start: clock('start'),
    end: clock('end'),
  })
  .refine((w) => w.end > w.start, { error: 'The window must end after it starts.', path: ['end'] });

export type InterviewWindowInput = z.infer<typeof windowSchema>;

/** PUT /api/guide/interview-times: the guide's windows (null: the team's times) and time zone. */
export const interviewTimesInputSchema = z.object({
  windows: z
    .array(windowSchema)
    .max(21, { error: 'At most 21 windows a week.' })
    .nullable()
    .meta({ description: 'Weekly windows; null to use the team’s times' }),
  timeZone: z.string().max(64).nullable().meta({
    description: 'The IANA time zone the windows are read in (e.g. Europe/London); null: the team’s',
  }),
});
export type InterviewTimesInput = z.infer<typeof interviewTimesInputSchema>;

/** An interview booked with the guide. */
const guideInterviewSchema = z.object({
  id: z.string(),
  startsAt: instant,
  endsAt: instant,
  childName: z.string().nullable(),
  /** The child's reading level and age band, to choose a passage (null once the profile is gone). */
  childReadingLevel: z.string().nullable(),
  childAgeBand: z.string().nullable(),
  /** When the guide follows the child: the child's page in the console. */
  followedChildId: z.string().nullable(),
  parentName: z.string(),
  joinUrl: z.url(),
});

export const guideInterviewTimesSchema = z
  .object({
    /** The guide's windows as they stand (the team's when `ownTimes` is false). */
    windows: z.array(windowSchema),
    timeZone: z.string(),
    ownTimes: z.boolean(),
    /** The team's template and zone, offered as the starting point. */
    team: z.object({ windows: z.array(windowSchema), timeZone: z.string() }),
    minutes: z.int(),
    /** Interviews booked with the guide that have not ended, soonest first. */
    upcoming: z.array(guideInterviewSchema),
  })
  .meta({ id: 'GuideInterviewTimes' });
export type GuideInterviewTimes = z.infer<typeof guideInterviewTimesSchema>;
