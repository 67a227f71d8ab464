import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm';
import { interviewDuring } from '~/features/interviews/clashes.server';
import { notifyChild } from '~/features/notifications/notifications.server';
import type { Db } from '~/platform/db/client.server';
import { children, eventRegistrations, events } from '~/platform/db/schema.server';
import { DomainError, notFound } from '~/platform/errors';
import type { ChildRow } from '~/platform/identity/accounts.server';
import { isUuid } from '~/platform/ids';
import { pagePath } from '~/platform/routes';
import { DEFAULT_INTERVIEW_MINUTES } from '~/platform/weeklySlots';
import { PAST_EVENTS_SHOWN, seatsLeft, splitEvents } from './events';
import type { EventDto, EventList, FamilyRegistrations } from './events.schema';

type EventRow = typeof events.$inferSelect;

/** How many events the public list reads, newest start first: every upcoming one and recent past ones. */
const LIST_LIMIT = 300;

/** An event's words, times and place, as the family's and the team's payloads both write them. */
export function eventWhatWhenWhere(e: EventRow) {
  return {
    title: e.title,
    description: e.description,
    startsAt: e.startsAt.toISOString(),
    endsAt: e.endsAt.toISOString(),
    location: e.location,
    streetAddress: e.streetAddress,
    addressLocality: e.addressLocality,
    addressRegion: e.addressRegion,
    postalCode: e.postalCode,
    addressCountry: e.addressCountry,
  };
}

export function eventDto(e: EventRow): EventDto {
  return {
    id: e.id,
    ...eventWhatWhenWhere(e),
    online: e.onlineUrl !== null,
    ageMin: e.ageMin,
    ageMax: e.ageMax,
    capacity: e.capacity,
    seatsLeft: seatsLeft(e.capacity, e.seatsTaken),
    status: e.status,
    sequence: e.sequence,
    updatedAt: e.updatedAt.toISOString(),
  };
}

/** Upcoming events, soonest first, then past ones, most recent first. */
export async function listEvents(db: Db, now = new Date()): Promise<EventList> {
  // Two reads, so a long list of future events never pushes the soonest ones out.
  const [upcoming, past] = await Promise.all([
    db.select().from(events).where(gt(events.endsAt, now)).orderBy(asc(events.startsAt)).limit(LIST_LIMIT),
    db
      .select()
      .from(events)
      .where(lte(events.endsAt, now))
      .orderBy(desc(events.startsAt))
      .limit(PAST_EVENTS_SHOWN),
  ]);
  return splitEvents([...upcoming, ...past].map(eventDto), now);
}

/** One event, or undefined; a malformed id is the same as an unknown one. */
export async function findEvent(db: Db, id: string): Promise<EventDto | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(events).where(eq(events.id, id)).limit(1);
  return row ? eventDto(row) : undefined;
}

/** Why a family cannot take or give back a seat. */
type RegistrationRefusal =
  | 'event_not_found'
  | 'event_full'
  | 'event_over'
  | 'event_cancelled'
  | 'already_registered'
  | 'not_registered';

const REFUSALS: Record<RegistrationRefusal, () => DomainError> = {
  event_not_found: () => notFound('That event'),
  not_registered: () => new DomainError('not_found', 'That child is not registered for this event.'),
  event_full: () => new DomainError('event_full', 'This event is full.'),
  event_over: () =>
    new DomainError('event_over', 'This event has already started, so registrations are closed.'),
  event_cancelled: () => new DomainError('event_cancelled', 'This event has been cancelled.'),
  already_registered: () =>
    new DomainError('already_registered', 'This child is already registered for this event.'),
};

