import { and, asc, count, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { guideAssignments, guides, interviewBookings, users } from '~/platform/db/schema.server';
import type { InterviewSchedule } from '~/platform/weeklySlots';
import { DEFAULT_INTERVIEW_WEEKS, findSlot, generateSlots, type Slot } from './slots';

// Who holds an introductory interview: the child's reading guide; before one is assigned, any
// guide with a free time (the one with the most room first); with no guide at all, the team's own
// calendar (INTERVIEW_SLOTS). Each guide's times are their own windows, or the team's template.

/** One calendar an interview can be booked on. */
export interface Host {
  /** The guide; null: the team's calendar. */
  guideId: string | null;
  guideName: string | null;
  schedule: InterviewSchedule;
}

/** The hosts a child's interview can be booked with, and whether they are the child's own guide. */
export interface Hosts {
  hosts: Host[];
  /** The child's assigned guide, when the child has one (then `hosts` holds only them). */
  assigned: Host | null;
}

const guideColumns = {
  guideId: guides.userId,
  guideName: users.displayName,
  windows: guides.interviewWindows,
  timeZone: guides.timeZone,
};

type GuideRow = { guideId: string; guideName: string; windows: unknown; timeZone: string | null };

/** A guide's schedule: their windows and zone, or the team's where they have set none. */
const guideSchedule = (team: InterviewSchedule, row: Pick<GuideRow, 'windows' | 'timeZone'>) => ({
  ...team,
  windows: (row.windows as InterviewSchedule['windows'] | null) ?? team.windows,
  timeZone: row.timeZone ?? team.timeZone,
});

const hostOf = (team: InterviewSchedule, row: GuideRow): Host => ({
  guideId: row.guideId,
  guideName: row.guideName,
  schedule: guideSchedule(team, row),
});

/** The calendars a child's interview can be booked on (the child may be unknown: no child yet). */
export async function hostsFor(db: Db, team: InterviewSchedule, childId: string | null): Promise<Hosts> {
  if (childId) {
    const [own] = await db
      .select(guideColumns)
      .from(guideAssignments)
      .innerJoin(guides, eq(guides.userId, guideAssignments.guideId))
      .innerJoin(users, eq(users.id, guides.userId))
      .where(eq(guideAssignments.childId, childId));
    if (own) {
      const host = hostOf(team, own);
      return { hosts: [host], assigned: host };
    }
  }
  const load = db
    .select({ guideId: guideAssignments.guideId, n: count().as('n') })
    .from(guideAssignments)
    .groupBy(guideAssignments.guideId)
    .as('load');
  const rows = await db
    .select(guideColumns)
    .from(guides)
    .innerJoin(users, eq(users.id, guides.userId))
    .leftJoin(load, eq(load.guideId, guides.userId))
    .orderBy(
      asc(sql`coalesce(${load.n}, 0)::float / ${guides.capacity}`),
      asc(users.displayName),
      asc(guides.userId),
    );
  if (rows.length === 0)
    return { hosts: [{ guideId: null, guideName: null, schedule: team }], assigned: null };
  return { hosts: rows.map((row) => hostOf(team, row)), assigned: null };
}

/** Which bookings hold a host's calendar: the guide's, or the team's own. */
const heldBy = (host: Host) =>
  host.guideId
    ? eq(interviewBookings.guideId, host.guideId)
    : and(isNull(interviewBookings.guideId), isNull(interviewBookings.guideName));

/** The host's booked interviews that overlap [from, to), leaving out one booking (the one moving). */
async function bookedDuring(db: Db, host: Host, from: number, to: number, except?: string) {
  const length = host.schedule.minutes * 60_000;
  return db
    .select({ startsAt: interviewBookings.startsAt })
    .from(interviewBookings)
    .where(
      and(
        heldBy(host),
        eq(interviewBookings.status, 'booked'),
        lt(interviewBookings.startsAt, new Date(to)),
        gt(interviewBookings.startsAt, new Date(from - length)),
        except ? ne(interviewBookings.id, except) : undefined,
      ),
    );
}

/** Whether a booking row holds this host's calendar (the guide's, or the team's own). */
const holds = (host: Host, row: { guideId: string | null; guideName: string | null }) =>
  host.guideId ? row.guideId === host.guideId : row.guideId === null && row.guideName === null;

/**
 * Every time at least one of the hosts is free, soonest first: each host's slots less those a
 * booking of theirs overlaps, the bookings of all the hosts read in one query.
 */
export async function freeSlotsOf(db: Db, hosts: Host[], now: Date): Promise<Slot[]> {
  const offeredBy = hosts.map((host) => ({
    host,
    slots: generateSlots(host.schedule, now, DEFAULT_INTERVIEW_WEEKS),
  }));
  const starts = offeredBy.flatMap((o) => o.slots.map((s) => Date.parse(s.startsAt)));
  if (starts.length === 0) return [];
  const length = Math.max(...hosts.map((h) => h.schedule.minutes)) * 60_000;
  const ids = hosts.flatMap((h) => (h.guideId ? [h.guideId] : []));
  const team = hosts.some((h) => !h.guideId);
  const taken = await db
    .select({
      guideId: interviewBookings.guideId,
      guideName: interviewBookings.guideName,
      startsAt: interviewBookings.startsAt,
    })
    .from(interviewBookings)
    .where(
      and(
        eq(interviewBookings.status, 'booked'),
        lt(interviewBookings.startsAt, new Date(Math.max(...starts) + length)),
        gt(interviewBookings.startsAt, new Date(Math.min(...starts) - length)),
        or(
          ids.length > 0 ? inArray(interviewBookings.guideId, ids) : undefined,
          team ? and(isNull(interviewBookings.guideId), isNull(interviewBookings.guideName)) : undefined,
        ),
      ),
    );
  const all = new Map<string, Slot>();
  for (const { host, slots } of offeredBy) {
    const theirs = taken.filter((t) => holds(host, t)).map((t) => t.startsAt.getTime());
    const hostLength = host.schedule.minutes * 60_000;
    for (const slot of slots) {
      const start = Date.parse(slot.startsAt);
      const end = Date.parse(slot.endsAt);
      if (!theirs.some((t) => t < end && t + hostLength > start)) all.set(slot.startsAt, slot);
    }
  }
  return [...all.values()].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** Whether any host offers a slot at this instant (free or not). */
export function offered(hosts: Host[], startsAt: string, now: Date): boolean {
  return hosts.some((h) => findSlot(h.schedule, startsAt, now) !== undefined);
}

/**
 * The first host free at this instant, in the hosts' order, inside the booking's transaction: the
 * guides' rows are locked first (in one order, so two bookings never wait on each other), so two
 * families booking the same guide's time at the same moment are told one after the other.
 */
export async function takeHost(
  tx: Db,
  hosts: Host[],
  startsAt: string,
  now: Date,
  except?: string,
): Promise<Host | undefined> {
  const ids = hosts.flatMap((h) => (h.guideId ? [h.guideId] : []));
  if (ids.length > 0) {
    await tx
      .select({ id: guides.userId })
      .from(guides)
      .where(inArray(guides.userId, ids))
      .orderBy(asc(guides.userId))
      .for('update');
  }
  for (const host of hosts) {
    const slot = findSlot(host.schedule, startsAt, now);
    if (!slot) continue;
    const clash = await bookedDuring(tx, host, Date.parse(slot.startsAt), Date.parse(slot.endsAt), except);
    if (clash.length === 0) return host;
  }
  return undefined;
}
