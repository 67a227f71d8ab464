/** Value lists shared by the database, the API schemas and the pages. */
export const AGE_BANDS = ['4-6', '6-8', '8-10', '10-12'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

export const READING_LEVELS = ['sprout', 'sapling', 'branch', 'canopy'] as const;
export type ReadingLevel = (typeof READING_LEVELS)[number];

export const READING_LEVEL_LABELS: Record<ReadingLevel, string> = {
  sprout: 'Sprout (ages 4–6)',
  sapling: 'Sapling (ages 6–8)',
  branch: 'Branch (ages 8–10)',
  canopy: 'Canopy (ages 10–12)',
};

/** An age band as families read it: "8–10 years". */
export const ageBandLabel = (band: string) => `${band.replace('-', '–')} years`;

/** A reading level as families read it ("Branch (ages 8–10)"); an unknown code as it is. */
export const readingLevelLabel = (level: string) => READING_LEVEL_LABELS[level as ReadingLevel] ?? level;

export const BLOG_STATUSES = ['draft', 'submitted', 'approved', 'rejected'] as const;
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'refunded', 'cancelled'] as const;
export const SUBSCRIPTION_STATUSES = ['active', 'ended', 'cancelled'] as const;
/** A progress report every four weeks of a renewing program, or the one at a program's end. */
export const REPORT_KINDS = ['progress', 'final'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
/** A plan is paid once for a fixed number of weeks, or billed every period until cancelled. */
export const PLAN_BILLINGS = ['once', 'recurring'] as const;
export type PlanBilling = (typeof PLAN_BILLINGS)[number];
/**
 * A renewing program (a membership): started at check-out and not paid yet, running, its renewal
 * unpaid (retrying), paused by Stripe, or over. Cancelling at the period's end keeps it active.
 */
export const MEMBERSHIP_STATUSES = ['incomplete', 'active', 'past_due', 'paused', 'ended'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
/** Why a membership ended: cancelled by the family, refunded, left unpaid, ended by the team, never paid. */
export const MEMBERSHIP_END_REASONS = ['cancelled', 'refunded', 'unpaid', 'team', 'expired'] as const;
/** What an order paid for: a purchase at check-out, or a renewal of a membership. */
export const ORDER_PURPOSES = ['purchase', 'renewal'] as const;
export const TEST_PAYMENT_STATUSES = ['created', 'succeeded', 'failed'] as const;
export const EVENT_STATUSES = ['scheduled', 'cancelled'] as const;
export const INQUIRY_STATUSES = ['new', 'in_progress', 'answered'] as const;
export const BOOKING_STATUSES = ['booked', 'cancelled'] as const;
/** An email in the outbox: waiting, being sent (a lease), sent, or given up after its retries. */
export const EMAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
/** Why a program starts when it does: at once, on its season's date, or after the child's current one. */
export const PROGRAM_START_REASONS = ['now', 'season', 'after_current'] as const;

/** Files families upload that count towards a daily quota per account (src/platform/storage/quotas.ts). */
export const UPLOAD_KINDS = ['blog_image', 'recording'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** How a child's level was last set by placement (issue 15): the parent's answers, a read-aloud, or the plans' review of their ratings. */
export const PLACEMENT_BASES = ['answers', 'read-aloud', 'review'] as const;
export type PlacementBasis = (typeof PLACEMENT_BASES)[number];

/** The most books one catalogue search answers (the reading log's book picker asks for this many). */
export const BOOK_SEARCH_LIMIT = 20;

/**
 * The levels in the order a passage is looked for: the child's own, then one step easier, one
 * harder, and so on (a passage too hard discourages more than one too easy).
 */
export function levelsNearest(level: ReadingLevel): ReadingLevel[] {
  const at = READING_LEVELS.indexOf(level);
  const order: ReadingLevel[] = [level];
  for (let step = 1; step < READING_LEVELS.length; step++) {
    const easier = READING_LEVELS[at - step];
    const harder = READING_LEVELS[at + step];
    if (easier) order.push(easier);
    if (harder) order.push(harder);
  }
  return order;
}
