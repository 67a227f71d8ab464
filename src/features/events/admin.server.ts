import { and, asc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import { notifyChild } from '~/features/notifications/notifications.server';
import { recordAudit } from '~/platform/admin/audit.server';
import { containsSearch, orderOf, tablePage } from '~/platform/admin/list.server';
import type { Db, Tx } from '~/platform/db/client.server';
import { onlyRow } from '~/platform/db/client.server';
import { children, eventRegistrations, events, users } from '~/platform/db/schema.server';
import { pagePath } from '~/platform/routes';
import type { AdminEvent, EventPatch, EventRegistrationList } from './admin.schema';
import { placeLine } from './events';
import { ADDRESS_FIELDS, eventInputSchema, type ParsedEventInput } from './events.schema';
import { eventDto, eventTimes, eventWhatWhenWhere } from './events.server';

type EventRow = typeof events.$inferSelect;

/** The public event, and what only the team sees: the link itself, seats taken, when it was added. */
function adminEventDto(e: EventRow): AdminEvent {
  return {
    ...eventDto(e),
    onlineUrl: e.onlineUrl,
    seatsTaken: e.seatsTaken,
    createdAt: e.createdAt.toISOString(),
  };
}

/** Upcoming events soonest first, then past ones most recent first, as one sortable number. */
const upcomingFirst = sql`case when ${events.endsAt} > now() then extract(epoch from ${events.startsAt})
  else 1e12 - extract(epoch from ${events.startsAt}) end`;

export async function listAdminEvents(
  db: Db,
  query: { q: string; sort: string; dir: 'asc' | 'desc'; page: number; limit: number; show: string },
) {
  const now = new Date();
  const shown: Record<string, SQL | undefined> = {
    upcoming: and(gt(events.endsAt, now), eq(events.status, 'scheduled')),
    past: lte(events.endsAt, now),
    cancelled: eq(events.status, 'cancelled'),
  };
  const where = and(
    containsSearch(query.q, [events.title, events.location, events.addressLocality, events.description]),
    shown[query.show],
  );
  const column: Record<string, SQL> = {
    upcoming: upcomingFirst,
    startsAt: sql`${events.startsAt}`,
    title: sql`lower(${events.title})`,
    seats: sql`${events.seatsTaken}`,
  };
  const order = orderOf(column[query.sort] ?? upcomingFirst, query.dir, events.id);
  return tablePage(db, events, where, order, query, adminEventDto);
}

export async function findAdminEvent(db: Db, id: string): Promise<AdminEvent | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  return row ? adminEventDto(row) : undefined;
}

/** An event's editable columns, from a checked input (absent optional fields stored as null). */
const eventColumns = (input: ParsedEventInput) => ({
  title: input.title,
  description: input.description,
  startsAt: new Date(input.startsAt),
  endsAt: new Date(input.endsAt),
  location: input.location ?? null,
  streetAddress: input.streetAddress ?? null,
  addressLocality: input.addressLocality ?? null,
  addressRegion: input.addressRegion ?? null,
  postalCode: input.postalCode ?? null,
  addressCountry: input.addressCountry ?? null,
  onlineUrl: input.onlineUrl ?? null,
  ageMin: input.ageMin ?? null,
  ageMax: input.ageMax ?? null,
  capacity: input.capacity,
});

export async function createEventAudited(db: Db, actorId: string, input: ParsedEventInput) {
  return db.transaction(async (tx) => {
    const row = onlyRow(await tx.insert(events).values(eventColumns(input)).returning());
    await recordAudit(tx, actorId, 'event.create', row.id, {
      title: row.title,
      startsAt: input.startsAt,
      capacity: row.capacity,
    });
    return adminEventDto(row);
  });
}

export type EventChangeResult =
  | { kind: 'ok'; event: AdminEvent; notified: number }
  | { kind: 'not_found' }
  | { kind: 'cancelled' }
  | { kind: 'over' }
  | { kind: 'invalid'; fields: Record<string, string> }
  | { kind: 'capacity'; seatsTaken: number };

/** The children registered for an event, with their first names, oldest registration first. */
async function registeredChildren(tx: Tx | Db, eventId: string) {
  return tx
    .select({ id: children.id, firstName: children.firstName })
    .from(eventRegistrations)
    .innerJoin(children, eq(children.id, eventRegistrations.childId))
    .where(eq(eventRegistrations.eventId, eventId))
    .orderBy(asc(eventRegistrations.createdAt));
}

const where = (e: EventRow) =>
  [placeLine(e), e.onlineUrl ? 'Online: the joining link is on the event page.' : null]
    .filter(Boolean)
    .join('. ');

const FIELDS = [
  'title',
  'description',
  'startsAt',
  'endsAt',
  'location',
  ...ADDRESS_FIELDS,
  'onlineUrl',
  'ageMin',
  'ageMax',
  'capacity',
] as const;
/** What families plan their day around: a change to one of these is worth a notification. */
const MOVES = new Set<string>(['startsAt', 'endsAt', 'location', 'onlineUrl', ...ADDRESS_FIELDS]);

/** The event as the edit form's input, for the patch to be merged into and checked whole. */
function asInput(e: EventRow) {
  return {
    ...eventWhatWhenWhere(e),
    onlineUrl: e.onlineUrl,
    ageMin: e.ageMin,
    ageMax: e.ageMax,
    capacity: e.capacity,
  };
}

type Changes = Record<string, { from: unknown; to: unknown }>;

