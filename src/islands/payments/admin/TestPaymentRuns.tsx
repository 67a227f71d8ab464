import type { RefObject } from 'react';
import type { TestPaymentDto, TestPaymentStep } from '~/features/payments/admin.schema';
import { formatTime } from '~/platform/time';

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

/** How one run ended, in words and a tone. */
export function Result({ run }: { run: TestPaymentDto }) {
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
export function Steps({ run }: { run: TestPaymentDto }) {
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

/** The run just started: its steps as they complete, and "Check again" when a check failed. */
export function CurrentRun({
  run,
  resultRef,
  pollError,
  onCheckAgain,
}: {
  run: TestPaymentDto;
  resultRef: RefObject<HTMLElement | null>;
  pollError: string | null;
  onCheckAgain: () => void;
}) {
  return (
    <section className="admin-panel" aria-labelledby="current-heading" tabIndex={-1} ref={resultRef}>
      <h2 id="current-heading">
        This test payment <Result run={run} />
      </h2>
      <div aria-live="polite">
        <Steps run={run} />
      </div>
      {pollError && (
        <div className="admin-state" role="alert">
          <p>{pollError}</p>
          <button type="button" className="btn btn-secondary btn-small" onClick={onCheckAgain}>
            Check again
          </button>
        </div>
      )}
    </section>
  );
}

/** The runs before this one, newest first, each opening onto its steps. */
export function EarlierRuns({ runs }: { runs: TestPaymentDto[] }) {
  return (
    <section className="admin-panel" aria-labelledby="runs-heading">
      <h2 id="runs-heading">Earlier test payments</h2>
      {runs.length === 0 ? (
        <p>No earlier test payment has been run here. The newest ten are kept on this page.</p>
      ) : (
        <ul className="payment-runs">
          {runs.map((r) => (
            <li key={r.id}>
              <details>
                <summary>
                  <time dateTime={r.createdAt}>{formatTime(r.createdAt, 'dateTime')}</time>
                  {r.actorName ? ` by ${r.actorName}` : ''} · {r.provider === 'stripe' ? 'Stripe' : 'Sandbox'}{' '}
                  · <Result run={r} />
                </summary>
                <Steps run={r} />
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
