import { useStore } from '@nanostores/react';
import { type KeyboardEvent, type ReactNode, useRef } from 'react';
import { ADMIN_SECTIONS } from '~/features/admin/nav';
import type { ChildDto } from '~/features/family/children.schema';
import { FamilyOverview } from '~/islands/family/FamilyOverview';
import { NotificationsPanel } from '~/islands/notifications/NotificationsPanel';
import { RecordingsList } from '~/islands/readAloud/RecordingsList';
import { ButtonLink, NoticePanel } from '~/islands/shared/NoticePanel';
import { Waiting } from '~/islands/shared/Spinner';
import { useHydrated } from '~/islands/shared/useHydrated';
import { ADMIN_HOME } from '~/platform/access';
import { $tabIndex, setTabIndex } from '~/platform/client/ui.store';
import { ageBandLabel, readingLevelLabel } from '~/platform/domain';
import { $index, $userData } from '~/platform/identity/session.store';
import './ProfileTabs.css';
import { ChildPrograms } from '~/islands/family/ChildPrograms';
import { ChildSwitch } from '~/islands/family/ChildSwitch';
import { CalendarFeed } from '~/islands/program/CalendarFeed';
import { WeeklyPlan } from '~/islands/program/WeeklyPlan';

/** What the profile knows of a child beyond the spec's fields (filled by the API when it has them). */
type ProfileChild = ChildDto;

const TABS = ['Children', 'Notifications', 'Reading plan', 'Reading', 'Account'] as const;

const minutesOf = (value: number | undefined) => value ?? 0;

/**
 * The family's profile in four tabs. The selected tab is the shared tab index, kept in
 * sessionStorage under `tabIndex` (default 0), so a reload keeps it.
 */
export function ProfileTabs() {
  const hydrated = useHydrated();
  const stored = useStore($tabIndex);
  const user = useStore($userData);
  const index = useStore($index);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  if (!hydrated || !user) {
    return <Waiting>Loading your family…</Waiting>;
  }

  const selected = stored >= 0 && stored < TABS.length ? stored : 0;
  const children = user.children as ProfileChild[];
  const active = children[index] ?? children[0];

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

  const panels: ReactNode[] = [
    <ChildrenTab key="children" kids={children} />,
    <NotificationsPanel key="notifications" />,
    <PlanTab key="plan" kids={children} active={active} />,
    <ReadingTab key="reading" child={active} />,
    <AccountTab key="account" />,
  ];

  return (
    <div className="profile">
      {user.role === 'admin' && <ConsolePanel />}
      <div role="tablist" aria-label="Your profile" className="profile-tabs" onKeyDown={onKey}>
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
      <div
        role="tabpanel"
        id={`profile-panel-${selected}`}
        aria-labelledby={`profile-tab-${selected}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the tab panel pattern makes the panel focusable so keyboard users reach its content from the tabs.
        tabIndex={0}
        className="profile-panel"
      >
        {panels[selected]}
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

function ChildrenTab({ kids }: { kids: ProfileChild[] }) {
  return (
    <>
      {kids.length > 0 && <h2 className="profile-section-title">Your children this week</h2>}
      {kids.length > 0 && (
        <ul className="profile-cards" aria-label="Your children">
          {kids.map((child) => (
            <li key={child._id} className="surface profile-card">
              <h3>{child.name}</h3>
              <dl>
                <div>
                  <dt>Age</dt>
                  <dd>
                    {child.ageBand
                      ? ageBandLabel(child.ageBand)
                      : child.birthYear
                        ? `Born ${child.birthYear}`
                        : '—'}
                  </dd>
                </div>
                <div>
                  <dt>Level</dt>
                  <dd>{readingLevelLabel(child.readingLevel)}</dd>
                </div>
                <div>
                  <dt>This week</dt>
                  <dd>{minutesOf(child.readingThisWeek)} min of reading</dd>
                </div>
                <div>
                  <dt>Streak</dt>
                  <dd>
                    {child.streakDays
                      ? `${child.streakDays} day${child.streakDays === 1 ? '' : 's'} in a row`
                      : 'Not started yet'}
                  </dd>
                </div>
                <div>
                  <dt>Program</dt>
                  <dd>
                    <ChildPrograms
                      programs={child}
                      none={
                        <>
                          None yet. <a href="/programs">Choose a program</a>
                        </>
                      }
                    />
                  </dd>
                </div>
              </dl>
              <p className="profile-card-links">
                <a href={`/book-history/${child._id}`}>Reading log</a>
              </p>
            </li>
          ))}
        </ul>
      )}
      <FamilyOverview />
    </>
  );
}

/** The active child's plan for the week (another child is one click away) and the family's calendar. */
function PlanTab({ kids, active }: { kids: ProfileChild[]; active: ProfileChild | undefined }) {
  if (!active) {
    return (
      <p>
        Add a child to see their weekly plan. <a href="/createProfile">Add a child</a>
      </p>
    );
  }
  return (
    <div className="profile-plan">
      {kids.length > 1 && (
        <ChildSwitch
          kids={kids}
          active={Math.max(0, kids.indexOf(active))}
          legend="Whose plan to show"
          layout="row"
        />
      )}
      <WeeklyPlan key={active._id} childId={active._id} />
      <CalendarFeed />
    </div>
  );
}

function ReadingTab({ child }: { child: ProfileChild | undefined }) {
  if (!child) {
    return (
      <p>
        Add a child to start logging their reading. <a href="/createProfile">Add a child</a>
      </p>
    );
  }
  return (
    <div className="profile-reading">
      <h2>{child.name}’s reading</h2>
      <p>
        {child.name} read {minutesOf(child.readingThisWeek)} minutes this week
        {child.streakDays ? `, ${child.streakDays} day${child.streakDays === 1 ? '' : 's'} in a row` : ''}.
      </p>
      <ul className="profile-links">
        <li>
          <a className="btn btn-primary" href={`/book-history/${child._id}`}>
            Open {child.name}’s reading log
          </a>
        </li>
        <li>
          <a className="btn btn-secondary" href="/readonance/oration">
            Read-aloud practice
          </a>
        </li>
      </ul>
      <RecordingsList childId={child._id} childName={child.name} />
    </div>
  );
}

function AccountTab() {
  const user = useStore($userData);
  return (
    <div className="profile-account">
      <h2>Your account</h2>
      <p>
        {user?.displayName} {user?.email ? `(${user.email})` : ''}
      </p>
      <ul className="profile-links">
        <li>
          <a className="btn btn-primary" href="/update-profile">
            Edit details, children and privacy
          </a>
        </li>
        <li>
          <a className="btn btn-secondary" href="/user/myblogs">
            Your blog posts
          </a>
        </li>
      </ul>
      <p className="settings-note">
        On the edit page you can also export your family’s data or delete your account. See our{' '}
        <a href="/privacy-policy">privacy policy</a>.
      </p>
    </div>
  );
}

/** For the team: the way into the admin console, with each of its sections one click away. */
function ConsolePanel() {
  return (
    <NoticePanel
      id="profile-console"
      title="The team console"
      className="profile-console surface"
      actions={<ButtonLink href={ADMIN_HOME}>Open the console</ButtonLink>}
    >
      <p>
        You are signed in as part of the Quill Reads team. Posts to review, inquiries and every list wait
        there.
      </p>
      <ul className="profile-console-sections">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.href}>
            <a href={section.href}>{section.label}</a>
          </li>
        ))}
      </ul>
    </NoticePanel>
  );
}