/** Each field the edit changes, from what to what (times compared as instants). */
function changesOf(before: ReturnType<typeof asInput>, after: ParsedEventInput): Changes {
  const changes: Changes = {};
  for (const key of FIELDS) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    const same =
      key === 'startsAt' || key === 'endsAt'
        ? Date.parse(String(from)) === Date.parse(String(to))
        : from === to;
    if (!same) changes[key] = { from, to };
  }
  return changes;
}

/** Tells each registered child of a new time or place of an event still to come; answers how many. */
async function tellOfMove(tx: Tx, row: EventRow, changes: Changes): Promise<number> {
  const moved = Object.keys(changes).some((k) => MOVES.has(k));
  if (!moved || row.endsAt.getTime() <= Date.now()) return 0;
  const timeChanged = 'startsAt' in changes || 'endsAt' in changes;
  const placeChanged = ['location', 'onlineUrl', ...ADDRESS_FIELDS].some((k) => k in changes);
  const what = timeChanged && placeChanged ? 'time and place' : timeChanged ? 'time' : 'place';
  let notified = 0;
  for (const child of await registeredChildren(tx, row.id)) {
    await notifyChild(tx, child.id, {
      kind: 'event',
      title: `New ${what} for ${row.title}`,
      body: `${child.firstName}’s event is now {when}. ${where(row)}`,
      times: eventTimes(row),
      link: pagePath('/events/{id}', row.id),
    });
    notified++;
  }
  return notified;
}

/**
 * Applies changes to an event in one transaction, with the row locked so a registration cannot
 * take a seat between the capacity check and the update. Every real change raises the
 * iCalendar SEQUENCE; a new time or place is told to each registered child.
 */
export async function updateEvent(
  db: Db,
  actorId: string,
  id: string,
  patch: EventPatch,
): Promise<EventChangeResult> {
  return db.transaction(async (tx): Promise<EventChangeResult> => {
    const [current] = await tx.select().from(events).where(eq(events.id, id)).for('update');
    if (!current) return { kind: 'not_found' };
    if (current.status === 'cancelled') return { kind: 'cancelled' };
    const before = asInput(current);
    const merged = eventInputSchema.safeParse({ ...before, ...patch });
    if (!merged.success) {
      const fields: Record<string, string> = {};
      for (const issue of merged.error.issues) fields[String(issue.path[0] ?? 'body')] ??= issue.message;
      return { kind: 'invalid', fields };
    }
    const after = merged.data;
    if (after.capacity < current.seatsTaken) return { kind: 'capacity', seatsTaken: current.seatsTaken };
    const changes = changesOf(before, after);
    if (Object.keys(changes).length === 0) return { kind: 'ok', event: adminEventDto(current), notified: 0 };
    const row = onlyRow(
      await tx
        .update(events)
        .set({
          ...eventColumns(after),
          sequence: sql`${events.sequence} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(events.id, id))
        .returning(),
    );
    const notified = await tellOfMove(tx, row, changes);
    await recordAudit(tx, actorId, 'event.edit', id, {
      title: row.title,
      changes,
      sequence: row.sequence,
      notified,
    });
    return { kind: 'ok', event: adminEventDto(row), notified };
  });
}

/**
 * Cancels an event and tells each registered child, once: only the request whose conditional
 * update finds the event still scheduled goes on to notify, so two admins pressing at once (or a
 * retried request) never send the news twice. Registrations are kept, as the record of who was told.
 */
export async function cancelEvent(
  db: Db,
  actorId: string,
  id: string,
  reason: string,
): Promise<EventChangeResult> {
  return db.transaction(async (tx): Promise<EventChangeResult> => {
    const [row] = await tx
      .update(events)
      .set({ status: 'cancelled', sequence: sql`${events.sequence} + 1`, updatedAt: new Date() })
      .where(and(eq(events.id, id), eq(events.status, 'scheduled'), sql`${events.endsAt} > now()`))
      .returning();
    if (!row) {
      const [current] = await tx.select({ status: events.status }).from(events).where(eq(events.id, id));
      if (!current) return { kind: 'not_found' };
      return current.status === 'cancelled' ? { kind: 'cancelled' } : { kind: 'over' };
    }
    const registered = await registeredChildren(tx, id);
    for (const child of registered) {
      await notifyChild(tx, child.id, {
        kind: 'event',
        title: `${row.title} is cancelled`,
        body: `${child.firstName}’s event on {when} will not take place.${reason ? ` ${reason}` : ''} We are sorry for the change of plans.`,
        times: eventTimes(row),
        link: pagePath('/events/{id}', row.id),
      });
    }
    await recordAudit(tx, actorId, 'event.cancel', id, {
      title: row.title,
      notified: registered.length,
      ...(reason ? { reason } : {}),
    });
    return { kind: 'ok', event: adminEventDto(row), notified: registered.length };
  });
}

/** Who registered for an event: each child's first name and the parent to contact. */
export async function eventRegistrationList(db: Db, id: string): Promise<EventRegistrationList | undefined> {
  const [event] = await db.select({ capacity: events.capacity }).from(events).where(eq(events.id, id));
  if (!event) return undefined;
  const rows = await db
    .select({
      childId: children.id,
      childFirstName: children.firstName,
      parentName: users.displayName,
      parentEmail: users.email,
      registeredAt: eventRegistrations.createdAt,
    })
    .from(eventRegistrations)
    .innerJoin(children, eq(children.id, eventRegistrations.childId))
    .innerJoin(users, eq(users.id, children.userId))
    .where(eq(eventRegistrations.eventId, id))
    .orderBy(asc(eventRegistrations.createdAt), asc(eventRegistrations.id));
  return {
    eventId: id,
    count: rows.length,
    capacity: event.capacity,
    items: rows.map((r) => ({ ...r, registeredAt: r.registeredAt.toISOString() })),
  };
}
