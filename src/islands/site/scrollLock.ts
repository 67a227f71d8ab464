/**
 * Locks page scrolling while a menu is open and gives back exactly what was there before:
 * the <html> element's own inline overflow value and the scroll position.
 */
let saved: { overflow: string; hadStyle: boolean } | null = null;

export function lockScroll(): void {
  if (saved !== null || typeof document === 'undefined') return;
  const html = document.documentElement;
  saved = { overflow: html.style.overflow, hadStyle: html.hasAttribute('style') };
  html.style.overflow = 'hidden';
  html.dataset.scrollLocked = 'true';
}

export function unlockScroll(): void {
  if (saved === null || typeof document === 'undefined') return;
  const html = document.documentElement;
  html.style.overflow = saved.overflow;
  if (!saved.hadStyle && html.getAttribute('style') === '') html.removeAttribute('style');
  delete html.dataset.scrollLocked;
  saved = null;
}

export function isScrollLocked(): boolean {
  return saved !== null;
}

/** A client-side page change replaces <html>'s attributes; a lock still wanted is put back. */
export function reapplyScrollLock(): void {
  if (saved === null) return;
  const html = document.documentElement;
  html.style.overflow = 'hidden';
  html.dataset.scrollLocked = 'true';
}
