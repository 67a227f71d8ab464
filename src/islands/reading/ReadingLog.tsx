import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { daysText, minutesText, monthName } from '~/features/reading/chart';
import { type Milestone, milestoneNotice } from '~/features/reading/reading';
import { readingApi } from '~/features/reading/reading.api';
import type { ReadingLog as Log, ReadingChange, ReadingEntry } from '~/features/reading/reading.schema';
import { errorMessage, failedLoad } from '~/islands/shared/loadState';
import { call } from '~/platform/client/api';
import { localDay } from '~/platform/days';
import { $userData, refreshUserData } from '~/platform/identity/session.store';
import { ButtonLink, NoticePanel } from '../shared/NoticePanel';
import { Waiting } from '../shared/Spinner';
import { EntryForm } from './EntryForm';
import { EntryList } from './EntryList';
import { Figures } from './Figures';
import { WeeklyChart } from './WeeklyChart';
import './ReadingLog.css';
import { isUuid } from '~/platform/ids';

type State =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; log: Log };

/** The catalogue book a link chose for the form (a week's plan: "Log it in the reading log"). */
function linkedBook() {
  const query = new URLSearchParams(window.location.search);
  const id = query.get('book');
  if (!id || !isUuid(id)) return undefined;
  return { id, title: query.get('title') ?? '', author: query.get('author') ?? '', readingLevel: null };
}

function fetchLog(childId: string, before?: string): Promise<Log> {
  return call(readingApi.log, { params: { id: childId }, query: { today: localDay(), before } });
}

