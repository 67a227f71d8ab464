import * as z from 'zod';
import { BOOKING_STATUSES } from '~/platform/domain';
import { instant, instantInput, timestamps, uuidSchema } from '~/platform/http/common.schema';

const slotStart = instantInput(
  'Choose one of the free times, sent as a date and time like 2026-06-14T15:00:00Z.',
);

const slotSchema = z.object({ startsAt: instant, endsAt: instant });

/** One of the family's children's events at the same time as a slot. */
const eventClashSchema = z.object({
  childName: z.string(),
  title: z.string(),
  startsAt: instant,
  endsAt: instant,
});

/** GET /api/interviews/slots: whose times (a child of the family; the first one if left out). */
export const slotQuerySchema = z.object({ childId: uuidSchema.optional() });

export const slotListSchema = z.object({
  /** The child's reading guide, whose times these are; null: any guide's, or the team's. */
  guideName: z.string().nullable(),
  /** The team's time zone: slots are laid out on its clock. */
  timeZone: z.string(),
  minutes: z.int(),
  weeks: z.int(),
  /** Free slots; `clash`: an event of the family's at that time (booking is still allowed). */
  slots: z.array(slotSchema.extend({ clash: eventClashSchema.optional() })),
});

/** POST /api/interviews: a free slot, and which child the interview is for (the first one if left out). */
export const bookInterviewSchema = z.object({
  startsAt: slotStart,
  childId: uuidSchema.optional(),
});

/** PATCH /api/interviews/{id}: the new slot. */
export const rescheduleInterviewSchema = z.object({ startsAt: slotStart });

export const interviewSchema = z.object({
  id: z.string(),
  ...slotSchema.shape,
  status: z.enum(BOOKING_STATUSES),
  childId: z.string().nullable(),
  childName: z.string().nullable(),
  /** The reading guide who holds the interview; null: the team. */
  guideName: z.string().nullable(),
  /** The calendar SEQUENCE: raised by each reschedule and by the cancellation. */
  sequence: z.int(),
  /** The booking's own video call: where the family joins at the time. */
  joinUrl: z.url(),
  /** The number to ring instead of joining the video call. */
  phone: z.string(),
  ...timestamps,
});
export type InterviewDto = z.infer<typeof interviewSchema>;

export const interviewListSchema = z.object({ interviews: z.array(interviewSchema) });
