import { useState } from 'react';
import { paymentsApi } from '~/features/payments/payments.api';
import { useSubmit } from '~/islands/shared/useSubmit';
import { ApiClientError, call } from '~/platform/client/api';
import { pagePath } from '~/platform/routes';

type Outcome = 'succeed' | 'fail';

interface Props {
  orderId: string;
  amount: string;
  childName: string;
  /** The child's programs changed since the dates were shown: nothing was paid; show them again. */
  onDatesChanged: (message: string) => void;
}

/**
 * The sandbox's stand-in for the card form: plainly a test. Either button sends a signed event
 * through the same webhook path a real payment takes, then shows the order's confirmation.
 */
export function SandboxPayment({ orderId, amount, childName, onDatesChanged }: Props) {
  const { submit, pending, errors } = useSubmit();
  // The outcome sent, while the confirmation page loads: the buttons stay as they were pressed.
  const [sent, setSent] = useState<Outcome | null>(null);
  const busy = (pending as Outcome | null) ?? sent;

  const pay = (outcome: Outcome) =>
    submit(
      async () => {
        try {
          await call(paymentsApi.sandboxPay, { params: { id: orderId }, body: { outcome } });
        } catch (e) {
          if (e instanceof ApiClientError && e.code === 'program_changed') onDatesChanged(e.message);
          throw e;
        }
        setSent(outcome);
        window.location.assign(pagePath('/confirmation', { query: { order: orderId } }));
      },
      { what: outcome, fallback: 'The test payment could not be sent. Please try again.' },
    );

  return (
    <div className="sandbox-panel">
      <p className="sandbox-badge">Test mode</p>
      <h3>Test payment — no card is charged</h3>
      <p>
        Card payments are not set up on this copy of Quill Reads, so this is a rehearsal: nothing is charged
        and no card is asked for. Completing it enrols {childName} exactly as a real payment of {amount}{' '}
        would.
      </p>
      {errors.form && (
        <p className="form-alert form-alert-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="plan-summary-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy !== null}
          onClick={() => void pay('succeed')}
        >
          {busy === 'succeed' ? 'Completing…' : 'Complete the test payment'}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          disabled={busy !== null}
          onClick={() => void pay('fail')}
        >
          {busy === 'fail' ? 'Declining…' : 'Decline the test payment'}
        </button>
      </div>
    </div>
  );
}
