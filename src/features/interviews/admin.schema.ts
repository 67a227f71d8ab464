import * as z from 'zod';
import { adminListQuery, adminPageSchema } from '~/platform/admin/list.schema';
import { interviewSchema } from './interviews.schema';

/** Which bookings the console lists: the work ahead by default. */
export const INTERVIEW_VIEWS = ['upcoming', 'past', 'cancelled', 'all'] as const;
export type InterviewView = (typeof INTERVIEW_VIEWS)[number];
export const INTERVIEW_VIEW_LABELS: Record<InterviewView, string> = {
  upcoming: 'Upcoming',
  past: 'Held (past)',
  cancelled: 'Cancelled',
  all: 'Every booking',
};

/** One booking as the team sees it: when, for whom, the family to contact and the call to join. */
export const adminInterviewRowSchema = interviewSchema
  .pick({
    id: true,
    startsAt: true,
    endsAt: true,
    status: true,
    childName: true,
    guideName: true,
    joinUrl: true,
    createdAt: true,
  })
  .extend({
    familyId: z.string(),
    parentName: z.string(),
    parentEmail: z.string(),
    /** The child's age band and reading level, to prepare the passage. */
    childAgeBand: z.string().nullable(),
    childReadingLevel: z.string().nullable(),
  })
  .meta({ id: 'AdminInterviewRow' });
export type AdminInterviewRow = z.infer<typeof adminInterviewRowSchema>;
export const adminInterviewPageSchema = adminPageSchema(adminInterviewRowSchema, 'AdminInterviewPage');

const INTERVIEW_SORTS = ['startsAt', 'parent', 'child', 'createdAt'] as const;
export const adminInterviewQuerySchema = adminListQuery(INTERVIEW_SORTS, {
  sort: 'startsAt',
  dir: 'asc',
}).extend({
  view: z.enum(INTERVIEW_VIEWS, { error: `Show one of: ${INTERVIEW_VIEWS.join(', ')}.` }).default('upcoming'),
});
export type AdminInterviewQuery = z.infer<typeof adminInterviewQuerySchema>;
