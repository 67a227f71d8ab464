/**
 * Where a key moves the focus in a list of `count` items with one in the tab order (a roving
 * tabindex): the arrow keys one along, Home and End to the ends; undefined for other keys.
 */
export const KEY_STEPS: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i) => i + 1,
  ArrowDown: (i) => i + 1,
  ArrowLeft: (i) => i - 1,
  ArrowUp: (i) => i - 1,
  Home: () => 0,
  End: (_, count) => count - 1,
};
