import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { OrderDto } from '~/features/payments/payments.schema';
import { clearBasketOf } from '~/features/plans/plan.store';
import { errorMessage } from '~/islands/shared/loadState';
import { ApiClientError, call, lazyContracts } from '~/platform/client/api';
import { $authReady } from '~/platform/identity/authState.store';
import { refreshUserData } from '~/platform/identity/session.store';
import { isUuid } from '~/platform/ids';

/** Only a signed-in family with an order asks the API: a first visit loads no schemas. */
const paymentContracts = lazyContracts(() =>
  import('~/features/payments/payments.api').then((m) => m.paymentsApi),
);

/** How many times, and how often, a payment still processing is asked about before saying so. */
export const CHECKS = 6;
const CHECK_EVERY_MS = 2_000;

export type View =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'error'; message: string }
  | { state: 'order'; order: OrderDto; checks: number };

/**
 * One order as the server has it, once the sign-in is known: asked again every few seconds while
 * its payment is processing (CHECKS times), and anew on `checkAgain`. A paid order leaves the
 * basket and refreshes the family's notifications and data.
 */
export function useOrderView(orderId: string, hydrated: boolean, signedIn: boolean) {
  const authReady = useStore($authReady);
  const [view, setView] = useState<View>({ state: 'loading' });
  const [round, setRound] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round (Check again, Try again) asks the server again.
  useEffect(() => {
    if (!hydrated || !signedIn || !authReady) return;
    if (!isUuid(orderId)) {
      setView({ state: 'missing' });
      return;
    }
    let stale = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = async (checks: number) => {
      try {
        const order = await call((await paymentContracts()).order, { params: { id: orderId } });
        if (stale) return;
        setView({ state: 'order', order, checks });
        if (order.status === 'pending' && checks < CHECKS) {
          timer = setTimeout(() => void check(checks + 1), CHECK_EVERY_MS);
        }
        if (order.status === 'paid') {
          // Bought: out of the basket, in every tab (unless another tab has chosen anew since).
          clearBasketOf(order.plan);
          // Loaded once an order is paid: a visitor who is not signed in never needs it.
          void import('~/features/notifications/poller.store').then(({ poll }) => poll());
          void refreshUserData().catch(() => {});
        }
      } catch (e) {
        if (stale) return;
        if (e instanceof ApiClientError && e.status === 404) setView({ state: 'missing' });
        else
          setView({
            state: 'error',
            message: errorMessage(e, 'The order could not be loaded.'),
          });
      }
    };
    void check(1);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [hydrated, signedIn, authReady, orderId, round]);

  return { view, checkAgain: () => setRound((r) => r + 1) };
}
