import { useEffect, useMemo, useRef, useState } from 'react';

/**
 * Focus in a list whose rows change under the keyboard (a button replaced by a question, a form
 * closed): each row is found by its id, and focus can be sent back to a row once it has settled.
 *
 * - `ref(id)`: the row's ref.
 * - `focusIn(id, selector)`: focus the first element of the row matching `selector`.
 * - `returnTo(id)`: once the list is no longer `waiting`, focus the row's `selector`, or
 *   `fallback()` when the row has none.
 */
export function useRowFocus<E extends HTMLElement>(
  selector: string,
  { waiting = false, fallback }: { waiting?: boolean; fallback?: () => HTMLElement | null | undefined } = {},
) {
  const rows = useRef(new Map<string, E>());
  const [returnFocusTo, setReturnFocusTo] = useState<string | null>(null);

  useEffect(() => {
    if (!returnFocusTo || waiting) return;
    const target = rows.current.get(returnFocusTo)?.querySelector<HTMLElement>(selector);
    (target ?? fallback?.())?.focus();
    setReturnFocusTo(null);
  }, [returnFocusTo, waiting, selector, fallback]);

  return useMemo(
    () => ({
      ref: (id: string) => (node: E | null) => {
        if (node) rows.current.set(id, node);
        else rows.current.delete(id);
      },
      focusIn: (id: string, within: string) =>
        rows.current.get(id)?.querySelector<HTMLElement>(within)?.focus(),
      returnTo: setReturnFocusTo,
    }),
    [],
  );
}
