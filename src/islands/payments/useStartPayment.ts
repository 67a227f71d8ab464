import { useEffect, useRef, useState } from 'react';
import { paymentsApi } from '~/features/payments/payments.api';
import type { CheckoutDto } from '~/features/payments/payments.schema';
import type { PlanDto } from '~/features/plans/plans.schema';
import { errorMessage } from '~/islands/shared/loadState';
import { useSubmit } from '~/islands/shared/useSubmit';
import { ApiClientError, call } from '~/platform/client/api';
import type { ChildChoice } from './useChildChoice';

/**
 * Starting the payment for the chosen child: checks the choice, then makes the order once (a
 * double-click starts one check-out, and a retry after a lost answer makes no second order: one
 * idempotency key for this plan and child until an order is made). `checkout` is the order to pay.
 */
export function useStartPayment(plan: PlanDto, choice: ChildChoice, onStarted: (plan: PlanDto) => void) {
  const { submit, busy } = useSubmit();
  const [error, setError] = useState<string | null>(null);
  const [checkout, setCheckout] = useState<CheckoutDto | null>(null);
  const paymentRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (checkout) paymentRef.current?.focus();
  }, [checkout]);

  /** Nothing was paid: back to the dates, shown anew, with what changed and the choice to go on. */
  const datesChanged = (message: string) => {
    setCheckout(null);
    choice.setStartAfterCurrent(false);
    choice.setOverlapError(message);
    choice.retryPreview();
  };

  /** A refusal said where it belongs: beside the child, beside the dates (shown again), or below. */
  const refused = (e: unknown) => {
    if (e instanceof ApiClientError && e.fields.childId) choice.setChildError(e.fields.childId);
    else if (e instanceof ApiClientError && e.code === 'program_overlap') {
      // The child's programs changed since the dates were shown: show them again, and why.
      choice.retryPreview();
      choice.setOverlapError(e.message);
    } else setError(errorMessage(e, 'The payment could not be started. Please try again.'));
  };

  const start = async () => {
    const { childId, overlaps } = choice;
    if (!childId) return choice.askForChild();
    if (choice.preview?.status !== 'ready') return;
    if (overlaps && !choice.startAfterCurrent) {
      choice.setOverlapError('Tick the box to confirm when this program starts, or choose another child.');
      choice.confirmRef.current?.focus();
      return;
    }
    setError(null);
    choice.setOverlapError(null);
    await submit(
      async (idempotencyKey) => {
        try {
          const started = await call(paymentsApi.checkout, {
            body: { planId: plan.id, childId, ...(overlaps ? { startAfterCurrent: true } : {}) },
            idempotencyKey,
          });
          onStarted(plan);
          setCheckout(started);
        } catch (e) {
          refused(e);
          throw e;
        }
      },
      { what: `${plan.id} ${childId}`, fallback: 'The payment could not be started. Please try again.' },
    );
  };

  return { start, busy, error, checkout, paymentRef, datesChanged };
}
