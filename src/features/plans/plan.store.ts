import { jsonDecoder, persistentAtom } from '~/platform/client/persistent';
import { parseSelectedPlan, type SelectedPlan } from './plans';

/** The plan chosen for check-out; kept for the tab so a reload of /check-out keeps it. */
export const $selectedPlanData = persistentAtom<SelectedPlan | null>('qr:selectedPlan', null, {
  storage: 'session',
  decode: jsonDecoder(parseSelectedPlan),
});

export function selectPlan(plan: SelectedPlan) {
  $selectedPlanData.set({ ...plan });
}

export function clearSelectedPlan() {
  $selectedPlanData.set(null);
}
