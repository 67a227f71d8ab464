import { and, asc, eq, gt } from 'drizzle-orm';
import { joiningOf } from '~/features/interviews/interviews.server';
import { recordAudit } from '~/platform/admin/audit.server';
import type { Db } from '~/platform/db/client.server';
import { children, guideAssignments, guides, interviewBookings, users } from '~/platform/db/schema.server';
import { DomainError, notFound } from '~/platform/errors';
import { type InterviewSchedule, isTimeZone, type SlotWindow } from '~/platform/weeklySlots';
import type { GuideInterviewTimes, InterviewTimesInput, InterviewWindowInput } from './interviewTimes.schema';

// A reading guide's interview times: the weekly windows families book (their own, or the team's
// template until they set some) and the interviews booked with them.

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

const asInput = (w: SlotWindow): InterviewWindowInput => ({
  weekdays: w.weekdays,
  start: hhmm(w.start),
  end: hhmm(w.end),
});

const invalid = (field: string, message: string) =>
  new DomainError('validation_failed', message, { [field]: message });

/**
 * The windows as stored, refusing what families could not book: a zone the server does not know,
 * a window shorter than one interview, two windows of one day that overlap.
 */
function checkedWindows(input: InterviewTimesInput, minutes: number): SlotWindow[] | null {
  if (input.timeZone !== null && !isTimeZone(input.timeZone)) {
    throw invalid('timeZone', 'Choose a time zone from the list, like Europe/London.');
  }
  if (input.windows === null) return null;
  const windows = input.windows.map((w) => ({
    weekdays: [...w.weekdays].sort((a, b) => a - b),
    start: minutesOf(w.start),
    end: minutesOf(w.end),
  }));
  windows.forEach((w, i) => {
    if (w.end - w.start < minutes) {
      throw invalid(`windows.${i}.end`, `A window must hold at least one ${minutes}-minute interview.`);
    }
    windows.slice(0, i).forEach((earlier) => {
      const day = w.weekdays.find((d) => earlier.weekdays.includes(d));
      if (day !== undefined && w.start < earlier.end && earlier.start < w.end) {
        throw invalid(`windows.${i}.start`, `This window overlaps another one on ${DAY_NAMES[day]}.`);
      }
    });
  });
  return windows;
}

/** The interviews booked with the guide that have not ended, soonest first. */
async function upcomingWith(db: Db, team: InterviewSchedule, guideId: string, now: Date) {
  const rows = await db
    .select({
      id: interviewBookings.id,
      startsAt: interviewBookings.startsAt,
      childName: children.firstName,
      childReadingLevel: children.readingLevel,
      childAgeBand: children.ageBand,
      followed: guideAssignments.childId,
      parentName: users.displayName,
    })
    .from(interviewBookings)
    .innerJoin(users, eq(users.id, interviewBookings.userId))
    .leftJoin(children, eq(children.id, interviewBookings.childId))
    .leftJoin(
      guideAssignments,
      and(eq(guideAssignments.childId, interviewBookings.childId), eq(guideAssignments.guideId, guideId)),
    )
    .where(
      and(
        eq(interviewBookings.guideId, guideId),
        eq(interviewBookings.status, 'booked'),
        gt(interviewBookings.startsAt, new Date(now.getTime() - team.minutes * 60_000)),
      ),
    )
    .orderBy(asc(interviewBookings.startsAt))
    .limit(100);
  return rows.map(({ followed, ...r }) => ({
    ...r,
    startsAt: r.startsAt.toISOString(),
    endsAt: new Date(r.startsAt.getTime() + team.minutes * 60_000).toISOString(),
    followedChildId: followed,
    joinUrl: joiningOf(r.id, team).joinUrl,
  }));
}

/** The guide's interview times and bookings (404 for an account that is not a guide). */
export async function guideInterviewTimes(
  db: Db,
  team: InterviewSchedule,
  guideId: string,
  now: Date,
): Promise<GuideInterviewTimes> {
  const [row] = await db
    .select({ windows: guides.interviewWindows, timeZone: guides.timeZone })
    .from(guides)
    .where(eq(guides.userId, guideId));
  if (!row) throw notFound('That reading guide');
  return {
    windows: (row.windows ?? team.windows).map(asInput),
    timeZone: row.timeZone ?? team.timeZone,
    ownTimes: row.windows !== null,
    team: { windows: team.windows.map(asInput), timeZone: team.timeZone },
    minutes: team.minutes,
    upcoming: await upcomingWith(db, team, guideId, now),
  };
}

/**
 * Sets the guide's weekly windows and zone (null: the team's). Interviews already booked stay
 * booked; from now on families are offered the new times. Audited.
 */
export async function saveInterviewTimes(
  db: Db,
  team: InterviewSchedule,
  guideId: string,
  input: InterviewTimesInput,
  now: Date,
): Promise<GuideInterviewTimes> {
  const windows = checkedWindows(input, team.minutes);
  await db.transaction(async (tx) => {
    const [saved] = await tx
      .update(guides)
      .set({ interviewWindows: windows, timeZone: input.timeZone, updatedAt: now })
      .where(eq(guides.userId, guideId))
      .returning({ id: guides.userId });
    if (!saved) throw notFound('That reading guide');
    await recordAudit(tx, guideId, 'guide_times.save', guideId, {
      windows: windows?.length ?? null,
      timeZone: input.timeZone,
    });
  });
  return guideInterviewTimes(db, team, guideId, now);
}
