/** The browser event the admin navigation listens for to read its counts again. */
export const ADMIN_COUNTS_CHANGED = 'qr:admin-counts-changed';

/** Tells the admin navigation that a count may have changed (a post reviewed, an inquiry opened). */
export function adminCountsChanged() {
  window.dispatchEvent(new Event(ADMIN_COUNTS_CHANGED));
}
