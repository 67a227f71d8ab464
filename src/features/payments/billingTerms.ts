import { DAY_MS, WEEK_MS } from '~/platform/days';

/**
 * The rules of renewals, refunds and pauses, written once: the services apply these functions and
 * constants, and the terms of use and the billing section quote them (never a number of their own).
 */

/** Days after a payment during which cancelling refunds the unused part of what it paid for. */
export const REFUND_WINDOW_DAYS = 14;

/** A pause lasts whole weeks, from one to four. */
export const PAUSE_MIN_WEEKS = 1;
export const PAUSE_MAX_WEEKS = 4;

/**
 * After a renewal fails, the card is tried again this many days after the first attempt (Stripe's
 * retry schedule is set to the same in its dashboard; the sandbox follows it). After the last one
 * fails, the program ends unpaid.
 */
export const RENEWAL_RETRY_DAYS = [3, 5, 7] as const;

/** Whether a cancellation now still refunds the payment made at `paidAt`. */
export function withinRefundWindow(paidAt: Date, now: Date): boolean {
  const age = now.getTime() - paidAt.getTime();
  return age >= 0 && age <= REFUND_WINDOW_DAYS * DAY_MS;
}

/** The last moment a cancellation refunds the payment made at `paidAt`. */
export const refundWindowEnd = (paidAt: Date) => new Date(paidAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS);

/**
 * The unused part of a payment, in whole cents (rounded down): the share of its period still
 * ahead at `now`. A period not begun yet is refunded whole; one already over, not at all.
 */
export function unusedPartCents(amountCents: number, period: { startsAt: Date; endsAt: Date }, now: Date) {
  const length = period.endsAt.getTime() - period.startsAt.getTime();
  if (length <= 0 || now >= period.endsAt) return 0;
  if (now <= period.startsAt) return amountCents;
  const left = period.endsAt.getTime() - now.getTime();
  return Math.floor((amountCents * left) / length);
}

/** When a pause of `weeks` that starts at `from` ends (the program resumes by itself then). */
export const pauseEnd = (from: Date, weeks: number) => new Date(from.getTime() + weeks * WEEK_MS);

/** When the failed renewal first attempted at `firstAttempt` is tried again after `attempts` tries, or null. */
export function nextRetryAt(firstAttempt: Date, attempts: number): Date | null {
  const days = RENEWAL_RETRY_DAYS[attempts - 1];
  return days === undefined ? null : new Date(firstAttempt.getTime() + days * DAY_MS);
}

/** The rules in words, as the terms of use and the billing section say them. */
export const billingTermsText = {
  renewal:
    'A monthly or termly program renews at the end of each period and is charged to the card that paid, until you cancel it.',
  cancel:
    'You can cancel a renewing program at any time from your profile’s settings: it then runs to the end of the period already paid and nothing more is charged.',
  refund: `Within ${REFUND_WINDOW_DAYS} days of a payment, you can instead cancel with a refund of the unused part of what it paid for (the days of its period still ahead, in proportion to the price); a program not begun yet is refunded in full. The program stops that day.`,
  pause: `You can pause a renewing program for ${PAUSE_MIN_WEEKS} to ${PAUSE_MAX_WEEKS} whole weeks: there are no reading plans and no charge while it is paused, your child's streak is kept, and the program resumes by itself, its next renewal moved later by the length of the pause.`,
  failedRenewal: `If a renewal cannot be charged, we tell you and try the card again ${RENEWAL_RETRY_DAYS.length} times, ${RENEWAL_RETRY_DAYS.join(', ')} days after the first attempt. Weekly plans stop while the renewal is unpaid and continue from the week the payment arrives; after the last attempt, the program ends.`,
} as const;
