import { useCallback, useEffect, useRef, useState } from 'react';
import { type Milestone, milestoneNotice } from '~/features/reading/reading';
import { readingApi } from '~/features/reading/reading.api';
import type { ReadingLog as Log, ReadingEntry } from '~/features/reading/reading.schema';
import { errorMessage, failedLoad } from '~/islands/shared/loadState';
import { call } from '~/platform/client/api';
import { localDay } from '~/platform/days';
import { refreshUserData } from '~/platform/identity/session.store';
import { isUuid } from '~/platform/ids';

export type LogState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; log: Log };

function fetchLog(childId: string, before?: string): Promise<Log> {
  return call(readingApi.log, { params: { id: childId }, query: { today: localDay(), before } });
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
