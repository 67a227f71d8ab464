import { useState } from 'react';
import { paymentsApi } from '~/features/payments/payments.api';
import { errorMessage } from '~/islands/shared/loadState';
import { ApiClientError, call } from '~/platform/client/api';

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
  const [busy, setBusy] = useState<'succeed' | 'fail' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const pay = async (outcome: 'succeed' | 'fail') => {
    setBusy(outcome);
    setError(null);
    try {
      await call(paymentsApi.sandboxPay, { params: { id: orderId }, body: { outcome } });
      window.location.assign(`/confirmation?order=${orderId}`);
    } catch (e) {
      setBusy(null);
      if (e instanceof ApiClientError && e.code === 'program_changed') onDatesChanged(e.message);
      else setError(errorMessage(e, 'The test payment could not be sent. Please try again.'));
    }
  };

  return (
    <div className="sandbox-panel">
      <p className="sandbox-badge">Test mode</p>
      <h3>Test payment — no card is charged</h3>
      <p>
        Card payments are not set up on this copy of Quill Reads, so this is a rehearsal: nothing is charged
        and no card is asked for. Completing it enrols {childName} exactly as a real payment of {amount}{' '}
        would.
      </p>
      {error && (
        <p className="form-alert form-alert-error" role="alert">
          {error}
        </p>
      )}
      <div className="plan-summary-actions">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy !== null}
          onClick={() => pay('succeed')}
        >
          {busy === 'succeed' ? 'Completing…' : 'Complete the test payment'}
        </button>
        <button type="button" className="btn btn-ghost" disabled={busy !== null} onClick={() => pay('fail')}>
          {busy === 'fail' ? 'Declining…' : 'Decline the test payment'}
        </button>
      </div>
    </div>
  );
}
