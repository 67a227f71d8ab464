import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { notFound } from '~/platform/errors';
import { uuidSchema } from '~/platform/http/common.schema';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { errorResponses } from '~/platform/http/contract';
import { requireAccount } from '~/platform/http/middleware.server';
import { findOwnChild } from '~/platform/identity/accounts.server';
import {
  eventListSchema,
  eventSchema,
  familyRegistrationsSchema,
  registrationInputSchema,
} from './events.schema';
import {
  cancelRegistration,
  familyRegistrations,
  findEvent,
  listEvents,
  registerChild,
} from './events.server';

const eventParams = z.object({ eventId: uuidSchema });
const registrationParams = z.object({ eventId: uuidSchema, childId: uuidSchema });

/** The public events and a family's registrations; creating and changing events is in adminEvents.ts. */
export function eventsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const account = requireAccount(deps);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/events',
      summary: 'Upcoming events, soonest first, then recent past ones (public)',
      operationId: 'listEvents',
      security: [],
      responses: {
        200: { description: 'Events', content: { 'application/json': { schema: eventListSchema } } },
      },
    }),
    async (c) => {
      // The same for everyone; seats left may be a few seconds old (registering re-checks).
      c.header('Cache-Control', 'public, max-age=15');
      return c.json(await listEvents(deps.db), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/events/{eventId}',
      summary: 'One event (public)',
      operationId: 'getEvent',
      security: [],
      request: { params: eventParams },
      responses: {
        200: { description: 'The event', content: { 'application/json': { schema: eventSchema } } },
        ...errorResponses(400, 404),
      },
    }),
    async (c) => {
      const event = await findEvent(deps.db, c.req.valid('param').eventId);
      if (!event) throw notFound('That event');
      c.header('Cache-Control', 'public, max-age=15');
      return c.json(event, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/events/{eventId}/registrations',
      summary: "Which of the signed-in family's children are registered, and the seats left",
      operationId: 'listEventRegistrations',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: eventParams },
      responses: {
        200: {
          description: "The family's registrations",
          content: { 'application/json': { schema: familyRegistrationsSchema } },
        },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const state = await familyRegistrations(deps.db, c.req.valid('param').eventId, c.get('user').id);
      if (!state) throw notFound('That event');
      return c.json(state, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/events/{eventId}/registrations',
      summary: 'Registers a child of the family for an event (takes one seat)',
      operationId: 'registerForEvent',
      description:
        'Answers 409 with `event_full`, `event_over`, `event_cancelled` or `already_registered` when no seat is taken. Another family’s child answers 404.',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: {
        params: eventParams,
        body: { content: { 'application/json': { schema: registrationInputSchema } }, required: true },
      },
      responses: {
        201: {
          description: "The family's registrations, now including the child",
          content: { 'application/json': { schema: familyRegistrationsSchema } },
        },
        ...errorResponses(400, 401, 403, 404, 409, 413),
      },
    }),
    async (c) => {
      const { eventId } = c.req.valid('param');
      const user = c.get('user');
      const child = await findOwnChild(deps.db, user.id, c.req.valid('json').childId);
      if (!child) throw notFound('That child');
      await registerChild(deps.db, eventId, child);
      const state = await familyRegistrations(deps.db, eventId, user.id);
      if (!state) throw notFound('That event');
      return c.json(state, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/events/{eventId}/registrations/{childId}',
      summary: "Cancels a child's registration (gives the seat back)",
      operationId: 'cancelEventRegistration',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: registrationParams },
      responses: {
        200: {
          description: "The family's registrations, without the child",
          content: { 'application/json': { schema: familyRegistrationsSchema } },
        },
        ...errorResponses(400, 401, 403, 404, 409),
      },
    }),
    async (c) => {
      const { eventId, childId } = c.req.valid('param');
      const user = c.get('user');
      const child = await findOwnChild(deps.db, user.id, childId);
      if (!child) throw notFound('That child');
      await cancelRegistration(deps.db, eventId, child);
      const state = await familyRegistrations(deps.db, eventId, user.id);
      if (!state) throw notFound('That event');
      return c.json(state, 200);
    },
  );
}
