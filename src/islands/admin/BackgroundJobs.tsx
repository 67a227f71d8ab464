import { useCallback, useEffect, useRef, useState } from 'react';
import { adminApi } from '~/features/admin/admin.api';
import type { JobFailureDto, JobsOverview } from '~/features/admin/jobs.schema';
import { LoadFailed } from '~/islands/shared/admin/ListControls';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { FormAlert } from '~/islands/shared/Field';
import { errorMessage } from '~/islands/shared/loadState';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';
import { formatTime } from '~/platform/time';
import { QueuePanel } from './QueuePanel';
import '~/islands/shared/admin/admin.css';
import './jobs.css';

type Load = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready' };

/** A failed job the team asked to retry, and its queue. */
type Retrying = { queue: string; job: JobFailureDto };

/**
 * The overview of the jobs, loaded when the page opens and again on `refresh`. Once counts are
 * shown, a failed refresh keeps them and says so in `alert`.
 */
function useJobsOverview() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [overview, setOverview] = useState<JobsOverview | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [alert, setAlert] = useState<string>();
  const shown = useRef(false);

  const refresh = useCallback(async (signal?: AbortSignal) => {
    setRefreshing(true);
    setAlert(undefined);
    try {
      const next = await call(adminApi.jobs, signal ? { signal } : {});
      setOverview(next);
      setLoad({ status: 'ready' });
      shown.current = true;
    } catch (error) {
      if (signal?.aborted) return;
      const message = errorMessage(error, 'The background jobs could not be loaded. Try again.');
      if (shown.current) setAlert(message);
      else setLoad({ status: 'failed', message });
    } finally {
      if (!signal?.aborted) setRefreshing(false);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void refresh(controller.signal);
    return () => controller.abort();
  }, [refresh]);

  return { load, setLoad, overview, setOverview, refreshing, alert, setAlert, refresh };
}

/**
 * Sending a failed job back to its queue, after a confirmation. What happened is said in `notice`
 * (focused: the row's button is gone); a failure reads the overview again, then says why.
 */
function useJobRetry(jobs: ReturnType<typeof useJobsOverview>) {
  const [confirming, setConfirming] = useState<Retrying | null>(null);
  const [notice, setNotice] = useState<string>();
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const { submit, busy } = useSubmit();

  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const retry = async () => {
    if (!confirming) return;
    const { queue, job } = confirming;
    let failure = '';
    await submit(
      async () => {
        try {
          jobs.setOverview(await call(adminApi.retryJob, { params: { name: queue, id: job.id } }));
          jobs.setAlert(undefined);
          setNotice(`The job was sent back to the ${queue} queue. It runs again shortly.`);
        } catch (error) {
          setNotice(undefined);
          failure = errorMessage(error, 'The job could not be retried. Try again.');
        }
      },
      { fallback: 'The job could not be retried. Try again.' },
    );
    setConfirming(null);
    if (failure) {
      // What is shown may be out of date (the job retried or cleared meanwhile): read it again, then say why.
      await jobs.refresh();
      jobs.setAlert(failure);
    }
  };

  const ask = (retrying: Retrying) => {
    setNotice(undefined);
    setConfirming(retrying);
  };

  return { confirming, setConfirming, notice, noticeRef, busy, retry, ask };
}

/**
 * The background jobs for the team: each queue's counts, and its latest failed and retrying jobs
 * with their errors. A job that ran out of retries can be sent again, after a confirmation.
 */
export function BackgroundJobs() {
  const jobs = useJobsOverview();
  const retrying = useJobRetry(jobs);
  const { load, overview, refreshing, refresh } = jobs;

  if (load.status === 'loading') {
    return (
      <p className="admin-loading" role="status">
        Loading the background jobs…
      </p>
    );
  }
  if (load.status === 'failed' || !overview) {
    const message = load.status === 'failed' ? load.message : 'The background jobs could not be loaded.';
    return (
      <LoadFailed
        message={message}
        onRetry={() => {
          jobs.setLoad({ status: 'loading' });
          void refresh();
        }}
      />
    );
  }

  return (
    <section className="jobs" aria-labelledby="jobs-heading" aria-busy={refreshing}>
      <JobsHead checkedAt={overview.checkedAt} refreshing={refreshing} onRefresh={() => void refresh()} />
      <FormAlert message={jobs.alert} />
      <div role="status" className="form-alert-region">
        {retrying.notice && (
          <p ref={retrying.noticeRef} tabIndex={-1} className="form-alert form-alert-success">
            {retrying.notice}
          </p>
        )}
      </div>
      <Queues overview={overview} onRetry={retrying.ask} />
      {retrying.confirming && (
        <RetryDialog
          retrying={retrying.confirming}
          busy={retrying.busy}
          onConfirm={retrying.retry}
          onCancel={() => retrying.setConfirming(null)}
        />
      )}
    </section>
  );
}

/** The heading, when the counts were read, and the button that reads them again. */
function JobsHead({
  checkedAt,
  refreshing,
  onRefresh,
}: {
  checkedAt: string;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  return (
    <div className="head-row jobs-head">
      <h2 id="jobs-heading">Queues</h2>
      <p className="jobs-checked">
        <span>
          Checked <time dateTime={checkedAt}>{formatTime(checkedAt, 'dateTime')}</time>
        </span>
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-disabled={refreshing}
          onClick={() => !refreshing && onRefresh()}
        >
          {refreshing ? 'Refreshing…' : 'Refresh'}
        </button>
      </p>
    </div>
  );
}

/** Each queue's panel; or why there is none (no jobs on this server, or none started yet). */
function Queues({ overview, onRetry }: { overview: JobsOverview; onRetry: (retrying: Retrying) => void }) {
  if (!overview.running) {
    return (
      <div className="admin-state">
        <p>
          Background jobs do not run on this server (a development server), so there is nothing to show. On
          the production server this page lists each queue and the jobs that failed.
        </p>
      </div>
    );
  }
  if (overview.queues.length === 0) {
    return (
      <div className="admin-state">
        <p>
          No queues yet. They appear once the server has started its background jobs, a few seconds after it
          starts.
        </p>
      </div>
    );
  }
  return overview.queues.map((queue) => (
    <QueuePanel key={queue.name} queue={queue} onRetry={(job) => onRetry({ queue: queue.name, job })} />
  ));
}

/** The question before a failed job is sent back to its queue, with its last error. */
function RetryDialog({
  retrying,
  busy,
  onConfirm,
  onCancel,
}: {
  retrying: Retrying;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title="Retry this job?"
      confirmLabel="Retry the job"
      cancelLabel="Leave it failed"
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>
        It goes back to the {retrying.queue} queue and runs again shortly, with one more attempt allowed. If
        it fails again, it shows here again with its new error.
      </p>
      <p className="hint">Last error: {retrying.job.error || 'none recorded'}</p>
    </ConfirmDialog>
  );
}
