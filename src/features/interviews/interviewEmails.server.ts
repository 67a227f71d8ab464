import type { Db } from '~/platform/db/client.server';
import { queueEmail, recipientOf } from '~/platform/email/outbox.server';
import type { InterviewSchedule } from '~/platform/weeklySlots';
import { type InterviewEmailData, interviewEmail } from './emails/interviewEmail';
import { findFamilyInterview } from './interviews.server';

/**
 * Queues the confirmation of a booking, a move or a cancellation in its transaction: one message per
 * change (the booking's SEQUENCE is in its key), with the calendar file as it now stands.
 */
export async function queueInterviewEmail(
  tx: Db,
  schedule: InterviewSchedule,
  change: { userId: string; bookingId: string; kind: InterviewEmailData['change']; was?: Date },
) {
  const interview = await findFamilyInterview(tx, change.userId, change.bookingId, schedule);
  const parent = await recipientOf(tx, change.userId);
  if (!interview || !parent) return;
  const was = change.was
    ? {
        startsAt: change.was.toISOString(),
        endsAt: new Date(change.was.getTime() + schedule.minutes * 60_000).toISOString(),
      }
    : undefined;
  await queueEmail(tx, interviewEmail, {
    key: `${interview.id}:${interview.sequence}`,
    to: parent,
    data: {
      change: change.kind,
      interview,
      ...(was ? { was } : {}),
      parentName: parent.name,
      timeZone: parent.timeZone ?? schedule.timeZone,
    },
  });
}
