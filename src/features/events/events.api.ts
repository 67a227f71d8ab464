import * as z from 'zod';
import { adminPageSchema } from '~/platform/admin/list.schema';
import { idParamsSchema, uuidSchema } from '~/platform/http/common.schema';
import { contract } from '~/platform/http/contract';
import {
  adminEventSchema,
  adminEventsQuerySchema,
  eventCancelSchema,
  eventChangeSchema,
  eventPatchSchema,
  eventRegistrationListSchema,
} from './admin.schema';
import {
  eventInputSchema,
  eventListSchema,
  eventSchema,
  familyRegistrationsSchema,
  registrationInputSchema,
} from './events.schema';

const eventParams = z.object({ eventId: uuidSchema });
const registrationParams = z.object({ eventId: uuidSchema, childId: uuidSchema });
const adminParams = idParamsSchema;

/** The public events, a family's registrations, and the admin console's events. */
export const eventsApi = {
  list: contract('listEvents', 'GET /events', {
    summary: 'Upcoming events, soonest first, then recent past ones (public)',
    access: 'public',
    status: 200,
    response: eventListSchema,
    returns: 'Events',
  }),
  get: contract('getEvent', 'GET /events/{eventId}', {
    summary: 'One event (public)',
    access: 'public',
    params: eventParams,
    status: 200,
    response: eventSchema,
    returns: 'The event',
  }),
  registrations: contract('listEventRegistrations', 'GET /events/{eventId}/registrations', {
    summary: "Which of the signed-in family's children are registered, and the seats left",
    access: 'account',
    params: eventParams,
    status: 200,
    response: familyRegistrationsSchema,
    returns: "The family's registrations",
  }),
  register: contract('registerForEvent', 'POST /events/{eventId}/registrations', {
    summary: 'Registers a child of the family for an event (takes one seat)',
    description:
      'Answers 409 with `event_full`, `event_over`, `event_cancelled` or `already_registered` when no seat is taken. Another family’s child answers 404.',
    access: 'account',
    params: eventParams,
    body: registrationInputSchema,
    status: 201,
    response: familyRegistrationsSchema,
    returns: "The family's registrations, now including the child",
    errors: [409],
  }),
  cancelRegistration: contract(
    'cancelEventRegistration',
    'DELETE /events/{eventId}/registrations/{childId}',
    {
      summary: "Cancels a child's registration (gives the seat back)",
      access: 'account',
      params: registrationParams,
      status: 200,
      response: familyRegistrationsSchema,
      returns: "The family's registrations, without the child",
      errors: [409],
    },
  ),
  adminList: contract('adminListEvents', 'GET /admin/events', {
    summary: 'Every event, upcoming first, with seats taken and status (administrators only)',
    access: 'admin',
    query: adminEventsQuerySchema,
    status: 200,
    response: adminPageSchema(adminEventSchema, 'AdminEventPage'),
    returns: 'A page of events',
  }),
  adminCreate: contract('adminCreateEvent', 'POST /admin/events', {
    summary: 'Creates an event (administrators only)',
    access: 'admin',
    body: eventInputSchema,
    status: 201,
    response: adminEventSchema,
    returns: 'The new event',
  }),
  adminGet: contract('adminGetEvent', 'GET /admin/events/{id}', {
    summary: 'One event with its joining link and seats taken (administrators only)',
    access: 'admin',
    params: adminParams,
    status: 200,
    response: adminEventSchema,
    returns: 'The event',
  }),
  adminUpdate: contract('adminUpdateEvent', 'PATCH /admin/events/{id}', {
    summary: 'Changes an event (administrators only)',
    description:
      'Every change raises `sequence` (calendars replace their copy of the .ics). A new time or place notifies each registered child. The capacity never goes below the seats taken (409 `conflict`); a cancelled event cannot be changed (409 `event_cancelled`).',
    access: 'admin',
    params: adminParams,
    body: eventPatchSchema,
    status: 200,
    response: eventChangeSchema,
    returns: 'The event as saved, and how many children were told',
    errors: [409],
  }),
  adminCancel: contract('adminCancelEvent', 'POST /admin/events/{id}/cancel', {
    summary: 'Cancels an event and notifies every registered child (administrators only)',
    description:
      'The event stays listed as cancelled (schema.org EventCancelled, .ics STATUS:CANCELLED). A second cancel answers 409 `event_cancelled` and notifies nobody; an event that has ended answers 409 `event_over`.',
    access: 'admin',
    params: adminParams,
    body: eventCancelSchema,
    status: 200,
    response: eventChangeSchema,
    returns: 'The cancelled event, and how many children were told',
    errors: [409],
  }),
  adminRegistrations: contract('adminListEventRegistrations', 'GET /admin/events/{id}/registrations', {
    summary: 'The children registered for an event, with their parents (administrators only)',
    access: 'admin',
    params: adminParams,
    status: 200,
    response: eventRegistrationListSchema,
    returns: 'The registrations and their count',
  }),
};
