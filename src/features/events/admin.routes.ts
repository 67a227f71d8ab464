import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { adminPageSchema } from '~/platform/admin/list.schema';
import { DomainError, notFound } from '~/platform/errors';
import { uuidSchema } from '~/platform/http/common.schema';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { errorResponses, json } from '~/platform/http/contract';
import { requireAdmin } from '~/platform/http/middleware.server';
import {
  adminEventSchema,
  adminEventsQuerySchema,
  eventCancelSchema,
  eventChangeSchema,
  eventPatchSchema,
  eventRegistrationListSchema,
} from './admin.schema';
import {
  cancelEvent,
  createEventAudited,
  type EventChangeResult,
  eventRegistrationList,
  findAdminEvent,
  listAdminEvents,
  updateEvent,
} from './admin.server';
import { eventInputSchema } from './events.schema';

const eventParams = z.object({ id: uuidSchema });

/** The API answer of a change, or the error that says why it could not be made. */
function changed(result: EventChangeResult) {
  switch (result.kind) {
    case 'ok':
      return { event: result.event, notified: result.notified };
    case 'not_found':
      throw notFound('That event');
    case 'cancelled':
      throw new DomainError('event_cancelled', 'This event is already cancelled, so it cannot be changed.');
    case 'over':
      throw new DomainError('event_over', 'This event has already taken place, so it cannot be cancelled.');
    case 'invalid':
      throw new DomainError('validation_failed', 'Some of what was sent is not valid.', result.fields);
    case 'capacity': {
      const taken = result.seatsTaken;
      const message = `${taken} ${taken === 1 ? 'seat is' : 'seats are'} already taken: the capacity cannot go below ${taken}.`;
      throw new DomainError('conflict', message, { capacity: message });
    }
  }
}

/** Administrators only: events: create, list, edit, cancel, registrations. */
export function adminEventsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const admin = requireAdmin(deps);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/events',
      summary: 'Every event, upcoming first, with seats taken and status (administrators only)',
      operationId: 'adminListEvents',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { query: adminEventsQuerySchema },
      responses: {
        200: {
          description: 'A page of events',
          content: json(adminPageSchema(adminEventSchema, 'AdminEventPage')),
        },
        ...errorResponses(400, 401, 403),
      },
    }),
    async (c) => c.json(await listAdminEvents(deps.db, c.req.valid('query')), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/admin/events',
      summary: 'Creates an event (administrators only)',
      operationId: 'adminCreateEvent',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { body: { content: json(eventInputSchema), required: true } },
      responses: {
        201: { description: 'The new event', content: json(adminEventSchema) },
        ...errorResponses(400, 401, 403, 413),
      },
    }),
    async (c) => c.json(await createEventAudited(deps.db, c.get('user').id, c.req.valid('json')), 201),
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/events/{id}',
      summary: 'One event with its joining link and seats taken (administrators only)',
      operationId: 'adminGetEvent',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { params: eventParams },
      responses: {
        200: { description: 'The event', content: json(adminEventSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const event = await findAdminEvent(deps.db, c.req.valid('param').id);
      if (!event) throw notFound('That event');
      return c.json(event, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/admin/events/{id}',
      summary: 'Changes an event (administrators only)',
      operationId: 'adminUpdateEvent',
      description:
        'Every change raises `sequence` (calendars replace their copy of the .ics). A new time or place notifies each registered child. The capacity never goes below the seats taken (409 `conflict`); a cancelled event cannot be changed (409 `event_cancelled`).',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { params: eventParams, body: { content: json(eventPatchSchema), required: true } },
      responses: {
        200: {
          description: 'The event as saved, and how many children were told',
          content: json(eventChangeSchema),
        },
        ...errorResponses(400, 401, 403, 404, 409, 413),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(changed(await updateEvent(deps.db, c.get('user').id, id, c.req.valid('json'))), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/admin/events/{id}/cancel',
      summary: 'Cancels an event and notifies every registered child (administrators only)',
      operationId: 'adminCancelEvent',
      description:
        'The event stays listed as cancelled (schema.org EventCancelled, .ics STATUS:CANCELLED). A second cancel answers 409 `event_cancelled` and notifies nobody; an event that has ended answers 409 `event_over`.',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { params: eventParams, body: { content: json(eventCancelSchema), required: true } },
      responses: {
        200: {
          description: 'The cancelled event, and how many children were told',
          content: json(eventChangeSchema),
        },
        ...errorResponses(400, 401, 403, 404, 409, 413),
      },
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const { reason } = c.req.valid('json');
      return c.json(changed(await cancelEvent(deps.db, c.get('user').id, id, reason)), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/admin/events/{id}/registrations',
      summary: 'The children registered for an event, with their parents (administrators only)',
      operationId: 'adminListEventRegistrations',
      security: [{ bearer: [] }],
      middleware: [admin] as const,
      request: { params: eventParams },
      responses: {
        200: { description: 'The registrations and their count', content: json(eventRegistrationListSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const list = await eventRegistrationList(deps.db, c.req.valid('param').id);
      if (!list) throw notFound('That event');
      return c.json(list, 200);
    },
  );
}
