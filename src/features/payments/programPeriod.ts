import { seasonStart } from '~/features/plans/plans';
import { addCalendarMonths, DAY_MS } from '~/platform/days';
import type { PROGRAM_START_REASONS } from '~/platform/domain';

/**
 * When a program of `months` that starts at `start` ends. The rule matches how the site names a
 * duration (formatDuration): whole months are calendar months (31 January + 1 month is the last
 * day of February, never 3 March); quarter months are weeks, a month counting four (1.25 is five
 * weeks, 35 days); any other fraction adds its share of a 30-day month, rounded to whole days.
 */
export function programEnd(start: Date, months: number): Date {
  if (!(months > 0) || !Number.isFinite(months))
    throw new RangeError('a program lasts a positive number of months');
  if (Number.isInteger(months)) return addCalendarMonths(start, months);
  const weeks = months * 4;
  if (Math.abs(weeks - Math.round(weeks)) < 1e-9) {
    return new Date(start.getTime() + Math.round(weeks) * 7 * DAY_MS);
  }
  const whole = Math.floor(months);
  const base = whole > 0 ? addCalendarMonths(start, whole) : start;
  return new Date(base.getTime() + Math.round((months - whole) * 30) * DAY_MS);
}

/** Why a program starts when it does: at once, on its season's date, or after the child's current one. */
export type ProgramStartReason = (typeof PROGRAM_START_REASONS)[number];

/** A program of the child's that has not ended, as far as the start rule is concerned. */
interface Booked {
  startsAt: Date;
  endsAt: Date;
}

/**
 * When a new program starts and ends: at once; on its season's first day when that is still
 * ahead; and in the first stretch free of the child's other programs (running or queued) long
 * enough for it, so programs never overlap. A monthly plan bought in November for a child whose
 * summer quest is queued for June starts now; a second program for a child in one now waits for
 * it (`after_current`). Check-out shows exactly this before anyone pays.
 */
export function programPeriod(
  now: Date,
  plan: { durationMonths: number; startsOn: string | null },
  programs: readonly Booked[],
): { startsAt: Date; endsAt: Date; reason: ProgramStartReason } {
  let startsAt = now;
  let reason: ProgramStartReason = 'now';
  const season = plan.startsOn ? seasonStart(plan.startsOn) : null;
  if (season && season.getTime() > startsAt.getTime()) {
    startsAt = season;
    reason = 'season';
  }
  const earliest = startsAt;
  // Slide past each program the new one would overlap, in the order they run.
  for (const other of [...programs].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime())) {
    const endsAt = programEnd(startsAt, plan.durationMonths);
    const overlaps = startsAt < other.endsAt && other.startsAt < endsAt;
    if (overlaps) startsAt = other.endsAt;
  }
  if (startsAt.getTime() !== earliest.getTime()) reason = 'after_current';
  return { startsAt, endsAt: programEnd(startsAt, plan.durationMonths), reason };
}

/**
 * Whether the start check-out promised still holds: the same reason, and for a season or a queue
 * the same day and hour (a program that starts "now" starts when it is paid, whenever that is).
 */
export function promiseHolds(
  promised: { reason: ProgramStartReason; startsAt: Date },
  current: { reason: ProgramStartReason; startsAt: Date },
): boolean {
  if (promised.reason !== current.reason) return false;
  return current.reason === 'now' || promised.startsAt.getTime() === current.startsAt.getTime();
}
