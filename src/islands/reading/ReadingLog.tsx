import { useStore } from '@nanostores/react';
import { useDeferredValue } from 'react';
import { minutesText, monthName } from '~/features/reading/chart';
import type { ReadingLog as Log, ReadingChange } from '~/features/reading/reading.schema';
import { $userData } from '~/platform/identity/session.store';
import { isUuid } from '~/platform/ids';
import { pagePath } from '~/platform/routes';
import { ButtonLink, NoticePanel } from '../shared/NoticePanel';
import { RefreshingNote, Waiting } from '../shared/Spinner';
import { EntryForm } from './EntryForm';
import { EntryList } from './EntryList';
import { Figures } from './Figures';
import { Totals } from './Totals';
import { type ReadingLogView, useReadingLog } from './useReadingLog';
import { WeeklyChart } from './WeeklyChart';
import './ReadingLog.css';
import { CopyGuard } from '~/islands/shared/CopyGuard';

/** The catalogue book a link chose for the form (a week's plan: "Log it in the reading log"). */
function linkedBook() {
  const query = new URLSearchParams(window.location.search);
  const id = query.get('book');
  if (!id || !isUuid(id)) return undefined;
  return { id, title: query.get('title') ?? '', author: query.get('author') ?? '', readingLevel: null };
}

/** One child's reading log: totals, the twelve-week chart, a form to add reading, every entry. */
export function ReadingLog({ childId }: { childId: string }) {
  return (
    <CopyGuard>
      <LogShownOrNot childId={childId} />
    </CopyGuard>
  );
}

/** ReadingLog itself, drawn inside its guard. */
function LogShownOrNot({ childId }: { childId: string }) {
  const view = useReadingLog(childId);
  const { state, load } = view;

  if (state.status === 'loading') return <Waiting>Loading the reading log…</Waiting>;

  if (state.status === 'missing')
    return (
      <NoticePanel
        id="rlog-missing-title"
        className="rlog-missing"
        title="We could not find this reading log"
        actions={<ButtonLink href={pagePath('/profile')}>Go to your family profile</ButtonLink>}
      >
        <p>
          This address does not lead to one of your children. Choose a child below, or go to your family
          profile.
        </p>
        <ChildSwitcher childId={childId} />
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

  return <LogShown childId={childId} log={state.log} view={view} />;
}

/** Links to the family's children's logs, this one marked; nothing when the family has one child. */
function ChildSwitcher({ childId }: { childId: string }) {
  const user = useStore($userData);
  const otherLogs = (user?.children ?? []).filter((c) => c._id !== childId);
  if (otherLogs.length === 0) return null;
  return (
    <nav className="rlog-children" aria-label="Your children’s reading logs">
      <ul>
        {(user?.children ?? []).map((c) => (
          <li key={c._id}>
            <a
              href={pagePath('/book-history/{id}', c._id)}
              aria-current={c._id === childId ? 'page' : undefined}
            >
              {c.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The log loaded: what changed, the totals, the chart and the month's figures, the form, the entries. */
function LogShown({ childId, log, view }: { childId: string; log: Log; view: ReadingLogView }) {
  // The title and totals first, the rest in a render of its own that React may interrupt: on a
  // phone the first paint of the log is its totals, and need not wait for the chart, the form and
  // every entry (decision 35). Until then a space of the screen's height keeps the footer still.
  const details = useDeferredValue<Log | null>(log, null);
  return (
    <div className="rlog" aria-busy={view.state.status === 'ready' && view.state.refreshing === true}>
      <RefreshingNote show={view.state.status === 'ready' && view.state.refreshing === true} />
      <ChildSwitcher childId={childId} />
      <h2 className="rlog-title">{log.child.name}’s reading</h2>
      <div ref={view.noticeRef} tabIndex={-1} role="status" className="rlog-notice">
        {view.notice && <p className="form-alert form-alert-success">{view.notice}</p>}
      </div>

      <Totals summary={log.summary} />

      {details ? <LogDetails childId={childId} log={details} view={view} /> : <div className="rlog-later" />}
    </div>
  );
}

/** Below the totals: the chart and the month's figures, the form, the entries. */
function LogDetails({ childId, log, view }: { childId: string; log: Log; view: ReadingLogView }) {
  const { summary } = log;
  return (
    <>
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
              void view.changed(
                `Added: ${change.entry.title}, ${minutesText(change.entry.minutes)}.`,
                change.milestones,
              )
            }
          />
        </section>
      </div>

      <Entries childId={childId} summary={summary} view={view} />
    </>
  );
}

/** Every entry, newest first, with the totals of all time and a button for older ones. */
function Entries({
  childId,
  summary,
  view,
}: {
  childId: string;
  summary: Log['summary'];
  view: ReadingLogView;
}) {
  const { entries, cursor, olderError, changed } = view;
  return (
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
            <button type="button" className="btn btn-secondary" onClick={() => void view.showOlder()}>
              Show older entries
            </button>
          )}
        </>
      )}
    </section>
  );
}
