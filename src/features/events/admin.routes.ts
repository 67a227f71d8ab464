import type { OpenAPIHono } from '@hono/zod-openapi';
import { notFound } from '~/platform/errors';
import { adminRecordRoutes } from '~/platform/http/adminRecords.server';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import {
  cancelEvent,
  createEventAudited,
  eventRegistrationList,
  findAdminEvent,
  listAdminEvents,
  updateEvent,
} from './admin.server';
import { eventChanged } from './eventChange.server';
import { eventsApi as api } from './events.api';

/** Administrators only: events: create, list, edit, cancel, registrations. */
export function adminEventsRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  adminRecordRoutes(app, deps, 'That event', {
    list: [api.adminList, listAdminEvents],
    create: [api.adminCreate, createEventAudited],
    get: [api.adminGet, findAdminEvent],
  });

  route(app, deps, api.adminUpdate, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(eventChanged(await updateEvent(deps.db, c.get('user').id, id, c.req.valid('json'))), 200);
  });

  route(app, deps, api.adminCancel, async (c) => {
    const { id } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    return c.json(eventChanged(await cancelEvent(deps.db, c.get('user').id, id, reason)), 200);
  });

  route(app, deps, api.adminRegistrations, async (c) => {
    const list = await eventRegistrationList(deps.db, c.req.valid('param').id);
    if (!list) throw notFound('That event');
    return c.json(list, 200);
  });
}
