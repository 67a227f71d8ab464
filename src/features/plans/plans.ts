/** The plan a family has chosen, as the spec names its fields (each null until chosen). */
export interface SelectedPlan {
  selectedPlanName: string | null;
  /** Duration in months (1.25 months is five weeks). */
  selectedPlanDuration: number | null;
  /** Price in whole cents, never a float amount of dollars. */
  selectedPlanPrice: number | null;
}

/** The condensed program the navbar preselects: 1.25 months for 19999 cents ($199.99). */
export const CONDENSED_PROGRAM_PLAN: SelectedPlan = {
  selectedPlanName: 'A-Bridged Condensed Program',
  selectedPlanDuration: 1.25,
  selectedPlanPrice: 19999,
};

const isNullableString = (v: unknown) => v === null || (typeof v === 'string' && v.length <= 120);
const isDuration = (v: unknown) => v === null || (typeof v === 'number' && v > 0 && v <= 60);
const isCents = (v: unknown) =>
  v === null || (Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 1e8);

/**
 * Checks a selected plan read back from storage. Hand-written rather than a schema
 * library so the navigation bar, on every public page, stays small.
 */
export function parseSelectedPlan(data: unknown): SelectedPlan | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { selectedPlanName, selectedPlanDuration, selectedPlanPrice } = data as Record<string, unknown>;
  if (
    !isNullableString(selectedPlanName) ||
    !isDuration(selectedPlanDuration) ||
    !isCents(selectedPlanPrice)
  ) {
    return undefined;
  }
  return { selectedPlanName, selectedPlanDuration, selectedPlanPrice } as SelectedPlan;
}

export function formatPrice(cents: number, locale?: string, currency = 'USD'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/** A duration in months read as a person would say it: 1.25 months is "5 weeks". */
export function formatDuration(months: number): string {
  const weeks = Math.round(months * 4);
  if (!Number.isInteger(months) && Math.abs(months * 4 - weeks) < 1e-9) {
    return `${weeks} ${weeks === 1 ? 'week' : 'weeks'}`;
  }
  const rounded = Math.round(months * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'month' : 'months'}`;
}

/** The longest billing period of a renewing plan, in months (Stripe bills at most yearly). */
export const RECURRING_MAX_MONTHS = 12;

/** How a plan's price is paid, in words after its price: "for 5 weeks" (once) or "a month" / "every 3 months". */
export function formatBilling(plan: { durationMonths: number; billing: 'once' | 'recurring' }): string {
  if (plan.billing === 'once') return `for ${formatDuration(plan.durationMonths)}`;
  return plan.durationMonths === 1 ? 'a month' : `every ${formatDuration(plan.durationMonths)}`;
}

/**
 * Why a plan cannot renew as it stands, field by field (none when it can, or is paid once): a
 * renewing plan is billed every whole number of months, 1 to 12, and starts on purchase.
 */
export function recurringPlanRefusals(plan: {
  billing: 'once' | 'recurring';
  durationMonths: number;
  startsOn: string | null;
}): Record<string, string> {
  if (plan.billing !== 'recurring') return {};
  const refusals: Record<string, string> = {};
  const m = plan.durationMonths;
  if (!Number.isInteger(m) || m < 1 || m > RECURRING_MAX_MONTHS) {
    refusals.durationMonths = `A renewing plan is billed every whole number of months, from 1 to ${RECURRING_MAX_MONTHS}.`;
  }
  if (plan.startsOn) refusals.startsOn = 'A renewing plan starts on purchase: leave the season start empty.';
  return refusals;
}

/**
 * A seasonal program's first day as an instant: midday UTC, so the date reads the same for
 * families from UTC-11 to UTC+11 (a calendar date, not a moment anyone waits for).
 */
export const seasonStart = (startsOn: string) => new Date(`${startsOn}T12:00:00Z`);
