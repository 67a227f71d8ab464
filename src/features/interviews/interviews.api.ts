import { idParamsSchema as params } from '~/platform/http/common.schema';
import { contract } from '~/platform/http/contract';
import { adminInterviewPageSchema, adminInterviewQuerySchema } from './admin.schema';
import {
  bookInterviewSchema,
  interviewListSchema,
  interviewSchema,
  rescheduleInterviewSchema,
  slotListSchema,
  slotQuerySchema,
} from './interviews.schema';

/** The introductory interview: free slots, and a family's booking, rescheduling and cancelling. */
export const interviewsApi = {
  slots: contract('listInterviewSlots', 'GET /interviews/slots', {
    summary: 'The free interview times of the next three weeks for one of the family’s children',
    description:
      'The times of the child’s reading guide (`guideName`); before one is assigned, every time at which some guide is free; with no guides, the team’s template. Each guide’s times are their own weekly windows, or the team’s template (`INTERVIEW_SLOTS`). Slots start at least 12 hours ahead. Times are UTC instants; `timeZone` is the team’s. Another family’s child is 404.',
    access: 'account',
    query: slotQuerySchema,
    status: 200,
    response: slotListSchema,
    returns: 'Free slots, soonest first',
  }),
  mine: contract('listMyInterviews', 'GET /me/interviews', {
    summary: "The family's interview bookings, latest first (cancelled ones included)",
    access: 'account',
    status: 200,
    response: interviewListSchema,
    returns: 'Bookings',
  }),
  book: contract('bookInterview', 'POST /interviews', {
    summary: 'Books a free slot for the family (the chosen child, or the first one)',
    description:
      'The interview is with the child’s reading guide; before one is assigned, with a guide free at that time (the one with the most room); with no guides, the team. A family holds at most one upcoming interview: booking again answers 409 `already_booked` (reschedule with PATCH instead). A slot someone holds answers 409 `slot_taken`, also when two families book it at the same moment. A time that is not a slot of those calendars answers 400 naming `startsAt`; a guide is never booked twice at overlapping times.',
    access: 'account',
    body: bookInterviewSchema,
    status: 201,
    response: interviewSchema,
    returns: 'The booking',
    errors: [404, 409],
  }),
  get: contract('getInterview', 'GET /interviews/{id}', {
    summary: "One of the family's bookings (another family's answers 404)",
    access: 'account',
    params,
    status: 200,
    response: interviewSchema,
    returns: 'The booking',
  }),
  reschedule: contract('rescheduleInterview', 'PATCH /interviews/{id}', {
    summary: 'Moves the booking to another free slot (the old one is freed in the same step)',
    description: 'Raises the calendar SEQUENCE. 409 `slot_taken` leaves the booking where it was.',
    access: 'account',
    params,
    body: rescheduleInterviewSchema,
    status: 200,
    response: interviewSchema,
    returns: 'The moved booking',
    errors: [409],
  }),
  cancel: contract('cancelInterview', 'DELETE /interviews/{id}', {
    summary: 'Cancels the booking; the slot is free again at once',
    description: 'The booking stays listed as cancelled, with a raised SEQUENCE for calendars.',
    access: 'account',
    params,
    status: 200,
    response: interviewSchema,
    returns: 'The cancelled booking',
    errors: [409],
  }),
  adminList: contract('adminListInterviews', 'GET /admin/interviews', {
    summary: 'Interview bookings with the family to contact and the call to join (administrators only)',
    description:
      'Upcoming by default (until each interview has ended), soonest first; or held, cancelled or all.',
    access: 'admin',
    query: adminInterviewQuerySchema,
    status: 200,
    response: adminInterviewPageSchema,
    returns: 'A page of bookings',
  }),
};
