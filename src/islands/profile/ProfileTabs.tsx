import { useStore } from '@nanostores/react';
import { type KeyboardEvent, lazy, type ReactNode, Suspense, useEffect, useMemo, useRef } from 'react';
import { PROFILE_COPY } from '~/features/family/family.store';
import type { UserDto } from '~/features/family/user.schema';
import { RefreshingNote, Waiting } from '~/islands/shared/Spinner';
import { useHydrated } from '~/islands/shared/useHydrated';
import { readCopy } from '~/platform/client/dataCopies';
import { $tabIndex, setTabIndex } from '~/platform/client/ui.store';
import { $authReady } from '~/platform/identity/authState.store';
import { $index, $userData } from '~/platform/identity/session.store';
import { ChildrenTab } from './ChildrenTab';
import { ConsolePanel } from './ConsolePanel';
import type { ProfileChild } from './profileChild';

// The first tab comes with the page; the others when chosen, so the profile's first visit
// downloads and runs only what it shows (decision 35).
const NotificationsPanel = lazy(() =>
  import('~/islands/notifications/NotificationsPanel').then((m) => ({ default: m.NotificationsPanel })),
);
const PlanTab = lazy(() => import('./PlanTab').then((m) => ({ default: m.PlanTab })));
const ReadingTab = lazy(() => import('./ReadingTab').then((m) => ({ default: m.ReadingTab })));
const AccountTab = lazy(() => import('./AccountTab').then((m) => ({ default: m.AccountTab })));

import './ProfileTabs.css';
import { CopyGuard } from '~/islands/shared/CopyGuard';

const TABS = ['Children', 'Notifications', 'Reading plan', 'Reading', 'Account'] as const;

/**
 * The family's profile in four tabs. The selected tab is the shared tab index, kept in
 * sessionStorage under `tabIndex` (default 0), so a reload keeps it.
 */
export function ProfileTabs() {
  return (
    <CopyGuard>
      <TabsShown />
    </CopyGuard>
  );
}

/** ProfileTabs itself, drawn inside its guard. */
function TabsShown() {
  const hydrated = useHydrated();
  const stored = useStore($tabIndex);
  const fresh = useStore($userData);
  const index = useStore($index);
  const authReady = useStore($authReady);
  // Until the account check answers, the last visit's copy of the family (decision 35).
  const copy = useMemo(
    () => (hydrated && !authReady ? readCopy<UserDto>(PROFILE_COPY) : undefined),
    [hydrated, authReady],
  );
  // The device's own hint holds only names: the cards wait for the whole answer rather than grow.
  const user = copy ?? (authReady ? fresh : null);

  if (!hydrated || !user) {
    return <Waiting>Loading your family…</Waiting>;
  }

  const selected = stored >= 0 && stored < TABS.length ? stored : 0;
  const children = user.children as ProfileChild[];
  const active = children[index] ?? children[0];

  const panels: ReactNode[] = [
    <ChildrenTab key="children" kids={children} />,
    <NotificationsPanel key="notifications" />,
    <PlanTab key="plan" kids={children} active={active} />,
    <ReadingTab key="reading" child={active} />,
    <AccountTab key="account" />,
  ];

  return (
    <div className="profile" aria-busy={copy !== undefined}>
      <RefreshingNote show={copy !== undefined} />
      {user.role === 'admin' && <ConsolePanel />}
      <TabList selected={selected} />
      <div
        role="tabpanel"
        id={`profile-panel-${selected}`}
        aria-labelledby={`profile-tab-${selected}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the tab panel pattern makes the panel focusable so keyboard users reach its content from the tabs.
        tabIndex={0}
        className="profile-panel"
      >
        <Suspense fallback={<Waiting>Opening the tab…</Waiting>}>{panels[selected]}</Suspense>
      </div>
    </div>
  );
}

/** On a phone the tabs scroll sideways: the chosen one is kept in sight, the page itself never scrolls. */
function scrollIntoRow(tab: HTMLElement) {
  const row = tab.parentElement;
  if (!row || row.scrollWidth <= row.clientWidth) return;
  const from = tab.getBoundingClientRect().left - row.getBoundingClientRect().left + row.scrollLeft;
  const to = from + tab.offsetWidth;
  if (from < row.scrollLeft) row.scrollLeft = from - 16;
  else if (to > row.scrollLeft + row.clientWidth) row.scrollLeft = to - row.clientWidth + 16;
}

/** The tabs: arrow keys move between them (and round), Home and End go to the first and last. */
function TabList({ selected }: { selected: number }) {
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (i: number) => {
    setTabIndex(i);
    tabs.current[i]?.focus();
  };
  const onKey = (event: KeyboardEvent) => {
    const last = TABS.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    };
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(to);
  };
  const row = useRef<HTMLDivElement>(null);
  // The page may be drawn hidden first (until the guard lets the visitor in) or turn sideways:
  // once the row has its width, the chosen tab is brought into sight again.
  useEffect(() => {
    const element = row.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      const tab = tabs.current[selected];
      if (tab) scrollIntoRow(tab);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [selected]);

  return (
    <div ref={row} role="tablist" aria-label="Your profile" className="profile-tabs" onKeyDown={onKey}>
      {TABS.map((name, i) => (
        <button
          key={name}
          ref={(el) => {
            tabs.current[i] = el;
            if (el && i === selected) scrollIntoRow(el);
          }}
          type="button"
          role="tab"
          id={`profile-tab-${i}`}
          aria-selected={i === selected}
          aria-controls={`profile-panel-${i}`}
          tabIndex={i === selected ? 0 : -1}
          className="profile-tab"
          onClick={() => choose(i)}
        >
          {name}
        </button>
      ))}
    </div>
  );
}
