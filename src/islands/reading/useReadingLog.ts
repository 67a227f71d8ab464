import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type Milestone, milestoneNotice } from '~/features/reading/reading';
import type { ReadingLog as Log, ReadingEntry } from '~/features/reading/reading.schema';
import { errorMessage, failedLoad } from '~/islands/shared/loadState';
import { call } from '~/platform/client/api';
import { keepCopy, readCopy } from '~/platform/client/dataCopies';
import { localDay } from '~/platform/days';
import { refreshUserData } from '~/platform/identity/session.store';
import { isUuid } from '~/platform/ids';
import { readingContracts } from './readingContracts';

export type LogState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; log: Log; refreshing?: true };

async function fetchLog(childId: string, before?: string): Promise<Log> {
  return call((await readingContracts()).log, {
    params: { id: childId },
    query: { today: localDay(), before },
  });
}

/**
 * A load that failed: a malformed or unknown id, or another family's child, is the same "not found"
 * to everyone; a copy on screen stays when only its refresh failed.
 */
function failedLog(error: unknown) {
  const failure = failedLoad(error, 'The reading log could not be loaded.');
  return (s: LogState): LogState =>
    s.status === 'ready' && failure.status === 'failed' ? { status: 'ready', log: s.log } : failure;
}

/** The last visit's copy of the log at once, marked as refreshing, while it is asked for (decision 35). */
function useLastLog(childId: string, setState: (update: (state: LogState) => LogState) => void) {
  useLayoutEffect(() => {
    const copy = isUuid(childId) ? readCopy<Log>(`reading:${childId}`) : undefined;
    if (copy)
      setState((s) => (s.status === 'loading' ? { status: 'ready', log: copy, refreshing: true } : s));
  }, [childId, setState]);
}

/**
 * One child's reading log as the page shows it: loaded on opening (and again after any change),
 * the older entries asked for page by page, and the message that says what changed.
 */
export function useReadingLog(childId: string) {
  const [state, setState] = useState<LogState>({ status: 'loading' });
  const [older, setOlder] = useState<{ entries: ReadingEntry[]; cursor: string | null } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [olderError, setOlderError] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  useLastLog(childId, setState);

  const load = useCallback(async () => {
    if (!isUuid(childId)) return setState({ status: 'missing' });
    try {
      const log = await fetchLog(childId);
      setState({ status: 'ready', log });
      setOlder(null);
      keepCopy(`reading:${childId}`, log);
    } catch (error) {
      setState(failedLog(error));
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

  const log = state.status === 'ready' ? state.log : null;
  const entries = log ? [...log.entries, ...(older?.entries ?? [])] : [];
  const cursor = older ? older.cursor : (log?.nextCursor ?? null);

  /** The next page of older entries, under the ones shown. */
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

  return { state, load, notice, noticeRef, changed, entries, cursor, showOlder, olderError };
}

export type ReadingLogView = ReturnType<typeof useReadingLog>;
