import { useEffect, useState } from 'react';
import { billingApi } from '~/features/payments/billing.api';
import type { BillingDto } from '~/features/payments/billing.schema';
import { errorMessage } from '~/islands/shared/loadState';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';

type Load =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; billing: BillingDto };

/**
 * The family's billing, loaded once and replaced by each change's answer (every change answers
 * the billing as it now is), and the one way the section sends a change: `act(what, send)`.
 */
export function useBilling(ready: boolean) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [notice, setNotice] = useState<string>();
  const { submit, pending, errors, setErrors } = useSubmit();

  const reload = () => {
    call(billingApi.billing, {})
      .then((billing) => setLoad({ status: 'ready', billing }))
      .catch((e: unknown) =>
        setLoad({ status: 'failed', message: errorMessage(e, 'Your billing could not be loaded.') }),
      );
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once the account is known
  useEffect(() => {
    if (ready) reload();
  }, [ready]);

  /** Sends one change; on success the section shows the new billing and `done` as a notice. */
  const act = (what: string, send: () => Promise<BillingDto>, done: string) => {
    setNotice(undefined);
    return submit(
      async () => {
        const billing = await send();
        setLoad({ status: 'ready', billing });
        setNotice(done);
      },
      { what, fallback: 'That did not work. Please try again.' },
    );
  };

  return { load, reload, act, pending, errors, setErrors, notice };
}
export type BillingActions = ReturnType<typeof useBilling>;
