import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { MENU_CLOSE_DELAY_MS, MOBILE_MEDIA_QUERY } from '~/features/site/nav';
import { lockScroll, reapplyScrollLock, unlockScroll } from './scrollLock';

/** The elements the menus' closing reads: each menu and the button that opens it. */
export interface NavMenuRefs {
  menu: RefObject<HTMLDivElement | null>;
  menuButton: RefObject<HTMLButtonElement | null>;
  programs: RefObject<HTMLLIElement | null>;
  programsButton: RefObject<HTMLButtonElement | null>;
}

/**
 * The navigation's two menus (the hamburger's and the Programs drop-down) and the path shown. Any
 * open menu locks scrolling; a page change, crossing the breakpoint, a click or focus outside, and
 * Escape close them.
 */
export function useNavMenus(initialPath: string) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const [programsOpen, setProgramsOpen] = useState(false);
  const refs: NavMenuRefs = {
    menu: useRef<HTMLDivElement>(null),
    menuButton: useRef<HTMLButtonElement>(null),
    programs: useRef<HTMLLIElement>(null),
    programsButton: useRef<HTMLButtonElement>(null),
  };

  const closeAll = useCallback(() => {
    setMobileOpen(false);
    setProgramsOpen(false);
  }, []);

  useScrollLockWhile(mobileOpen || programsOpen);
  const pathname = usePathname(initialPath, closeAll);
  useCloseOnBreakpoint(closeAll);
  useCloseOutside({ mobileOpen, programsOpen, setMobileOpen, setProgramsOpen, refs });

  return { mobileOpen, setMobileOpen, programsOpen, setProgramsOpen, pathname, refs };
}

/** Scrolling is locked while any menu is open, and given back exactly when the last one closes. */
function useScrollLockWhile(anyOpen: boolean) {
  useEffect(() => {
    if (!anyOpen) return;
    lockScroll();
    return unlockScroll;
  }, [anyOpen]);
}

/**
 * The path of the page shown, kept current on client-side page changes. A page change closes the
 * menus after a short delay, so the tap that navigated still shows.
 */
function usePathname(initialPath: string, closeAll: () => void) {
  const [pathname, setPathname] = useState(initialPath);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onSwap = () => {
      reapplyScrollLock();
      setPathname(window.location.pathname);
      clearTimeout(timer);
      timer = setTimeout(closeAll, MENU_CLOSE_DELAY_MS);
    };
    document.addEventListener('astro:after-swap', onSwap);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('astro:after-swap', onSwap);
    };
  }, [closeAll]);
  return pathname;
}

/** Crossing the breakpoint closes the menus, which also gives scrolling back. */
function useCloseOnBreakpoint(closeAll: () => void) {
  useEffect(() => {
    const query = window.matchMedia(MOBILE_MEDIA_QUERY);
    query.addEventListener('change', closeAll);
    return () => query.removeEventListener('change', closeAll);
  }, [closeAll]);
}

interface OpenMenus {
  mobileOpen: boolean;
  programsOpen: boolean;
  setMobileOpen: (open: boolean) => void;
  setProgramsOpen: (open: boolean) => void;
  refs: NavMenuRefs;
}

/**
 * A click outside an open menu closes it; Escape closes the innermost one and returns focus to its
 * button. The hamburger sits right before the menu it opens in the page, so Tab goes from it into
 * the links.
 */
function useCloseOutside({ mobileOpen, programsOpen, setMobileOpen, setProgramsOpen, refs }: OpenMenus) {
  const anyOpen = mobileOpen || programsOpen;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the setters and refs never change
  useEffect(() => {
    if (!anyOpen) return;
    const inside = (el: Element | null, target: EventTarget | null) =>
      el !== null && target instanceof Node && el.contains(target);
    // A click, or keyboard focus, landing outside an open menu closes it.
    const closeIfOutside = (event: Event) => {
      if (programsOpen && !inside(refs.programs.current, event.target)) setProgramsOpen(false);
      if (
        mobileOpen &&
        !inside(refs.menu.current, event.target) &&
        !inside(refs.menuButton.current, event.target)
      ) {
        setMobileOpen(false);
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (programsOpen) {
        setProgramsOpen(false);
        refs.programsButton.current?.focus({ preventScroll: true });
      } else if (mobileOpen) {
        setMobileOpen(false);
        refs.menuButton.current?.focus({ preventScroll: true });
      }
    };
    document.addEventListener('pointerdown', closeIfOutside);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', closeIfOutside);
    return () => {
      document.removeEventListener('pointerdown', closeIfOutside);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', closeIfOutside);
    };
  }, [anyOpen, mobileOpen, programsOpen]);
}
