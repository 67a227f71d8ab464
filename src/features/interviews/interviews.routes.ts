import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { uuidSchema } from '~/platform/http/common.schema';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { ApiError, notFound } from '~/platform/http/errors';
import { requireAccount } from '~/platform/http/middleware.server';
import { errorResponses, json } from '~/platform/http/openapi';
import { formatInterviewTime } from './interviews';
import {
  bookInterviewSchema,
  interviewListSchema,
  interviewSchema,
  rescheduleInterviewSchema,
  slotListSchema,
} from './interviews.schema';
import {
  bookInterview,
  cancelInterview,
  defaultInterviewSchedule,
  familyInterviews,
  findFamilyInterview,
  freeSlots,
  type InterviewRefusal,
  InterviewRefused,
  rescheduleInterview,
} from './interviews.server';
import { DEFAULT_INTERVIEW_WEEKS } from './slots';

const params = z.object({ id: uuidSchema });

function asApiError(error: InterviewRefused, timeZone: string): ApiError {
  const refusals: Record<InterviewRefusal, () => ApiError> = {
    not_a_slot: () =>
      new ApiError(400, 'validation_failed', 'That time is not one of the free interview times.', {
        startsAt:
          'Choose one of the free times listed: this one is not offered, or is less than 12 hours away.',
      }),
    same_slot: () =>
      new ApiError(400, 'validation_failed', 'That is already your interview time.', {
        startsAt: 'Choose a different time to move your interview to.',
      }),
    slot_taken: () =>
      new ApiError(409, 'slot_taken', 'Another family has just taken that time. Please choose another one.'),
    already_booked: () =>
      new ApiError(
        409,
        'already_booked',
        error.existing
          ? `You already have an interview on ${formatInterviewTime(error.existing, 'en-US', timeZone)}. Reschedule or cancel it instead.`
          : 'You already have an interview booked. Reschedule or cancel it instead.',
      ),
    not_found: () => notFound('That interview'),
    child_not_found: () => notFound('That child'),
    cancelled: () => new ApiError(409, 'conflict', 'This interview is cancelled. Book a new time instead.'),
    under_way: () =>
      new ApiError(409, 'conflict', 'This interview has already started, so it can no longer be changed.'),
  };
  return refusals[error.reason]();
}

/** The introductory interview: free slots, and a family's booking, rescheduling and cancelling. */
export function interviewsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const account = requireAccount(deps);
  const schedule = deps.interviewSchedule ?? defaultInterviewSchedule();
  const refusalsAsErrors = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof InterviewRefused) throw asApiError(error, schedule.timeZone);
      throw error;
    }
  };

  app.openapi(
    createRoute({
      method: 'get',
      path: '/interviews/slots',
      summary: 'The free interview slots of the next three weeks (configured slots nobody holds)',
      description: 'Slots start at least 12 hours ahead. Times are UTC instants; `timeZone` is the team’s.',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      responses: {
        200: { description: 'Free slots, soonest first', content: json(slotListSchema) },
        ...errorResponses(401, 403),
      },
    }),
    async (c) => {
      const slots = await freeSlots(deps.db, schedule, new Date());
      return c.json(
        { timeZone: schedule.timeZone, minutes: schedule.minutes, weeks: DEFAULT_INTERVIEW_WEEKS, slots },
        200,
      );
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me/interviews',
      summary: "The family's interview bookings, latest first (cancelled ones included)",
      security: [{ bearer: [] }],
      middleware: [account] as const,
      responses: {
        200: { description: 'Bookings', content: json(interviewListSchema) },
        ...errorResponses(401, 403),
      },
    }),
    async (c) =>
      c.json({ interviews: await familyInterviews(deps.db, c.get('user').id, schedule.minutes) }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/interviews',
      summary: 'Books a free slot for the family (the chosen child, or the first one)',
      description:
        'A family holds at most one upcoming interview: booking again answers 409 `already_booked` (reschedule with PATCH instead). A slot someone holds answers 409 `slot_taken`, also when two families book it at the same moment. A time that is not a free configured slot answers 400 naming `startsAt`.',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { body: { content: json(bookInterviewSchema), required: true } },
      responses: {
        201: { description: 'The booking', content: json(interviewSchema) },
        ...errorResponses(400, 401, 403, 404, 409, 413),
      },
    }),
    async (c) => {
      const booking = await refusalsAsErrors(() =>
        bookInterview(deps.db, schedule, c.get('user').id, c.req.valid('json'), new Date()),
      );
      return c.json(booking, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/interviews/{id}',
      summary: "One of the family's bookings (another family's answers 404)",
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params },
      responses: {
        200: { description: 'The booking', content: json(interviewSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const booking = await findFamilyInterview(
        deps.db,
        c.get('user').id,
        c.req.valid('param').id,
        schedule.minutes,
      );
      if (!booking) throw notFound('That interview');
      return c.json(booking, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/interviews/{id}',
      summary: 'Moves the booking to another free slot (the old one is freed in the same step)',
      description: 'Raises the calendar SEQUENCE. 409 `slot_taken` leaves the booking where it was.',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params, body: { content: json(rescheduleInterviewSchema), required: true } },
      responses: {
        200: { description: 'The moved booking', content: json(interviewSchema) },
        ...errorResponses(400, 401, 403, 404, 409, 413),
      },
    }),
    async (c) => {
      const booking = await refusalsAsErrors(() =>
        rescheduleInterview(
          deps.db,
          schedule,
          c.get('user').id,
          c.req.valid('param').id,
          c.req.valid('json').startsAt,
          new Date(),
        ),
      );
      return c.json(booking, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/interviews/{id}',
      summary: 'Cancels the booking; the slot is free again at once',
      description: 'The booking stays listed as cancelled, with a raised SEQUENCE for calendars.',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params },
      responses: {
        200: { description: 'The cancelled booking', content: json(interviewSchema) },
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const booking = await refusalsAsErrors(() =>
        cancelInterview(deps.db, schedule, c.get('user').id, c.req.valid('param').id, new Date()),
      );
      return c.json(booking, 200);
    },
  );
}
