import { and, desc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '~/platform/db/client.server';
import { children, interviewBookings } from '~/platform/db/schema.server';
import {
  DEFAULT_INTERVIEW_CALL_URL,
  DEFAULT_INTERVIEW_MINUTES,
  DEFAULT_INTERVIEW_PHONE,
  DEFAULT_INTERVIEW_SLOTS,
  DEFAULT_INTERVIEW_TIME_ZONE,
  type InterviewSchedule,
  parseSlotTemplate,
} from '~/platform/weeklySlots';
import type { InterviewDto } from './interviews.schema';
import { generateSlots, type Slot } from './slots';

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
  sequence: row.sequence,
  ...joiningOf(row.id, schedule),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The configured slots nobody holds, soonest first. */
export async function freeSlots(db: Db, schedule: InterviewSchedule, now: Date): Promise<Slot[]> {
  const slots = generateSlots(schedule, now);
  if (slots.length === 0) return [];
  const taken = await db
    .select({ startsAt: interviewBookings.startsAt })
    .from(interviewBookings)
    .where(
      and(
        eq(interviewBookings.status, 'booked'),
        gte(interviewBookings.startsAt, new Date(slots[0]?.startsAt ?? now)),
        lte(interviewBookings.startsAt, new Date(slots.at(-1)?.startsAt ?? now)),
      ),
    );
  const held = new Set(taken.map((t) => t.startsAt.getTime()));
  return slots.filter((s) => !held.has(Date.parse(s.startsAt)));
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
