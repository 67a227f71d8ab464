import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { children, interviewBookings } from '~/platform/db/schema.server';
import { notFound } from '~/platform/errors';
import {
  DEFAULT_INTERVIEW_CALL_URL,
  DEFAULT_INTERVIEW_MINUTES,
  DEFAULT_INTERVIEW_PHONE,
  DEFAULT_INTERVIEW_SLOTS,
  DEFAULT_INTERVIEW_TIME_ZONE,
  type InterviewSchedule,
  parseSlotTemplate,
} from '~/platform/weeklySlots';
import { freeSlotsOf, hostsFor } from './hosts.server';
import type { InterviewDto } from './interviews.schema';
import type { Slot } from './slots';

// The interview times and a family's bookings as they read them; booking.server.ts books, moves
// and cancels.

/** The template when the server is given none (tests, and the settings' own default). */
export function defaultInterviewSchedule(): InterviewSchedule {
  const parsed = parseSlotTemplate(DEFAULT_INTERVIEW_SLOTS);
  if ('error' in parsed) throw new Error(parsed.error);
  return {
    windows: parsed.windows,
    timeZone: DEFAULT_INTERVIEW_TIME_ZONE,
    minutes: DEFAULT_INTERVIEW_MINUTES,
    callUrl: DEFAULT_INTERVIEW_CALL_URL,
    phone: DEFAULT_INTERVIEW_PHONE,
  };
}

export type Row = typeof interviewBookings.$inferSelect;

/** How the family joins this booking: its own video-call room, or the team's number. */
export const joiningOf = (id: string, schedule: Pick<InterviewSchedule, 'callUrl' | 'phone'>) => ({
  joinUrl: schedule.callUrl.replaceAll('{room}', id),
  phone: schedule.phone,
});

/** A booking as the family's page shows it. */
export const dto = (row: Row, schedule: InterviewSchedule, childName: string | null): InterviewDto => ({
  id: row.id,
  startsAt: row.startsAt.toISOString(),
  endsAt: new Date(row.startsAt.getTime() + schedule.minutes * 60_000).toISOString(),
  status: row.status,
  childId: row.childId,
  childName,
  guideName: row.guideName,
  sequence: row.sequence,
  ...joiningOf(row.id, schedule),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The child the interview concerns: the one chosen (404 when not the family's), or the first. */
export async function childFor(db: Db, userId: string, childId: string | undefined) {
  const where = childId
    ? and(eq(children.userId, userId), eq(children.id, childId))
    : eq(children.userId, userId);
  const [child] = await db
    .select({ id: children.id, firstName: children.firstName })
    .from(children)
    .where(where)
    .orderBy(asc(children.createdAt), asc(children.id))
    .limit(1);
  if (childId && !child) throw notFound('That child');
  return child;
}

/**
 * The free times for a family's child: its reading guide's, any guide's before one is assigned, or
 * the team's; with the guide's name when the child has one.
 */
export async function familySlots(
  db: Db,
  schedule: InterviewSchedule,
  userId: string,
  childId: string | undefined,
  now: Date,
): Promise<{ guideName: string | null; slots: Slot[] }> {
  const child = await childFor(db, userId, childId);
  const { hosts, assigned } = await hostsFor(db, schedule, child?.id ?? null);
  return { guideName: assigned?.guideName ?? null, slots: await freeSlotsOf(db, hosts, now) };
}

const withChild = (db: Db) =>
  db
    .select({ booking: interviewBookings, childName: children.firstName })
    .from(interviewBookings)
    .leftJoin(children, eq(children.id, interviewBookings.childId));

/** The family's bookings, latest first (cancelled ones stay, so the family sees what happened). */
export async function familyInterviews(
  db: Db,
  userId: string,
  schedule: InterviewSchedule,
): Promise<InterviewDto[]> {
  const rows = await withChild(db)
    .where(eq(interviewBookings.userId, userId))
    .orderBy(desc(interviewBookings.startsAt), desc(interviewBookings.createdAt))
    .limit(20);
  return rows.map((r) => dto(r.booking, schedule, r.childName));
}

/** A booking of this family, or undefined: another family's id looks exactly like an unknown one. */
export async function findFamilyInterview(
  db: Db,
  userId: string,
  id: string,
  schedule: InterviewSchedule,
): Promise<InterviewDto | undefined> {
  const [row] = await withChild(db)
    .where(and(eq(interviewBookings.id, id), eq(interviewBookings.userId, userId)))
    .limit(1);
  return row ? dto(row.booking, schedule, row.childName) : undefined;
}
