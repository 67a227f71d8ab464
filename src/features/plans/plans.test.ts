import { describe, expect, it } from 'vitest';
import {
  CONDENSED_PROGRAM_PLAN,
  formatBilling,
  formatDuration,
  formatPrice,
  parseSelectedPlan,
  recurringPlanRefusals,
} from './plans';

describe('plans', () => {
  it('presets the condensed program with the spec numbers', () => {
    expect(CONDENSED_PROGRAM_PLAN.selectedPlanDuration).toBe(1.25);
    expect(CONDENSED_PROGRAM_PLAN.selectedPlanPrice).toBe(19999);
    expect(parseSelectedPlan(CONDENSED_PROGRAM_PLAN)).toEqual(CONDENSED_PROGRAM_PLAN);
  });

  it('formats whole cents as money', () => {
    expect(formatPrice(19999, 'en-US')).toBe('$199.99');
    expect(formatPrice(0, 'en-US')).toBe('$0.00');
    expect(formatPrice(19999, 'de-DE')).toMatch(/199,99/);
  });

  it('says durations as a person would', () => {
    expect(formatDuration(1.25)).toBe('5 weeks');
    expect(formatDuration(0.25)).toBe('1 week');
    expect(formatDuration(1)).toBe('1 month');
    expect(formatDuration(3)).toBe('3 months');
  });

  it('refuses a float price, a negative price and unknown shapes', () => {
    expect(parseSelectedPlan({ ...CONDENSED_PROGRAM_PLAN, selectedPlanPrice: 199.99 })).toBeUndefined();
    expect(parseSelectedPlan({ ...CONDENSED_PROGRAM_PLAN, selectedPlanPrice: -1 })).toBeUndefined();
    expect(parseSelectedPlan({ ...CONDENSED_PROGRAM_PLAN, selectedPlanDuration: '5 weeks' })).toBeUndefined();
    expect(parseSelectedPlan({ ...CONDENSED_PROGRAM_PLAN, selectedPlanName: 42 })).toBeUndefined();
    expect(parseSelectedPlan('plan')).toBeUndefined();
    expect(parseSelectedPlan(null)).toBeUndefined();
  });

  it('keeps only the three plan fields', () => {
    expect(parseSelectedPlan({ ...CONDENSED_PROGRAM_PLAN, extra: '<script>' })).toEqual(
      CONDENSED_PROGRAM_PLAN,
    );
  });
});

describe('renewing plans', () => {
  it('read their price as paid once or renewing', () => {
    expect(formatBilling({ durationMonths: 1.25, billing: 'once' })).toBe('for 5 weeks');
    expect(formatBilling({ durationMonths: 1, billing: 'recurring' })).toBe('a month');
    expect(formatBilling({ durationMonths: 3, billing: 'recurring' })).toBe('every 3 months');
  });

  it('renew every whole number of months, 1 to 12, from purchase', () => {
    const renewing = { billing: 'recurring' as const, startsOn: null };
    expect(recurringPlanRefusals({ ...renewing, durationMonths: 1 })).toEqual({});
    expect(recurringPlanRefusals({ ...renewing, durationMonths: 12 })).toEqual({});
    for (const months of [0.25, 1.25, 13]) {
      expect(Object.keys(recurringPlanRefusals({ ...renewing, durationMonths: months }))).toEqual([
        'durationMonths',
      ]);
    }
    expect(
      Object.keys(recurringPlanRefusals({ ...renewing, durationMonths: 1, startsOn: '2027-06-14' })),
    ).toEqual(['startsOn']);
    expect(recurringPlanRefusals({ billing: 'once', durationMonths: 1.25, startsOn: '2027-06-14' })).toEqual(
      {},
    );
  });
});