/** One child's reading log: totals, the twelve-week chart, a form to add reading, every entry. */
export function ReadingLog({ childId }: { childId: string }) {
  const [state, setState] = useState<State>({ status: 'loading' });
  const [older, setOlder] = useState<{ entries: ReadingEntry[]; cursor: string | null } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [olderError, setOlderError] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const user = useStore($userData);

  const load = useCallback(async () => {
    if (!isUuid(childId)) return setState({ status: 'missing' });
    try {
      setState({ status: 'ready', log: await fetchLog(childId) });
      setOlder(null);
    } catch (error) {
      // A malformed or unknown id, or another family's child: the same "not found" to everyone.
      setState(failedLoad(error, 'The reading log could not be loaded.'));
    }
  }, [childId]);

  useEffect(() => {
    void load();
  }, [load]);

  /**
   * After any change: the totals again from the server, and the family's cards and navbar. The
   * message is announced where focus is; after a deletion, whose entry is gone, focus moves to it.
   */
  const changed = async (text: string, milestones: string[], focusMessage = false) => {
    const name = state.status === 'ready' ? state.log.child.name : '';
    const cheers = milestones.map((m) => `${milestoneNotice(m as Milestone, name).title}!`);
    setNotice([text, ...cheers].join(' '));
    await load();
    if (focusMessage) noticeRef.current?.focus();
    void refreshUserData().catch(() => {});
  };

  if (state.status === 'loading') return <Waiting>Loading the reading log…</Waiting>;

  const otherLogs = (user?.children ?? []).filter((c) => c._id !== childId);
  const switcher = otherLogs.length > 0 && (
    <nav className="rlog-children" aria-label="Your children’s reading logs">
      <ul>
        {(user?.children ?? []).map((c) => (
          <li key={c._id}>
            <a href={`/book-history/${c._id}`} aria-current={c._id === childId ? 'page' : undefined}>
              {c.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );

  if (state.status === 'missing')
    return (
      <NoticePanel
        id="rlog-missing-title"
        className="rlog-missing"
        title="We could not find this reading log"
        actions={<ButtonLink href="/profile">Go to your family profile</ButtonLink>}
      >
        <p>
          This address does not lead to one of your children. Choose a child below, or go to your family
          profile.
        </p>
        {switcher}
      </NoticePanel>
    );

  if (state.status === 'failed')
    return (
      <section className="guard-panel" role="alert" aria-labelledby="rlog-failed-title">
        <h2 id="rlog-failed-title">The reading log could not be loaded</h2>
        <p>{state.message}</p>
        <button type="button" className="btn btn-primary" onClick={() => void load()}>
          Try again
        </button>
      </section>
    );

  const { log } = state;
  const { summary } = log;
  const entries = [...log.entries, ...(older?.entries ?? [])];
  const cursor = older ? older.cursor : log.nextCursor;
  const showOlder = async () => {
    if (!cursor) return;
    try {
      const page = await fetchLog(childId, cursor);
      setOlder({ entries: [...(older?.entries ?? []), ...page.entries], cursor: page.nextCursor });
      setOlderError(null);
    } catch (error) {
      setOlderError(errorMessage(error, 'Older entries could not be loaded.'));
    }
  };

  return (
    <div className="rlog">
      {switcher}
      <h2 className="rlog-title">{log.child.name}’s reading</h2>
      <div ref={noticeRef} tabIndex={-1} role="status" className="rlog-notice">
        {notice && <p className="form-alert form-alert-success">{notice}</p>}
      </div>

      <section aria-labelledby="rlog-totals">
        <h3 id="rlog-totals" className="sr-only">
          Totals
        </h3>
        <ul className="rlog-cards plain-list">
          <li className="rlog-card">
            <span className="rlog-card-label">This week</span>
            <span className="rlog-card-value">{minutesText(summary.thisWeek.minutes)}</span>
            <span className="rlog-card-note">
              {summary.thisWeek.entries === 1 ? '1 entry' : `${summary.thisWeek.entries} entries`} since
              Monday
            </span>
          </li>
          <li className="rlog-card">
            <span className="rlog-card-label">This month</span>
            <span className="rlog-card-value">{minutesText(summary.thisMonth.minutes)}</span>
            <span className="rlog-card-note">{monthName(summary.thisMonth.month)}</span>
          </li>
          <li className="rlog-card rlog-card-streak">
            <span className="rlog-card-label">Streak</span>
            <span className="rlog-card-value">{daysText(summary.streak.current)}</span>
            <span className="rlog-card-note">
              {summary.streak.current === 0
                ? 'Read today to start one.'
                : `in a row · longest ${daysText(summary.streak.longest)}`}
            </span>
          </li>
        </ul>
      </section>

      <div className="rlog-columns">
        <section aria-labelledby="rlog-chart" className="surface rlog-panel">
          <h3 id="rlog-chart">Minutes per week</h3>
          <WeeklyChart weeks={summary.weeks} />
          <Figures
            summary="Month by month"
            caption="Minutes of reading per month"
            first="Month"
            rows={[...summary.months]
              .reverse()
              .map((m) => ({ key: m.month, label: monthName(m.month), ...m }))}
          />
        </section>

        <section aria-labelledby="rlog-add" className="surface rlog-panel">
          <h3 id="rlog-add">Add reading</h3>
          <EntryForm
            childId={childId}
            idPrefix="add"
            preset={linkedBook()}
            onSaved={(change: ReadingChange) =>
              void changed(
                `Added: ${change.entry.title}, ${minutesText(change.entry.minutes)}.`,
                change.milestones,
              )
            }
          />
        </section>
      </div>

      <section aria-labelledby="rlog-entries" className="surface rlog-panel">
        <h3 id="rlog-entries">Entries</h3>
        {entries.length === 0 ? (
          <p>Nothing logged yet. Add the first book above: every minute counts.</p>
        ) : (
          <>
            <p className="rlog-count">
              {summary.totalEntries === 1 ? '1 entry' : `${summary.totalEntries} entries`},{' '}
              {minutesText(summary.totalMinutes)} in all.
            </p>
            <EntryList
              childId={childId}
              entries={entries}
              onChanged={(change) =>
                void changed(
                  `Saved: ${change.entry.title}, ${minutesText(change.entry.minutes)}.`,
                  change.milestones,
                )
              }
              onDeleted={(entry) =>
                void changed(`Deleted: ${entry.title}, ${minutesText(entry.minutes)}.`, [], true)
              }
            />
            {olderError && (
              <p className="form-alert form-alert-error" role="alert">
                {olderError}
              </p>
            )}
            {cursor && (
              <button type="button" className="btn btn-secondary" onClick={() => void showOlder()}>
                Show older entries
              </button>
            )}
          </>
        )}
      </section>
    </div>
  );
}
