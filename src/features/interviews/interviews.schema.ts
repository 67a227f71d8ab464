import * as z from 'zod';
import { BOOKING_STATUSES } from '~/platform/domain';
import { uuidSchema } from '~/platform/http/common.schema';

const slotStart = z.iso.datetime({
  offset: true,
  error: 'Choose one of the free times, sent as a date and time like 2026-06-14T15:00:00Z.',
});

export const slotSchema = z.object({ startsAt: z.string(), endsAt: z.string() });

export const slotListSchema = z.object({
  /** The team's time zone: slots are laid out on its clock. */
  timeZone: z.string(),
  minutes: z.int(),
  weeks: z.int(),
  slots: z.array(slotSchema),
});

/** POST /api/interviews: a free slot, and which child the interview is for (the first one if left out). */
export const bookInterviewSchema = z.object({
  startsAt: slotStart,
  childId: uuidSchema.optional(),
});
export type BookInterviewInput = z.infer<typeof bookInterviewSchema>;

/** PATCH /api/interviews/{id}: the new slot. */
export const rescheduleInterviewSchema = z.object({ startsAt: slotStart });
export type RescheduleInterviewInput = z.infer<typeof rescheduleInterviewSchema>;

export const interviewSchema = z.object({
  _id: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(BOOKING_STATUSES),
  childId: z.string().nullable(),
  childName: z.string().nullable(),
  /** The calendar SEQUENCE: raised by each reschedule and by the cancellation. */
  sequence: z.int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InterviewDto = z.infer<typeof interviewSchema>;

export const interviewListSchema = z.object({ interviews: z.array(interviewSchema) });
