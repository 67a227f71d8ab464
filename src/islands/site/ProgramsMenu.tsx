import { navigate } from 'astro:transitions/client';
import {
  type Dispatch,
  type MouseEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type RefObject,
  type SetStateAction,
  useEffect,
  useRef,
} from 'react';
import { selectPlan } from '~/features/plans/plan.store';
import { CONDENSED_PROGRAM_PLAN } from '~/features/plans/plans';
import { isCurrentSection } from '~/features/site/nav';
import { ChevronDownIcon } from '~/islands/shared/icons';
import { pagePath } from '~/platform/routes';

/** The links of a menu, in order. */
const linksIn = (menu: HTMLElement | null) => [...(menu?.querySelectorAll('a') ?? [])];

interface ProgramsMenuProps {
  open: boolean;
  setOpen: Dispatch<SetStateAction<boolean>>;
  pathname: string;
  menuRef: RefObject<HTMLLIElement | null>;
  buttonRef: RefObject<HTMLButtonElement | null>;
}

/**
 * The menu button answers the arrow keys: down opens the Programs menu on its first link, up on its
 * last; inside it the arrows, Home and End move between the links.
 */
function useProgramsKeys({ open, setOpen, menuRef, buttonRef }: ProgramsMenuProps) {
  const focusAfterOpen = useRef<'first' | 'last' | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu's ref never changes
  useEffect(() => {
    if (!open || !focusAfterOpen.current) return;
    const links = linksIn(menuRef.current);
    (focusAfterOpen.current === 'first' ? links[0] : links[links.length - 1])?.focus();
    focusAfterOpen.current = null;
  }, [open]);

  return (event: ReactKeyboardEvent<HTMLLIElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const links = linksIn(menuRef.current);
    const at = links.indexOf(document.activeElement as HTMLAnchorElement);
    const onButton = event.target === buttonRef.current;
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
    if (onButton && !open) {
      focusAfterOpen.current = to === 0 ? 'first' : 'last';
      setOpen(true);
    } else {
      links[to]?.focus();
    }
  };
}

/** A plain click on the condensed program chooses its plan, then goes to its page. */
const chooseCondensedProgram = (event: MouseEvent<HTMLAnchorElement>) => {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  selectPlan(CONDENSED_PROGRAM_PLAN);
  void navigate(pagePath('/a-bridged-program'));
};

/** The Programs drop-down of the navigation: the year-round programs and the condensed one. */
export function ProgramsMenu(props: ProgramsMenuProps) {
  const { open, setOpen, pathname, menuRef, buttonRef } = props;
  const onKeyDown = useProgramsKeys(props);
  const programs = pagePath('/programs');
  const condensed = pagePath('/a-bridged-program');
  const current = (href: string) => (isCurrentSection(href, pathname) ? 'page' : undefined);
  const programsCurrent = [programs, condensed].some((h) => isCurrentSection(h, pathname));

  return (
    <li className="navbar-dropdown" ref={menuRef} onKeyDown={onKeyDown}>
      <button
        ref={buttonRef}
        type="button"
        className="navbar-link navbar-dropdown-button"
        aria-expanded={open}
        aria-controls="programs-menu"
        data-current={programsCurrent ? 'true' : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        Programs
        <ChevronDownIcon />
      </button>
      <ul id="programs-menu" className="navbar-dropdown-list" hidden={!open}>
        <li>
          <a href={programs} className="navbar-dropdown-link" aria-current={current(programs)}>
            <strong>Rated Reads programs</strong>
            <span>Year-round reading, guided by the books children rate highest</span>
          </a>
        </li>
        <li>
          <a
            href={condensed}
            className="navbar-dropdown-link"
            aria-current={current(condensed)}
            onClick={chooseCondensedProgram}
          >
            <strong>A-Bridged condensed program</strong>
            <span>Five focused weeks for families short on time</span>
          </a>
        </li>
      </ul>
    </li>
  );
}
