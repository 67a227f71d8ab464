import { jsonDecoder, persistentAtom } from '~/platform/client/persistent';
import { parseSelectedPlan, type SelectedPlan } from './plans';

/**
 * The spec's shared state: the plan last selected, including the navbar's condensed-program
 * preset (1.25 and 19999). Kept for the tab. It is not the basket: a preset is not a choice.
 */
export const $selectedPlanData = persistentAtom<SelectedPlan | null>('qr:selectedPlan', null, {
  storage: 'session',
  decode: jsonDecoder(parseSelectedPlan),
  clearedAtSignOut: true,
});

/**
 * The basket: the program the visitor chose themselves (a "Choose" button, a check-out link).
 * Kept on the device and shared by every tab, so a second tab shows the same basket.
 */
export const $basket = persistentAtom<SelectedPlan | null>('qr:basket', null, {
  storage: 'local',
  decode: jsonDecoder(parseSelectedPlan),
  clearedAtSignOut: true,
});

/** Sets the shared state only (the navbar's preset): the basket stays as the visitor left it. */
export function selectPlan(plan: SelectedPlan) {
  $selectedPlanData.set({ ...plan });
}

/** The visitor's own choice: into the shared state and the basket. */
export function choosePlan(plan: SelectedPlan) {
  selectPlan(plan);
  $basket.set({ ...plan });
}

/** Empties the basket and the shared state (a removed program). */
export function clearSelectedPlan() {
  $selectedPlanData.set(null);
  $basket.set(null);
}

/** After a purchase: empties the basket if it still holds the plan paid for (another tab may have chosen anew). */
export function clearBasketOf(plan: { name: string; durationMonths: number }) {
  const basket = $basket.get();
  if (basket?.selectedPlanName === plan.name && basket.selectedPlanDuration === plan.durationMonths) {
    clearSelectedPlan();
  }
}
