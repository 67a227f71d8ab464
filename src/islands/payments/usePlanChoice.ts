import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $basket, $selectedPlanData, choosePlan, selectPlan } from '~/features/plans/plan.store';
import { plansApi } from '~/features/plans/plans.api';
import type { PlanDto } from '~/features/plans/plans.schema';
import { call } from '~/platform/client/api';

export type PlanChoice =
  | { status: 'loading' }
  | { status: 'none' }
  | { status: 'unavailable' }
  | { status: 'error'; message: string }
  | { status: 'chosen'; plan: PlanDto };

/**
 * The plan being bought: ?plan=<id> when the address names one (a shared link wins), otherwise
 * the visitor's basket (what they chose, in any tab; never the navbar's preset), matched against
 * the plans on sale. Price and length always come from the server's list, never from the browser.
 */
export function usePlanChoice(): PlanChoice {
  const selected = useStore($basket);
  const [plans, setPlans] = useState<PlanDto[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    call(plansApi.list, {})
      .then(setPlans)
      .catch(() => setError('The programs could not be loaded. Check your connection and reload the page.'));
  }, []);

  if (error) return { status: 'error', message: error };
  if (!plans) return { status: 'loading' };
  const fromUrl = new URLSearchParams(window.location.search).get('plan');
  if (fromUrl) {
    const plan = plans.find((p) => p.id === fromUrl);
    return plan ? { status: 'chosen', plan } : { status: 'unavailable' };
  }
  if (!selected?.selectedPlanName) return { status: 'none' };
  const matches = plans.filter((p) => p.name === selected.selectedPlanName);
  const plan =
    matches.find(
      (p) =>
        p.durationMonths === selected.selectedPlanDuration && p.priceCents === selected.selectedPlanPrice,
    ) ?? matches[0];
  return plan ? { status: 'chosen', plan } : { status: 'unavailable' };
}

/**
 * Keeps the spec's shared state (this tab's) in step with the plan shown, and puts it in the basket
 * when the basket is empty (a shared check-out link). A basket that holds another plan is left
 * alone: two tabs on two check-out links must not keep overwriting each other.
 */
export function rememberPlan(plan: PlanDto) {
  const shown = {
    selectedPlanName: plan.name,
    selectedPlanDuration: plan.durationMonths,
    selectedPlanPrice: plan.priceCents,
  };
  const current = $selectedPlanData.get();
  if (
    current?.selectedPlanName !== shown.selectedPlanName ||
    current.selectedPlanDuration !== shown.selectedPlanDuration ||
    current.selectedPlanPrice !== shown.selectedPlanPrice
  ) {
    selectPlan(shown);
  }
  if (!$basket.get()) choosePlan(shown);
}
