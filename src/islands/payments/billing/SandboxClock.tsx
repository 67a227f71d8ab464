import { billingApi } from '~/features/payments/billing.api';
import type { BillingDto } from '~/features/payments/billing.schema';
import { call } from '~/platform/client/api';
import { formatTime } from '~/platform/time';
import type { BillingActions } from './useBilling';

/**
 * The sandbox's test clock and card (never with Stripe): move this family's time forward to see a
 * renewal, make the card decline to see a failed renewal and its retries, like Stripe's test clocks.
 */
export function SandboxClock({
  sandbox,
  actions,
}: {
  sandbox: NonNullable<BillingDto['sandbox']>;
  actions: BillingActions;
}) {
  const move = (days: number, label: string) =>
    actions.act(
      `clock-${days}`,
      () => call(billingApi.sandboxClock, { body: { days } }),
      `The test clock moved ${label} forward.`,
    );
  const setCard = (declines: boolean) =>
    actions.act(
      'card',
      () => call(billingApi.sandboxCard, { body: { declines } }),
      declines ? 'The test card now declines every charge.' : 'The test card works again.',
    );
  return (
    <div className="sandbox-panel billing-sandbox">
      <p className="sandbox-badge">Test mode</p>
      <h3>Test clock</h3>
      <p>
        Payments here are a rehearsal: no card is charged. Your test clock reads{' '}
        <strong>{formatTime(sandbox.clockAt, 'date')}</strong>; move it forward to see renewals, and the test
        card <strong>{sandbox.cardDeclines ? 'declines' : 'works'}</strong>.
      </p>
      <div className="billing-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void move(7, 'a week')}>
          Move a week forward
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void move(31, 'a month')}>
          Move a month forward
        </button>
        <button type="button" className="btn btn-ghost" onClick={() => void setCard(!sandbox.cardDeclines)}>
          {sandbox.cardDeclines ? 'Make the test card work' : 'Make the test card decline'}
        </button>
      </div>
    </div>
  );
}
