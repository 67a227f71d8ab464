import type { OpenAPIHono } from '@hono/zod-openapi';
import { DomainError, notFound } from '~/platform/errors';
import { adminRecordRoutes } from '~/platform/http/adminRecords.server';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import {
  cancelEvent,
  createEventAudited,
  type EventChangeResult,
  eventRegistrationList,
  findAdminEvent,
  listAdminEvents,
  updateEvent,
} from './admin.server';
import { eventsApi as api } from './events.api';

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
  adminRecordRoutes(app, deps, 'That event', {
    list: [api.adminList, listAdminEvents],
    create: [api.adminCreate, createEventAudited],
    get: [api.adminGet, findAdminEvent],
  });

  route(app, deps, api.adminUpdate, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(changed(await updateEvent(deps.db, c.get('user').id, id, c.req.valid('json'))), 200);
  });

  route(app, deps, api.adminCancel, async (c) => {
    const { id } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    return c.json(changed(await cancelEvent(deps.db, c.get('user').id, id, reason)), 200);
  });

  route(app, deps, api.adminRegistrations, async (c) => {
    const list = await eventRegistrationList(deps.db, c.req.valid('param').id);
    if (!list) throw notFound('That event');
    return c.json(list, 200);
  });
}
