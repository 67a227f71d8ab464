import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { notFound } from '~/platform/errors';
import { uuidSchema } from '~/platform/http/common.schema';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { errorResponses, json } from '~/platform/http/contract';
import { requireAccount } from '~/platform/http/middleware.server';
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
  rescheduleInterview,
} from './interviews.server';
import { DEFAULT_INTERVIEW_WEEKS } from './slots';

const params = z.object({ id: uuidSchema });

/** The introductory interview: free slots, and a family's booking, rescheduling and cancelling. */
export function interviewsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const account = requireAccount(deps);
  const schedule = deps.interviewSchedule ?? defaultInterviewSchedule();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/interviews/slots',
      summary: 'The free interview slots of the next three weeks (configured slots nobody holds)',
      operationId: 'listInterviewSlots',
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
      operationId: 'listMyInterviews',
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
      operationId: 'bookInterview',
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
      const booking = await bookInterview(
        deps.db,
        schedule,
        c.get('user').id,
        c.req.valid('json'),
        new Date(),
      );
      return c.json(booking, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/interviews/{id}',
      summary: "One of the family's bookings (another family's answers 404)",
      operationId: 'getInterview',
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
      operationId: 'rescheduleInterview',
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
      const booking = await rescheduleInterview(
        deps.db,
        schedule,
        c.get('user').id,
        c.req.valid('param').id,
        c.req.valid('json').startsAt,
        new Date(),
      );
      return c.json(booking, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/interviews/{id}',
      summary: 'Cancels the booking; the slot is free again at once',
      operationId: 'cancelInterview',
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
      const booking = await cancelInterview(
        deps.db,
        schedule,
        c.get('user').id,
        c.req.valid('param').id,
        new Date(),
      );
      return c.json(booking, 200);
    },
  );
}
