import * as z from 'zod/mini';

/** The plan a family has chosen, as the spec names its fields (each null until chosen). */
export const selectedPlanSchema = z.object({
  selectedPlanName: z.nullable(z.string().check(z.maxLength(120))),
  /** Duration in months (1.25 months is five weeks). */
  selectedPlanDuration: z.nullable(z.number().check(z.positive(), z.lte(60))),
  /** Price in whole cents, never a float amount of dollars. */
  selectedPlanPrice: z.nullable(z.int().check(z.nonnegative(), z.lte(100_000_000))),
});
export type SelectedPlan = z.infer<typeof selectedPlanSchema>;

export const EMPTY_SELECTED_PLAN: SelectedPlan = {
  selectedPlanName: null,
  selectedPlanDuration: null,
  selectedPlanPrice: null,
};

/** The condensed program the navbar preselects: 1.25 months for 19999 cents ($199.99). */
export const CONDENSED_PROGRAM_PLAN: SelectedPlan = {
  selectedPlanName: 'A-Bridged Condensed Program',
  selectedPlanDuration: 1.25,
  selectedPlanPrice: 19999,
};

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