/** The family's view of one event: which of its children hold a seat. */
export async function familyRegistrations(
  db: Db,
  eventId: string,
  userId: string,
  /** The introductory interview's length (INTERVIEW_MINUTES), to tell of one at the same time. */
  interviewMinutes = DEFAULT_INTERVIEW_MINUTES,
): Promise<FamilyRegistrations | undefined> {
  const [row] = await db
    .select({
      id: events.id,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      status: events.status,
      capacity: events.capacity,
      seatsTaken: events.seatsTaken,
      onlineUrl: events.onlineUrl,
      open: sql<boolean>`${events.status} = 'scheduled' and ${events.startsAt} > now()`,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!row) return undefined;
  const mine = await db
    .select({ childId: eventRegistrations.childId })
    .from(eventRegistrations)
    .innerJoin(children, eq(children.id, eventRegistrations.childId))
    .where(and(eq(eventRegistrations.eventId, eventId), eq(children.userId, userId)))
    .orderBy(eventRegistrations.createdAt);
  return {
    eventId: row.id,
    status: row.status,
    open: Boolean(row.open),
    seatsLeft: seatsLeft(row.capacity, row.seatsTaken),
    childIds: mine.map((r) => r.childId),
    // Children's online events are not open to strangers: the link goes to registered families only.
    onlineUrl: mine.length > 0 ? row.onlineUrl : null,
    interviewClash:
      mine.length > 0 && row.status !== 'cancelled'
        ? await interviewDuring(db, userId, row, interviewMinutes)
        : null,
  };
}

/** Why no seat could be taken: the event's state, read inside the same transaction. */
async function refusalFor(tx: Db, eventId: string): Promise<RegistrationRefusal> {
  const [row] = await tx
    .select({
      status: events.status,
      started: sql<boolean>`${events.startsAt} <= now()`,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .limit(1);
  if (!row) return 'event_not_found';
  if (row.status === 'cancelled') return 'event_cancelled';
  if (row.started) return 'event_over';
  return 'event_full';
}

/** The event's time as a notification names it: `{when}`, written for each reader. */
export const eventTimes = (e: Pick<EventRow, 'startsAt' | 'endsAt'>) => ({
  when: { at: e.startsAt, end: e.endsAt, style: 'event' as const },
});

/**
 * Takes one seat for a child, in one transaction: a conditional increment that only succeeds
 * while a seat is free, then the registration row (unique per event and child). Two parents
 * racing for the last seat both reach the UPDATE; Postgres makes the second wait for the first
 * and re-checks `seats_taken < capacity`, so it finds no row and takes nothing. A duplicate
 * registration throws after the increment, which rolls the seat back.
 */
export async function registerChild(db: Db, eventId: string, child: ChildRow): Promise<void> {
  await db.transaction(async (tx) => {
    const [event] = await tx
      .update(events)
      .set({ seatsTaken: sql`${events.seatsTaken} + 1` })
      .where(
        and(
          eq(events.id, eventId),
          sql`${events.seatsTaken} < ${events.capacity}`,
          eq(events.status, 'scheduled'),
          sql`${events.startsAt} > now()`,
        ),
      )
      .returning();
    if (!event) {
      const reason = await refusalFor(tx, eventId);
      // "Already registered" says more than "full" to the parent whose child holds a seat.
      if (reason === 'event_full' && (await isRegistered(tx, eventId, child.id)))
        throw REFUSALS.already_registered();
      throw REFUSALS[reason]();
    }
    const inserted = await tx
      .insert(eventRegistrations)
      .values({ eventId, childId: child.id })
      .onConflictDoNothing()
      .returning({ id: eventRegistrations.id });
    if (inserted.length === 0) throw REFUSALS.already_registered();
    await notifyChild(tx, child.id, {
      kind: 'event',
      title: `${child.firstName} is registered for ${event.title}`,
      body: `{when}. ${event.location ?? 'Online: the link is on the event page.'}`,
      times: eventTimes(event),
      link: pagePath('/events/{id}', event.id),
    });
  });
}

async function isRegistered(tx: Db, eventId: string, childId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: eventRegistrations.id })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.childId, childId)))
    .limit(1);
  return row !== undefined;
}

/** Gives a child's seat back, in one transaction with the seat count; refused once the event has started. */
export async function cancelRegistration(db: Db, eventId: string, child: ChildRow): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(eventRegistrations)
      .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.childId, child.id)))
      .returning({ id: eventRegistrations.id });
    if (deleted.length === 0) {
      const reason = await refusalFor(tx, eventId);
      throw REFUSALS[reason === 'event_not_found' ? reason : 'not_registered']();
    }
    const [event] = await tx
      .update(events)
      .set({ seatsTaken: sql`${events.seatsTaken} - 1` })
      .where(and(eq(events.id, eventId), sql`${events.startsAt} > now()`))
      .returning();
    if (!event) throw REFUSALS[await refusalFor(tx, eventId)]();
    await notifyChild(tx, child.id, {
      kind: 'event',
      title: `${child.firstName}’s registration for ${event.title} is cancelled`,
      body: '{when}. The seat is free for another family.',
      times: eventTimes(event),
      link: pagePath('/events/{id}', event.id),
    });
  });
}
