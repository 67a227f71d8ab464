import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFound } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { findOwnChild } from '~/platform/identity/accounts.server';
import { DEFAULT_INTERVIEW_MINUTES } from '~/platform/weeklySlots';
import { eventsApi as api } from './events.api';
import {
  cancelRegistration,
  familyRegistrations,
  findEvent,
  listEvents,
  registerChild,
} from './events.server';

/** The public events and a family's registrations; creating and changing events is in admin.routes.ts. */
export function eventsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  // An interview of the family's at the same time as an event is told of, at its real length.
  const minutes = deps.interviewSchedule?.minutes ?? DEFAULT_INTERVIEW_MINUTES;
  route(app, deps, api.list, async (c) => {
    // The same for everyone; seats left may be a few seconds old (registering re-checks).
    c.header('Cache-Control', 'public, max-age=15');
    return c.json(await listEvents(deps.db), 200);
  });

  route(app, deps, api.get, async (c) => {
    const event = await findEvent(deps.db, c.req.valid('param').eventId);
    if (!event) throw notFound('That event');
    c.header('Cache-Control', 'public, max-age=15');
    return c.json(event, 200);
  });

  route(app, deps, api.registrations, async (c) => {
    const state = await familyRegistrations(deps.db, c.req.valid('param').eventId, c.get('user').id, minutes);
    if (!state) throw notFound('That event');
    return c.json(state, 200);
  });

  route(app, deps, api.register, async (c) => {
    const { eventId } = c.req.valid('param');
    const user = c.get('user');
    const child = await findOwnChild(deps.db, user.id, c.req.valid('json').childId);
    if (!child) throw notFound('That child');
    await registerChild(deps.db, eventId, child);
    const state = await familyRegistrations(deps.db, eventId, user.id, minutes);
    if (!state) throw notFound('That event');
    return c.json(state, 201);
  });

  route(app, deps, api.cancelRegistration, async (c) => {
    const { eventId, childId } = c.req.valid('param');
    const user = c.get('user');
    const child = await findOwnChild(deps.db, user.id, childId);
    if (!child) throw notFound('That child');
    await cancelRegistration(deps.db, eventId, child);
    const state = await familyRegistrations(deps.db, eventId, user.id, minutes);
    if (!state) throw notFound('That event');
    return c.json(state, 200);
  });
}
