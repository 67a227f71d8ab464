import { useCallback, useEffect, useRef, useState } from 'react';
import type { TestPaymentDto, TestPaymentSetup } from '~/features/payments/admin.schema';
import { paymentsApi } from '~/features/payments/payments.api';
import { errorMessage } from '~/islands/shared/loadState';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';

/** How often a run waiting for the provider's webhook is asked about again. */
const POLL_MS = 2000;

type Load =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; setup: TestPaymentSetup };

/** The environment's payment setup and its newest runs; `fetchSetup` reads them again. */
function useSetup() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
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
  return { load, fetchSetup };
}

/**
 * While the provider's webhook is awaited, asks again every few seconds; the server says when to
 * stop. A failed check stops the polling and offers to check again (no endless retries).
 */
function usePolling(current: TestPaymentDto | null, update: (fresh: TestPaymentDto) => void) {
  const [pollError, setPollError] = useState<string | null>(null);
  const [pollRound, setPollRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `pollRound` is how "Check again" asks once more.
  useEffect(() => {
    if (!current?.pending || pollError) return;
    const controller = new AbortController();
    const id = current.id;
    const timer = window.setTimeout(async () => {
      try {
        update(await call(paymentsApi.adminTestPayment, { params: { id }, signal: controller.signal }));
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
  const checkAgain = () => {
    setPollError(null);
    setPollRound((n) => n + 1);
  };
  return { pollError, setPollError, checkAgain };
}

/**
 * The test payment page's state: the setup, the run on the page (polled until it settles, its
 * section focused once it appears) and `run`, which starts one.
 */
export function useTestPayment() {
  const { load, fetchSetup } = useSetup();
  const [current, setCurrent] = useState<TestPaymentDto | null>(null);
  const { submit, busy: running, errors } = useSubmit();
  // An answer about an older run never replaces the one on the page.
  const polling = usePolling(current, (fresh) =>
    setCurrent((shown) => (shown?.id === fresh.id ? fresh : shown)),
  );
  const resultRef = useRef<HTMLElement>(null);
  /** The run just started: its section takes the focus once it is on the page. */
  const [focusRun, setFocusRun] = useState<string | null>(null);
  useEffect(() => {
    if (focusRun && current?.id === focusRun && resultRef.current) {
      resultRef.current.focus();
      setFocusRun(null);
    }
  }, [focusRun, current]);

  // When the run settles, the list of earlier runs catches up.
  const settledId = current && !current.pending ? current.id : null;
  useEffect(() => {
    if (settledId) void fetchSetup();
  }, [settledId, fetchSetup]);

  // A double-click runs one test payment (and counts once towards the hourly limit); a retry
  // after a lost answer sends the same idempotency key and gets the first run back.
  const run = () =>
    submit(
      async (idempotencyKey) => {
        polling.setPollError(null);
        const made = await call(paymentsApi.adminRunTestPayment, { idempotencyKey });
        setCurrent(made);
        setFocusRun(made.id);
      },
      { fallback: 'The test payment could not be started. Please try again.' },
    );

  return { load, fetchSetup, current, running, runError: errors.form, run, resultRef, ...polling };
}
