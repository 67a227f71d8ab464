import { useCallback, useEffect, useRef, useState } from 'react';
import type { TestPaymentDto, TestPaymentSetup, TestPaymentStep } from '~/features/payments/admin.schema';
import { paymentsApi } from '~/features/payments/payments.api';
import { formatPrice } from '~/features/plans/plans';
import { errorMessage } from '~/islands/shared/loadState';
import { useSubmission } from '~/islands/shared/useSubmission';
import { call } from '~/platform/client/api';
import '~/islands/shared/admin/admin.css';
import './payments.css';
import { formatTime } from '~/platform/time';

/** How often a run waiting for the provider's webhook is asked about again. */
const POLL_MS = 2000;

const MODE_WORDS: Record<TestPaymentSetup['mode'], string> = {
  sandbox: 'Sandbox: no Stripe keys are set, no card is charged',
  test: 'Stripe, test mode: test cards only, no real money',
  live: 'Stripe, live mode: real cards and real money',
};

const STATE_WORDS: Record<TestPaymentStep['state'], string> = {
  done: 'Done',
  failed: 'Failed',
  waiting: 'Waiting',
  skipped: 'Not run',
};

const RESULT_WORDS: Record<TestPaymentDto['status'], { label: string; tone: string }> = {
  succeeded: { label: 'Succeeded', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
  created: { label: 'Waiting for the webhook', tone: 'warn' },
};

function Result({ run }: { run: TestPaymentDto }) {
  // Any failed step fails the run (a webhook that never came leaves the row "created").
  const failed = run.steps.some((s) => s.state === 'failed');
  const words = failed ? RESULT_WORDS.failed : run.pending ? RESULT_WORDS.created : RESULT_WORDS[run.status];
  return (
    <span className="status-pill" data-tone={words.tone}>
      {words.label}
    </span>
  );
}

/** The steps of one run, in order, each with its result in words (not only a colour or a mark). */
function Steps({ run }: { run: TestPaymentDto }) {
  return (
    <ol className="payment-steps">
      {run.steps.map((step) => (
        <li key={step.key} className="payment-step" data-state={step.state}>
          <span className="payment-step-mark" aria-hidden="true" />
          <div>
            <p className="payment-step-title">
              <strong>{step.label}</strong>
              <span className="payment-step-state">{STATE_WORDS[step.state]}</span>
            </p>
            <p className="payment-step-detail">{step.detail}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

type Load =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; setup: TestPaymentSetup };

/**
 * /admin/test-payment: runs a small payment through this environment's real payment path and
 * shows each step as it completes, then keeps the newest runs for comparison.
 */
export function TestPayment() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [current, setCurrent] = useState<TestPaymentDto | null>(null);
  const submission = useSubmission();
  const running = submission.busy;
  const [runError, setRunError] = useState<string | null>(null);
  const resultRef = useRef<HTMLElement>(null);
  /** The run just started: its section takes the focus once it is on the page. */
  const [focusRun, setFocusRun] = useState<string | null>(null);
  useEffect(() => {
    if (focusRun && current?.id === focusRun && resultRef.current) {
      resultRef.current.focus();
      setFocusRun(null);
    }
  }, [focusRun, current]);

  const fetchSetup = useCallback(async () => {
    try {
      const setup = await call(paymentsApi.adminTestPayments, {});
      setLoad({ status: 'ready', setup });
    } catch (error) {
      setLoad({ status: 'failed', message: errorMessage(error, 'The payment setup could not be loaded.') });
    }
  }, []);
  useEffect(() => {
    void fetchSetup();
  }, [fetchSetup]);

  // While the provider's webhook is awaited, ask again every few seconds; the server says when to
  // stop. A failed check stops the polling and offers to check again (no endless retries).
  const [pollError, setPollError] = useState<string | null>(null);
  const [pollRound, setPollRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `pollRound` is how "Check again" asks once more.
  useEffect(() => {
    if (!current?.pending || pollError) return;
    const controller = new AbortController();
    const id = current.id;
    const timer = window.setTimeout(async () => {
      try {
        const fresh = await call(paymentsApi.adminTestPayment, { params: { id }, signal: controller.signal });
        // An answer about an older run never replaces the one on the page.
        setCurrent((shown) => (shown?.id === fresh.id ? fresh : shown));
      } catch (error) {
        if (!controller.signal.aborted) {
          setPollError(errorMessage(error, 'We could not check for the webhook’s event just now.'));
        }
      }
    }, POLL_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [current, pollError, pollRound]);

  // When the run settles, the list of earlier runs catches up.
  const settledId = current && !current.pending ? current.id : null;
  useEffect(() => {
    if (settledId) void fetchSetup();
  }, [settledId, fetchSetup]);

  async function run() {
    try {
      // A double-click runs one test payment (and counts once towards the hourly limit); a retry
      // after a lost answer sends the same idempotency key and gets the first run back.
      await submission.run(async (idempotencyKey) => {
        setRunError(null);
        setPollError(null);
        const made = await call(paymentsApi.adminRunTestPayment, { idempotencyKey });
        setCurrent(made);
        setFocusRun(made.id);
      });
    } catch (error) {
      setRunError(errorMessage(error, 'The test payment could not be started. Please try again.'));
    }
  }

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
  const amount = formatPrice(setup.amountCents, undefined, setup.currency.toUpperCase());
  const earlier = setup.runs.filter((r) => r.id !== current?.id);
  const webhookUrl = `${window.location.origin}${setup.webhookPath}`;
  return (
    <div className="test-payment">
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
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => void run()}
                disabled={running || Boolean(current?.pending && !pollError)}
              >
                {running
                  ? 'Running the test payment…'
                  : current?.pending && !pollError
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

      {current && (
        <section className="admin-panel" aria-labelledby="current-heading" tabIndex={-1} ref={resultRef}>
          <h2 id="current-heading">
            This test payment <Result run={current} />
          </h2>
          <div aria-live="polite">
            <Steps run={current} />
          </div>
          {pollError && (
            <div className="admin-state" role="alert">
              <p>{pollError}</p>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                onClick={() => {
                  setPollError(null);
                  setPollRound((n) => n + 1);
                }}
              >
                Check again
              </button>
            </div>
          )}
        </section>
      )}

      <section className="admin-panel" aria-labelledby="runs-heading">
        <h2 id="runs-heading">Earlier test payments</h2>
        {earlier.length === 0 ? (
          <p>No earlier test payment has been run here. The newest ten are kept on this page.</p>
        ) : (
          <ul className="payment-runs">
            {earlier.map((r) => (
              <li key={r.id}>
                <details>
                  <summary>
                    <time dateTime={r.createdAt}>{formatTime(r.createdAt, 'dateTime')}</time>
                    {r.actorName ? ` by ${r.actorName}` : ''} ·{' '}
                    {r.provider === 'stripe' ? 'Stripe' : 'Sandbox'} · <Result run={r} />
                  </summary>
                  <Steps run={r} />
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
