import * as z from 'zod';
import { fluencyTrendSchema } from '~/features/readAloud/readAloud.schema';
import { REPORT_KINDS } from '~/platform/domain';
import { instant } from '~/platform/http/common.schema';

// A child's progress report: what it says, fixed when the job made it (the page, the PDF and the
// export read the same figures).

const weekSchema = z.object({
  weekNumber: z.int(),
  startsOn: instant,
  /** The weekly plan's goal, when the week had a plan. */
  goalMinutes: z.int().nullable(),
  minutesRead: z.int(),
});

const scoreSchema = z.object({
  at: instant,
  passageTitle: z.string().nullable(),
  accuracy: z.number(),
  wordsCorrectPerMinute: z.int(),
  fluency: z.int(),
  note: z.string(),
  guideName: z.string(),
});

export const reportDataSchema = z.object({
  childFirstName: z.string(),
  programName: z.string(),
  /** The reading guide who followed the child when the report was made. */
  guideName: z.string().nullable(),
  booksFinished: z.array(
    z.object({ title: z.string(), author: z.string().nullable(), finishedOn: z.string() }),
  ),
  weeks: z.array(weekSchema),
  totals: z.object({
    minutes: z.int(),
    sessions: z.int(),
    booksFinished: z.int(),
    /** Weeks with a plan whose goal was met. */
    weeksOnGoal: z.int(),
    weeksWithGoal: z.int(),
  }),
  /** Words correct per minute over every marked recording up to the period's end, with the norms. */
  fluency: fluencyTrendSchema,
  /** The guide's running records of the period's recordings. */
  scores: z.array(scoreSchema),
  /** The guide's weekly notes of the period. */
  notes: z.array(z.object({ weekNumber: z.int(), body: z.string(), guideName: z.string() })),
});
export type ReportData = z.infer<typeof reportDataSchema>;

export const reportSummarySchema = z
  .object({
    id: z.string(),
    childId: z.string(),
    kind: z.enum(REPORT_KINDS),
    periodStart: instant,
    periodEnd: instant,
    programName: z.string(),
    hasCertificate: z.boolean(),
    createdAt: instant,
  })
  .meta({ id: 'ReportSummary' });
export type ReportSummary = z.infer<typeof reportSummarySchema>;

export const reportSchema = reportSummarySchema
  .extend({ data: reportDataSchema })
  .meta({ id: 'ProgressReport' });
export type ReportDto = z.infer<typeof reportSchema>;
