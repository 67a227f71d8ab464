import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFound } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { listInterviewBookings } from './admin.server';
import { bookInterview, cancelInterview, rescheduleInterview } from './booking.server';
import { withEventClashes } from './clashes.server';
import { interviewsApi as api } from './interviews.api';
import {
  defaultInterviewSchedule,
  familyInterviews,
  familySlots,
  findFamilyInterview,
} from './interviews.server';
import { DEFAULT_INTERVIEW_WEEKS } from './slots';

/**
 * The introductory interview: free slots, a family's booking, rescheduling and cancelling, and the
 * team's list of bookings (administrators only).
 */
export function interviewsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const schedule = deps.interviewSchedule ?? defaultInterviewSchedule();

  route(app, deps, api.slots, async (c) => {
    const userId = c.get('user').id;
    const free = await familySlots(deps.db, schedule, userId, c.req.valid('query').childId, new Date());
    const slots = await withEventClashes(deps.db, userId, free.slots);
    const { timeZone, minutes } = schedule;
    return c.json(
      { guideName: free.guideName, timeZone, minutes, weeks: DEFAULT_INTERVIEW_WEEKS, slots },
      200,
    );
  });

  route(app, deps, api.adminList, async (c) =>
    c.json(await listInterviewBookings(deps.db, schedule, c.req.valid('query'), new Date()), 200),
  );

  route(app, deps, api.mine, async (c) =>
    c.json({ interviews: await familyInterviews(deps.db, c.get('user').id, schedule) }, 200),
  );

  route(app, deps, api.book, async (c) => {
    const booking = await bookInterview(deps.db, schedule, c.get('user').id, c.req.valid('json'), new Date());
    return c.json(booking, 201);
  });

  route(app, deps, api.get, async (c) => {
    const booking = await findFamilyInterview(deps.db, c.get('user').id, c.req.valid('param').id, schedule);
    if (!booking) throw notFound('That interview');
    return c.json(booking, 200);
  });

  route(app, deps, api.reschedule, async (c) => {
    const booking = await rescheduleInterview(
      deps.db,
      schedule,
      c.get('user').id,
      c.req.valid('param').id,
      c.req.valid('json').startsAt,
      new Date(),
    );
    return c.json(booking, 200);
  });

  route(app, deps, api.cancel, async (c) => {
    const booking = await cancelInterview(
      deps.db,
      schedule,
      c.get('user').id,
      c.req.valid('param').id,
      new Date(),
    );
    return c.json(booking, 200);
  });
}
