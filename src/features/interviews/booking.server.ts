import { and, eq, gt, sql } from 'drizzle-orm';
import { notifyChild } from '~/features/notifications/notifications.server';
import { type Db, onlyRow } from '~/platform/db/client.server';
import { interviewBookings, users } from '~/platform/db/schema.server';
import { uniqueViolation } from '~/platform/db/violations';
import { conflict, DomainError, notFound } from '~/platform/errors';
import { nudge } from '~/platform/jobs/signals';
import { formatTimeRange, SERVER_VIEWER } from '~/platform/time';
import type { InterviewSchedule } from '~/platform/weeklySlots';
import { type Host, hostsFor, offered, takeHost } from './hosts.server';
import { queueInterviewEmail } from './interviewEmails.server';
import { SCHEDULE_PATH } from './interviews';
import type { InterviewDto } from './interviews.schema';
import { childFor, findFamilyInterview, joiningOf, type Row } from './interviews.server';

// A family books a free time, moves it or cancels it; the database keeps one booking a time.

/** Why a booking, a move or a cancellation is refused. */
const refused = {
  notASlot: () =>
    new DomainError('validation_failed', 'That time is not one of the free interview times.', {
      startsAt:
        'Choose one of the free times listed: this one is not offered, or is less than 12 hours away.',
    }),
  sameSlot: () =>
    new DomainError('validation_failed', 'That is already your interview time.', {
      startsAt: 'Choose a different time to move your interview to.',
    }),
  slotTaken: () =>
    new DomainError('slot_taken', 'Another family has just taken that time. Please choose another one.'),
  guideTaken: (host: Host) =>
    new DomainError(
      'slot_taken',
      `${host.guideName ?? 'The team'} is no longer free at that time. Please choose another one.`,
    ),
  alreadyBooked: (existing: InterviewDto | undefined) =>
    new DomainError(
      'already_booked',
      existing
        ? `You already have an interview on ${formatTimeRange(existing.startsAt, existing.endsAt, 'appointment', SERVER_VIEWER)}. Reschedule or cancel it instead.`
        : 'You already have an interview booked. Reschedule or cancel it instead.',
    ),
  notFound: () => notFound('That interview'),
  cancelled: () => conflict('This interview is cancelled. Book a new time instead.'),
  underWay: () => conflict('This interview has already started, so it can no longer be changed.'),
};

/** The database's verdict on a slot held twice, whichever request reached it first. */
async function slotGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const index = uniqueViolation(error);
    if (index === 'interview_bookings_slot_key' || index === 'interview_bookings_guide_slot_key') {
      throw refused.slotTaken();
    }
    throw error;
  }
}

/** The joining details in words, for the notification (the page and the .ics carry them too). */
const howToJoin = (id: string, schedule: InterviewSchedule) => {
  const { joinUrl, phone } = joiningOf(id, schedule);
  return `Join the video call at ${joinUrl}, or ring ${phone} at that time.`;
};

/** A booked time as a notification names it, written for each reader in their own zone. */
const slotTime = (startsAt: Date, schedule: InterviewSchedule) => ({
  at: startsAt,
  end: new Date(startsAt.getTime() + schedule.minutes * 60_000),
  style: 'appointment' as const,
});

/** Who the interview is with, as the notification says it ("" for the team's calendar). */
const withWhom = (host: Host) => (host.guideName ? ` with ${host.guideName}` : '');

/**
 * The host free at this time for the child (its guide, any guide, or the team): 400 for a time no
 * host offers, 409 when every host offering it is taken (also at the same moment).
 */
async function hostAt(
  tx: Db,
  schedule: InterviewSchedule,
  childId: string | null,
  startsAt: string,
  now: Date,
  except?: string,
) {
  const { hosts } = await hostsFor(tx, schedule, childId);
  if (!offered(hosts, startsAt, now)) throw refused.notASlot();
  const host = await takeHost(tx, hosts, startsAt, now, except);
  if (!host)
    throw hosts.length === 1 && hosts[0]?.guideId ? refused.guideTaken(hosts[0]) : refused.slotTaken();
  return host;
}

/**
 * Books a free slot for the family. A family holds at most one upcoming interview: a second
 * booking is refused (409) and the page offers to reschedule the one they have instead.
 */
