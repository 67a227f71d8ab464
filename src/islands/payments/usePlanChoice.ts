import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $basket, $selectedPlanData, choosePlan } from '~/features/plans/plan.store';
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

/** Keeps the basket and shared state in step with the plan shown, so the rest of the site agrees. */
export function rememberPlan(plan: PlanDto) {
  const current = $basket.get();
  if (
    current?.selectedPlanName !== plan.name ||
    current.selectedPlanDuration !== plan.durationMonths ||
    current.selectedPlanPrice !== plan.priceCents ||
    $selectedPlanData.get()?.selectedPlanName !== plan.name
  ) {
    choosePlan({
      selectedPlanName: plan.name,
      selectedPlanDuration: plan.durationMonths,
      selectedPlanPrice: plan.priceCents,
    });
  }
}
