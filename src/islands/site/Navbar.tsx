import { navigate } from 'astro:transitions/client';
import {
  type MouseEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';
import { selectPlan } from '~/features/plans/plan.store';
import { CONDENSED_PROGRAM_PLAN } from '~/features/plans/plans';
import { isCurrentSection, MENU_CLOSE_DELAY_MS, MOBILE_MEDIA_QUERY, NAV_LINKS } from '~/features/site/nav';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '~/islands/shared/icons';
import { LoadingIndicator } from '~/islands/shared/LoadingIndicator';
import { Logo } from '~/islands/shared/Logo';
import { ProfileLink } from './ProfileLink';
import { lockScroll, reapplyScrollLock, unlockScroll } from './scrollLock';
import './Navbar.css';

export interface NavbarProps {
  /** The path the page was rendered for; kept current on client-side page changes. */
  initialPath: string;
}

/** The links of a menu, in order. */
const linksIn = (menu: HTMLElement | null) => [...(menu?.querySelectorAll('a') ?? [])];

export function Navbar({ initialPath }: NavbarProps) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const [programsOpen, setProgramsOpen] = useState(false);
  const [pathname, setPathname] = useState(initialPath);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const programsRef = useRef<HTMLLIElement>(null);
  const programsButtonRef = useRef<HTMLButtonElement>(null);
  const anyOpen = mobileOpen || programsOpen;

  const closeAll = useCallback(() => {
    setMobileOpen(false);
    setProgramsOpen(false);
  }, []);

  // Scrolling is locked while any menu is open, and given back exactly when the last one closes.
  useEffect(() => {
    if (!anyOpen) return;
    lockScroll();
    return unlockScroll;
  }, [anyOpen]);

  // A page change closes the menus after a short delay, so the tap that navigated still shows.
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

  // Crossing the breakpoint closes the menus, which also gives scrolling back.
  useEffect(() => {
    const query = window.matchMedia(MOBILE_MEDIA_QUERY);
    query.addEventListener('change', closeAll);
    return () => query.removeEventListener('change', closeAll);
  }, [closeAll]);

  // A click outside an open menu closes it; Escape closes the innermost one and returns focus to its button.
  // The hamburger sits right before the menu it opens in the page, so Tab goes from it into the links.
  useEffect(() => {
    if (!anyOpen) return;
    const inside = (el: Element | null, target: EventTarget | null) =>
      el !== null && target instanceof Node && el.contains(target);
    // A click, or keyboard focus, landing outside an open menu closes it.
    const closeIfOutside = (event: Event) => {
      if (programsOpen && !inside(programsRef.current, event.target)) setProgramsOpen(false);
      if (
        mobileOpen &&
        !inside(menuRef.current, event.target) &&
        !inside(menuButtonRef.current, event.target)
      ) {
        setMobileOpen(false);
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      if (programsOpen) {
        setProgramsOpen(false);
        programsButtonRef.current?.focus({ preventScroll: true });
      } else if (mobileOpen) {
        setMobileOpen(false);
        menuButtonRef.current?.focus({ preventScroll: true });
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

  // Menu buttons answer the arrow keys: down opens the Programs menu on its first link, up on its
  // last; inside it the arrows, Home and End move between the links.
  const focusAfterOpen = useRef<'first' | 'last' | null>(null);
  useEffect(() => {
    if (!programsOpen || !focusAfterOpen.current) return;
    const links = linksIn(programsRef.current);
    (focusAfterOpen.current === 'first' ? links[0] : links[links.length - 1])?.focus();
    focusAfterOpen.current = null;
  }, [programsOpen]);
  const onProgramsKey = (event: ReactKeyboardEvent<HTMLLIElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const links = linksIn(programsRef.current);
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const onButton = event.target === programsButtonRef.current;
    const moves: Record<string, number> = onButton
      ? { ArrowDown: 0, ArrowUp: links.length - 1 }
      : {
          ArrowDown: (at + 1) % links.length,
          ArrowUp: (at - 1 + links.length) % links.length,
          Home: 0,
          End: links.length - 1,
        };
    const to = moves[event.key];
    if (to === undefined || (!onButton && at < 0)) return;
    event.preventDefault();
    if (onButton && !programsOpen) {
      focusAfterOpen.current = to === 0 ? 'first' : 'last';
      setProgramsOpen(true);
    } else {
      links[to]?.focus();
    }
  };

  const chooseCondensedProgram = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    selectPlan(CONDENSED_PROGRAM_PLAN);
    void navigate('/a-bridged-program');
  };

  const current = (href: string) => (isCurrentSection(href, pathname) ? 'page' : undefined);
  const programsCurrent = ['/programs', '/a-bridged-program'].some((h) => isCurrentSection(h, pathname));

  // The site-wide spinner rides in this island: every page already hydrates it, so the
  // loading flag costs no second island.
  return (
    <>
      <nav className="navbar" aria-label="Main">
        <div className="navbar-inner">
          <a href="/" className="navbar-brand" aria-current={pathname === '/' ? 'page' : undefined}>
            <Logo fontSize="1.35rem" fontWeight={750} />
            <span className="navbar-brand-name">Quill Reads</span>
          </a>

          <button
            ref={menuButtonRef}
            type="button"
            className="navbar-toggle"
            aria-expanded={mobileOpen}
            aria-controls="site-menu"
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <CloseIcon /> : <MenuIcon />}
          </button>

          <div id="site-menu" ref={menuRef} className="navbar-menu" data-open={mobileOpen ? 'true' : 'false'}>
            <ul className="navbar-links">
              <li className="navbar-dropdown" ref={programsRef} onKeyDown={onProgramsKey}>
                <button
                  ref={programsButtonRef}
                  type="button"
                  className="navbar-link navbar-dropdown-button"
                  aria-expanded={programsOpen}
                  aria-controls="programs-menu"
                  data-current={programsCurrent ? 'true' : undefined}
                  onClick={() => setProgramsOpen((open) => !open)}
                >
                  Programs
                  <ChevronDownIcon />
                </button>
                <ul id="programs-menu" className="navbar-dropdown-list" hidden={!programsOpen}>
                  <li>
                    <a href="/programs" className="navbar-dropdown-link" aria-current={current('/programs')}>
                      <strong>Rated Reads programs</strong>
                      <span>Year-round reading, guided by the books children rate highest</span>
                    </a>
                  </li>
                  <li>
                    <a
                      href="/a-bridged-program"
                      className="navbar-dropdown-link"
                      aria-current={current('/a-bridged-program')}
                      onClick={chooseCondensedProgram}
                    >
                      <strong>A-Bridged condensed program</strong>
                      <span>Five focused weeks for families short on time</span>
                    </a>
                  </li>
                </ul>
              </li>
              {NAV_LINKS.map((link) => (
                <li key={link.href}>
                  <a href={link.href} className="navbar-link" aria-current={current(link.href)}>
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>

          <div className="navbar-end">
            <ProfileLink />
          </div>
        </div>
      </nav>
      <LoadingIndicator />
    </>
  );
}
