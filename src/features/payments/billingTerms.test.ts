import { describe, expect, it } from 'vitest';
import { DAY_MS } from '~/platform/days';
import {
  billingTermsText,
  nextRetryAt,
  PAUSE_MAX_WEEKS,
  pauseEnd,
  REFUND_WINDOW_DAYS,
  RENEWAL_RETRY_DAYS,
  refundWindowEnd,
  unusedPartCents,
  withinRefundWindow,
} from './billingTerms';

const at = (iso: string) => new Date(iso);

describe('the billing rules', () => {
  it('refund within 14 days of a payment, to the millisecond, and not before it', () => {
    const paid = at('2026-12-01T10:00:00Z');
    expect(withinRefundWindow(paid, new Date(paid.getTime() + REFUND_WINDOW_DAYS * DAY_MS))).toBe(true);
    expect(withinRefundWindow(paid, new Date(paid.getTime() + REFUND_WINDOW_DAYS * DAY_MS + 1))).toBe(false);
    expect(withinRefundWindow(paid, new Date(paid.getTime() - 1))).toBe(false);
    expect(refundWindowEnd(paid).toISOString()).toBe('2026-12-15T10:00:00.000Z');
  });

  it('refund the unused part of a period, rounded down to the cent', () => {
    const period = { startsAt: at('2026-12-01T00:00:00Z'), endsAt: at('2026-12-31T00:00:00Z') };
    expect(unusedPartCents(2900, period, at('2026-11-30T00:00:00Z'))).toBe(2900);
    expect(unusedPartCents(2900, period, period.startsAt)).toBe(2900);
    // Ten days of thirty used: two thirds of $29.00 is $19.333…, so $19.33.
    expect(unusedPartCents(2900, period, at('2026-12-11T00:00:00Z'))).toBe(1933);
    expect(unusedPartCents(2900, period, period.endsAt)).toBe(0);
    expect(unusedPartCents(2900, { startsAt: period.endsAt, endsAt: period.startsAt }, period.startsAt)).toBe(
      0,
    );
  });

  it('pause whole weeks and retry on the schedule, then stop', () => {
    expect(pauseEnd(at('2026-12-01T00:00:00Z'), PAUSE_MAX_WEEKS).toISOString()).toBe(
      '2026-12-29T00:00:00.000Z',
    );
    const first = at('2026-12-01T00:00:00Z');
    expect(RENEWAL_RETRY_DAYS.map((_, i) => nextRetryAt(first, i + 1)?.toISOString())).toEqual([
      '2026-12-04T00:00:00.000Z',
      '2026-12-06T00:00:00.000Z',
      '2026-12-08T00:00:00.000Z',
    ]);
    expect(nextRetryAt(first, RENEWAL_RETRY_DAYS.length + 1)).toBeNull();
  });

  it('say in words the same numbers the code applies', () => {
    expect(billingTermsText.refund).toContain(`Within ${REFUND_WINDOW_DAYS} days of a payment`);
    expect(billingTermsText.pause).toContain(`1 to ${PAUSE_MAX_WEEKS} whole weeks`);
    expect(billingTermsText.failedRenewal).toContain(RENEWAL_RETRY_DAYS.join(', '));
  });
});
