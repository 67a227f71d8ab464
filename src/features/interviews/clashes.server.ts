import { and, eq, gt, lt, ne } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { children, eventRegistrations, events, interviewBookings } from '~/platform/db/schema.server';
import type { Slot } from './slots';

// One family's calendar has two kinds of appointment: a child's events and the introductory
// interview. Neither refuses the other (a parent may well manage both), but each warns of the other.

/** One of the family's events that overlaps a time: which child, what, and when. */
export interface EventClash {
  childName: string;
  title: string;
  startsAt: string;
  endsAt: string;
}

/** The events the family's children are registered for (not cancelled) that overlap [from, to). */
async function familyEventsBetween(db: Db, userId: string, from: Date, to: Date): Promise<EventClash[]> {
  const rows = await db
    .select({
      childName: children.firstName,
      title: events.title,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
    })
    .from(eventRegistrations)
    .innerJoin(children, eq(children.id, eventRegistrations.childId))
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(
      and(
        eq(children.userId, userId),
        ne(events.status, 'cancelled'),
        lt(events.startsAt, to),
        gt(events.endsAt, from),
      ),
    )
    .orderBy(events.startsAt);
  return rows.map((r) => ({
    ...r,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
  }));
}

/** The free slots, each with the family's event it overlaps, if any (the first one). */
export async function withEventClashes(
  db: Db,
  userId: string,
  slots: Slot[],
): Promise<(Slot & { clash?: EventClash })[]> {
  const first = slots[0];
  const last = slots.at(-1);
  if (!first || !last) return slots;
  const family = await familyEventsBetween(db, userId, new Date(first.startsAt), new Date(last.endsAt));
  return slots.map((slot) => {
    const clash = family.find((e) => e.startsAt < slot.endsAt && e.endsAt > slot.startsAt);
    return clash ? { ...slot, clash } : slot;
  });
}

/** The family's booked interview that overlaps [startsAt, endsAt), if any. */
export async function interviewDuring(
  db: Db,
  userId: string,
  span: { startsAt: Date; endsAt: Date },
  interviewMinutes: number,
): Promise<{ startsAt: string; endsAt: string } | null> {
  const [row] = await db
    .select({ startsAt: interviewBookings.startsAt })
    .from(interviewBookings)
    .where(
      and(
        eq(interviewBookings.userId, userId),
        eq(interviewBookings.status, 'booked'),
        lt(interviewBookings.startsAt, span.endsAt),
        gt(interviewBookings.startsAt, new Date(span.startsAt.getTime() - interviewMinutes * 60_000)),
      ),
    )
    .limit(1);
  if (!row) return null;
  return {
    startsAt: row.startsAt.toISOString(),
    endsAt: new Date(row.startsAt.getTime() + interviewMinutes * 60_000).toISOString(),
  };
}
