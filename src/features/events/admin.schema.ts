import * as z from 'zod';
import { adminListQuery } from '~/platform/admin/list.schema';
import { instant, patchSchema } from '~/platform/http/common.schema';
import { eventFields, eventSchema } from './events.schema';

/** What an administrator sends to change an event: any of its fields, at least one. */
export const eventPatchSchema = patchSchema(eventFields).meta({ id: 'EventPatch' });
export type EventPatch = z.infer<typeof eventPatchSchema>;

/** Why the event is cancelled, told to the registered families with the news (optional). */
export const eventCancelSchema = z
  .object({
    reason: z
      .string({ error: 'Write the reason as text.' })
      .trim()
      .max(300, 'Keep the reason to 300 characters or fewer.')
      .refine((v) => !/[<>]/.test(v), 'Use letters, numbers and punctuation only.')
      .default(''),
  })
  .strict()
  .meta({ id: 'EventCancel' });

/** An event as the admin console sees it: the joining link and the seats taken included. */
export const adminEventSchema = eventSchema
  .extend({
    /** The joining link of an online event (the public event only says whether it is online). */
    onlineUrl: z.string().nullable(),
    seatsTaken: z.int(),
    createdAt: instant,
  })
  .meta({ id: 'AdminEvent' });
export type AdminEvent = z.infer<typeof adminEventSchema>;

/** After a change: the event, and how many registered children were told about it. */
export const eventChangeSchema = z
  .object({ event: adminEventSchema, notified: z.int() })
  .meta({ id: 'AdminEventChange' });
export type EventChange = z.infer<typeof eventChangeSchema>;

const EVENT_SORTS = ['upcoming', 'startsAt', 'title', 'seats'] as const;
const EVENT_SHOWS = ['', 'upcoming', 'past', 'cancelled'] as const;
export const adminEventsQuerySchema = adminListQuery(EVENT_SORTS, { sort: 'upcoming', dir: 'asc' }).extend({
  show: z.enum(EVENT_SHOWS, { error: 'Show upcoming, past, cancelled or every event.' }).default(''),
});

/** One child registered for an event, with the parent to contact. */
const eventRegistrationEntrySchema = z
  .object({
    childId: z.string(),
    childFirstName: z.string(),
    parentName: z.string(),
    parentEmail: z.string(),
    registeredAt: instant,
  })
  .meta({ id: 'EventRegistrationEntry' });

export const eventRegistrationListSchema = z
  .object({
    eventId: z.string(),
    count: z.int(),
    capacity: z.int(),
    items: z.array(eventRegistrationEntrySchema),
  })
  .meta({ id: 'EventRegistrationList' });
export type EventRegistrationList = z.infer<typeof eventRegistrationListSchema>;