export async function bookInterview(
  db: Db,
  schedule: InterviewSchedule,
  userId: string,
  input: { startsAt: string; childId?: string | undefined },
  now: Date,
): Promise<InterviewDto> {
  const id = await slotGuard(() =>
    db.transaction(async (tx) => {
      // One family's requests queue here, so two quick clicks cannot leave two bookings.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
      const [existing] = await tx
        .select({ id: interviewBookings.id })
        .from(interviewBookings)
        .where(
          and(
            eq(interviewBookings.userId, userId),
            eq(interviewBookings.status, 'booked'),
            gt(interviewBookings.startsAt, new Date(now.getTime() - schedule.minutes * 60_000)),
          ),
        )
        .limit(1);
      if (existing) {
        throw refused.alreadyBooked(await findFamilyInterview(tx, userId, existing.id, schedule));
      }
      const child = await childFor(tx, userId, input.childId);
      const host = await hostAt(tx, schedule, child?.id ?? null, input.startsAt, now);
      const row = onlyRow(
        await tx
          .insert(interviewBookings)
          .values({
            userId,
            childId: child?.id ?? null,
            guideId: host.guideId,
            guideName: host.guideName,
            startsAt: new Date(input.startsAt),
          })
          .returning(),
      );
      if (child) {
        await notifyChild(tx, child.id, {
          kind: 'interview',
          title: 'Introductory interview booked',
          body: `{when}${withWhom(host)}. ${howToJoin(row.id, schedule)} You can reschedule or cancel it from the interview page.`,
          times: { when: slotTime(row.startsAt, schedule) },
          link: SCHEDULE_PATH,
        });
      }
      await queueInterviewEmail(tx, schedule, { userId, bookingId: row.id, kind: 'booked' });
      return row.id;
    }),
  );
  nudge('email');
  const booked = await findFamilyInterview(db, userId, id, schedule);
  if (!booked) throw new Error('booking vanished');
  return booked;
}

/** Reads the family's booking for a change, refusing one that is gone, cancelled or under way. */
async function changeable(tx: Db, userId: string, id: string, now: Date): Promise<Row> {
  const [row] = await tx
    .select()
    .from(interviewBookings)
    .where(and(eq(interviewBookings.id, id), eq(interviewBookings.userId, userId)))
    .for('update');
  if (!row) throw refused.notFound();
  if (row.status === 'cancelled') throw refused.cancelled();
  if (row.startsAt.getTime() <= now.getTime()) throw refused.underWay();
  return row;
}

/**
 * Moves the booking to another free slot in one statement: the old slot is free and the new one
 * taken at the same instant, or (when someone holds the new one) nothing changes.
 */
export async function rescheduleInterview(
  db: Db,
  schedule: InterviewSchedule,
  userId: string,
  id: string,
  startsAt: string,
  now: Date,
): Promise<InterviewDto> {
  await slotGuard(() =>
    db.transaction(async (tx) => {
      const row = await changeable(tx, userId, id, now);
      if (Date.parse(startsAt) === row.startsAt.getTime()) throw refused.sameSlot();
      const host = await hostAt(tx, schedule, row.childId, startsAt, now, id);
      const [moved] = await tx
        .update(interviewBookings)
        .set({
          startsAt: new Date(startsAt),
          guideId: host.guideId,
          guideName: host.guideName,
          sequence: sql`${interviewBookings.sequence} + 1`,
          updatedAt: now,
        })
        .where(eq(interviewBookings.id, id))
        .returning();
      if (moved?.childId) {
        await notifyChild(tx, moved.childId, {
          kind: 'interview',
          title: 'Introductory interview moved',
          body: `Now {when}${withWhom(host)} (was {was}). ${howToJoin(moved.id, schedule)}`,
          times: { when: slotTime(moved.startsAt, schedule), was: slotTime(row.startsAt, schedule) },
          link: SCHEDULE_PATH,
        });
      }
      await queueInterviewEmail(tx, schedule, { userId, bookingId: id, kind: 'moved', was: row.startsAt });
    }),
  );
  nudge('email');
  const moved = await findFamilyInterview(db, userId, id, schedule);
  if (!moved) throw refused.notFound();
  return moved;
}

/** Cancels the booking; its slot is free for others at once. */
export async function cancelInterview(
  db: Db,
  schedule: InterviewSchedule,
  userId: string,
  id: string,
  now: Date,
): Promise<InterviewDto> {
  await db.transaction(async (tx) => {
    const row = await changeable(tx, userId, id, now);
    await tx
      .update(interviewBookings)
      .set({ status: 'cancelled', sequence: sql`${interviewBookings.sequence} + 1`, updatedAt: now })
      .where(eq(interviewBookings.id, id));
    if (row.childId) {
      await notifyChild(tx, row.childId, {
        kind: 'interview',
        title: 'Introductory interview cancelled',
        body: 'The interview on {when} is cancelled. Book another time whenever suits you.',
        times: { when: slotTime(row.startsAt, schedule) },
        link: SCHEDULE_PATH,
      });
    }
    await queueInterviewEmail(tx, schedule, { userId, bookingId: id, kind: 'cancelled' });
  });
  nudge('email');
  const cancelled = await findFamilyInterview(db, userId, id, schedule);
  if (!cancelled) throw refused.notFound();
  return cancelled;
}
