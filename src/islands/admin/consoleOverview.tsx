import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '~/islands/shared/loadState';
import { useSubmit } from '~/islands/shared/useSubmit';
import { formatTime } from '~/platform/time';

// What the console's overviews share (the background jobs, the outbox of email): a picture read
// when the page opens and on Refresh, and a retry of what failed, asked first and said after.

/**
 * The overview, loaded when the page opens and again on `refresh`. Until one is shown a failure is
 * `loadError` (the page offers to load again); once shown, a failed refresh keeps it and says so in
 * `alert`.
 */
export function useOverview<T>(read: (signal?: AbortSignal) => Promise<T>, failure: string) {
  const [overview, setOverview] = useState<T | null>(null);
  const [loadError, setLoadError] = useState<string>();
  const [alert, setAlert] = useState<string>();
  const [refreshing, setRefreshing] = useState(false);
  const shown = useRef(false);

  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      setRefreshing(true);
      setAlert(undefined);
      try {
        setOverview(await read(signal));
        setLoadError(undefined);
        shown.current = true;
      } catch (error) {
        if (signal?.aborted) return;
        const message = errorMessage(error, failure);
        if (shown.current) setAlert(message);
        else setLoadError(message);
      } finally {
        if (!signal?.aborted) setRefreshing(false);
      }
    },
    [read, failure],
  );

  useEffect(() => {
    const controller = new AbortController();
    void refresh(controller.signal);
    return () => controller.abort();
  }, [refresh]);

  const reload = () => {
    setLoadError(undefined);
    void refresh();
  };
  return { overview, setOverview, loadError, alert, setAlert, refreshing, refresh, reload };
}

export type Overview<T> = ReturnType<typeof useOverview<T>>;

/**
 * A retry of something that failed, after a confirmation: `run` answers the new overview and the
 * sentence to say (focused, as the row's button is gone). A refusal reads the overview again, then
 * says why: what was shown may be out of date.
 */
export function useConfirmedRetry<T, Item>(state: Overview<T>, fallback: string) {
  const [confirming, setConfirming] = useState<Item | null>(null);
  const [notice, setNotice] = useState<string>();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const { submit, busy } = useSubmit();

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const confirm = async (run: (item: Item) => Promise<{ overview: T; said: string }>) => {
    if (!confirming) return;
    const item = confirming;
    let failure = '';
    await submit(
      async () => {
        try {
          const done = await run(item);
          state.setOverview(done.overview);
          state.setAlert(undefined);
          setNotice(done.said);
        } catch (error) {
          setNotice(undefined);
          failure = errorMessage(error, fallback);
        }
      },
      { fallback },
    );
    setConfirming(null);
    if (failure) {
      await state.refresh();
      state.setAlert(failure);
    }
  };

  const ask = (item: Item) => {
    setNotice(undefined);
    setConfirming(item);
  };

  return { confirming, setConfirming, notice, noticeRef, busy, confirm, ask };
}

/** An overview's heading, when it was read, and the button that reads it again. */
export function CheckedHead(props: {
  id: string;
  title: string;
  checkedAt: string;
  refreshing: boolean;
  onRefresh: () => void;
  /** Said after "Refresh" to screen readers, where two overviews share a page. */
  what?: string;
}) {
  return (
    <div className="head-row jobs-head">
      <h2 id={props.id}>{props.title}</h2>
      <p className="jobs-checked">
        <span>
          Checked <time dateTime={props.checkedAt}>{formatTime(props.checkedAt, 'dateTime')}</time>
        </span>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-disabled={props.refreshing}
          onClick={() => !props.refreshing && props.onRefresh()}
        >
          {props.refreshing ? 'Refreshing…' : 'Refresh'}
          {props.what && <span className="sr-only"> {props.what}</span>}
        </button>
      </p>
    </div>
  );
}

/** Where a retry's outcome is said: a live region, its sentence focused once said. */
export function RetryNotice(props: {
  notice: string | undefined;
  noticeRef: React.RefObject<HTMLParagraphElement | null>;
}) {
  return (
    <div role="status" className="form-alert-region">
      {props.notice && (
        <p ref={props.noticeRef} tabIndex={-1} className="form-alert form-alert-success">
          {props.notice}
        </p>
      )}
    </div>
  );
}
