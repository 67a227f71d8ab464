import type { TestPaymentSetup } from '~/features/payments/admin.schema';
import { formatPrice } from '~/features/plans/plans';
import { CurrentRun, EarlierRuns } from './TestPaymentRuns';
import { useTestPayment } from './useTestPayment';
import '~/islands/shared/admin/admin.css';
import './payments.css';

const MODE_WORDS: Record<TestPaymentSetup['mode'], string> = {
  sandbox: 'Sandbox: no Stripe keys are set, no card is charged',
  test: 'Stripe, test mode: test cards only, no real money',
  live: 'Stripe, live mode: real cards and real money',
};

/**
 * /admin/test-payment: runs a small payment through this environment's real payment path and
 * shows each step as it completes, then keeps the newest runs for comparison.
 */
export function TestPayment() {
  const { load, fetchSetup, current, running, runError, run, resultRef, pollError, checkAgain } =
    useTestPayment();

  if (load.status === 'loading') {
    return (
      <p className="admin-loading" role="status">
        Loading the payment setup…
      </p>
    );
  }
  if (load.status === 'failed') {
    return (
      <div className="admin-state" role="alert">
        <p>{load.message}</p>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => void fetchSetup()}>
          Try again
        </button>
      </div>
    );
  }
  const { setup } = load;
  const earlier = setup.runs.filter((r) => r.id !== current?.id);
  return (
    <div className="test-payment">
      <SetupPanel
        setup={setup}
        running={running}
        waiting={Boolean(current?.pending && !pollError)}
        runError={runError}
        onRun={() => void run()}
      />

      {current && (
        <CurrentRun run={current} resultRef={resultRef} pollError={pollError} onCheckAgain={checkAgain} />
      )}

      <EarlierRuns runs={earlier} />
    </div>
  );
}

/** This environment's payment setup, and the button that runs a test payment where it may. */
function SetupPanel({
  setup,
  running,
  waiting,
  runError,
  onRun,
}: {
  setup: TestPaymentSetup;
  running: boolean;
  /** The run on the page still waits for the provider's webhook. */
  waiting: boolean;
  runError: string | undefined;
  onRun: () => void;
}) {
  const amount = formatPrice(setup.amountCents, undefined, setup.currency.toUpperCase());
  const webhookUrl = `${window.location.origin}${setup.webhookPath}`;
  return (
    <section className="admin-panel" aria-labelledby="setup-heading">
      <h2 id="setup-heading">This environment</h2>
      <dl className="admin-details">
        <dt>Payments</dt>
        <dd>{MODE_WORDS[setup.mode]}</dd>
        <dt>Test amount</dt>
        <dd>{amount}</dd>
        <dt>Webhook endpoint</dt>
        <dd>
          <code>{webhookUrl}</code>
        </dd>
      </dl>
      {setup.canRun ? (
        <>
          <p>
            The test pays {amount} with{' '}
            {setup.provider === 'stripe' ? 'Stripe’s test card' : 'the sandbox’s test card'}, then waits for
            the signed event to come back through the webhook, exactly as a family’s payment does. It buys
            nothing and enrols no child.
          </p>
          <p className="actions">
            <button type="button" className="btn btn-primary" onClick={onRun} disabled={running || waiting}>
              {running
                ? 'Running the test payment…'
                : waiting
                  ? 'Waiting for the webhook…'
                  : `Run a test payment of ${amount}`}
            </button>
          </p>
        </>
      ) : (
        <p className="payment-live-warning" role="note">
          This environment uses live Stripe keys, so a test payment would charge a real card. Run it where
          Stripe test keys or the sandbox are set (a staging copy of the site).
        </p>
      )}
      {runError && (
        <p className="field-error" role="alert">
          {runError}
        </p>
      )}
    </section>
  );
}
