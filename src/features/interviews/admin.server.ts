import { and, count, eq, gt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { AdminPage } from '~/platform/admin/list.schema';
import { containsSearch, orderOf, pageOf, pageWindow } from '~/platform/admin/list.server';
import type { Db } from '~/platform/db/client.server';
import { children, interviewBookings, users } from '~/platform/db/schema.server';
import type { InterviewSchedule } from '~/platform/weeklySlots';
import type { AdminInterviewQuery, AdminInterviewRow, InterviewView } from './admin.schema';
import { joiningOf } from './interviews.server';

/**
 * Which bookings a view holds. "Upcoming" keeps an interview until it has ended (the team opens
 * the call from here while it runs); "past" is what was held.
 */
function viewWhere(view: InterviewView, minutes: number, now: Date): SQL | undefined {
  const endedBy = new Date(now.getTime() - minutes * 60_000);
  const booked = eq(interviewBookings.status, 'booked');
  switch (view) {
    case 'upcoming':
      return and(booked, gt(interviewBookings.startsAt, endedBy));
    case 'past':
      return and(booked, lte(interviewBookings.startsAt, endedBy));
    case 'cancelled':
      return ne(interviewBookings.status, 'booked');
    case 'all':
      return undefined;
  }
}

/** The interview bookings for the team: when, the child, the family to contact, the call. */
export async function listInterviewBookings(
  db: Db,
  schedule: InterviewSchedule,
  query: AdminInterviewQuery,
  now: Date,
): Promise<AdminPage<AdminInterviewRow>> {
  const { q, sort, dir, page, limit, view } = query;
  const where = and(
    viewWhere(view, schedule.minutes, now),
    containsSearch(q, [users.displayName, users.email, children.firstName]),
  );
  const column = {
    startsAt: interviewBookings.startsAt,
    parent: sql`lower(${users.displayName})`,
    child: sql`lower(${children.firstName})`,
    createdAt: interviewBookings.createdAt,
  }[sort];
  const window = pageWindow(page, limit);
  // The family that booked, and the child the interview is for (if the profile still exists).
  const family = eq(users.id, interviewBookings.userId);
  const child = eq(children.id, interviewBookings.childId);
  const rows = await db
    .select({
      booking: interviewBookings,
      parentName: users.displayName,
      parentEmail: users.email,
      childName: children.firstName,
      childAgeBand: children.ageBand,
      childReadingLevel: children.readingLevel,
    })
    .from(interviewBookings)
    .innerJoin(users, family)
    .leftJoin(children, child)
    .where(where)
    .orderBy(...orderOf(column as SQL, dir, interviewBookings.id))
    .limit(window.limit)
    .offset(window.offset);
  const [total] = await db
    .select({ n: count() })
    .from(interviewBookings)
    .innerJoin(users, family)
    .leftJoin(children, child)
    .where(where);
  const items = rows.map(({ booking, ...r }) => ({
    id: booking.id,
    startsAt: booking.startsAt.toISOString(),
    endsAt: new Date(booking.startsAt.getTime() + schedule.minutes * 60_000).toISOString(),
    status: booking.status,
    createdAt: booking.createdAt.toISOString(),
    joinUrl: joiningOf(booking.id, schedule).joinUrl,
    familyId: booking.userId,
    parentName: r.parentName,
    parentEmail: r.parentEmail,
    childName: r.childName,
    childAgeBand: r.childAgeBand,
    childReadingLevel: r.childReadingLevel,
    guideName: booking.guideName,
  }));
  return pageOf(items, Number(total?.n ?? 0), page, limit);
}
