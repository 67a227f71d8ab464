import { atom, computed } from 'nanostores';
import { persistentAtom } from './persistent';

const $pendingLoads = atom(0);

/** The loading flag: set while at least one piece of work is under way. The spinner follows it. */
export const $loading = computed($pendingLoads, (n) => n > 0);

export function startLoading() {
  $pendingLoads.set($pendingLoads.get() + 1);
}

export function stopLoading() {
  $pendingLoads.set(Math.max(0, $pendingLoads.get() - 1));
}

/** Shows the spinner while `work` runs, and hides it however the work ends. */
export async function withLoading<T>(work: Promise<T> | (() => Promise<T>)): Promise<T> {
  startLoading();
  try {
    return await (typeof work === 'function' ? work() : work);
  } finally {
    stopLoading();
  }
}

/** The selected tab, kept in sessionStorage under the spec's key `tabIndex` (default 0). */
export const $tabIndex = persistentAtom<number>('tabIndex', 0, {
  storage: 'session',
  // Only plain digits: '0x3', ' 3', '3.0' or '1e1' are corrupt values, not tab numbers.
  decode: (raw) => (/^\d{1,2}$/.test(raw) ? Number(raw) : undefined),
  encode: String,
});

export function setTabIndex(index: number) {
  if (Number.isInteger(index) && index >= 0 && index <= 99) $tabIndex.set(index);
}
