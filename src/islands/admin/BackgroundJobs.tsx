import { useCallback, useEffect, useRef, useState } from 'react';
import { adminApi } from '~/features/admin/admin.api';
import type { JobFailureDto, JobQueueDto, JobsOverview } from '~/features/admin/jobs.schema';
import { headings, Table } from '~/islands/shared/admin/AdminTable';
import { LoadFailed } from '~/islands/shared/admin/ListControls';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { FormAlert } from '~/islands/shared/Field';
import { errorMessage } from '~/islands/shared/loadState';
import { call } from '~/platform/client/api';
import { formatTime } from '~/platform/time';
import '~/islands/shared/admin/admin.css';
import './jobs.css';

/** What each queue does, in words; an unknown queue shows its name alone. */
const QUEUE_LABELS: Record<string, string> = {
  'weekly-plan': 'Weekly plans: one job per child and program week',
  'weekly-plan-scan': 'Weekly plan scan: every minute, finds the weeks that need a plan',
};

const COUNTS = [
  ['queued', 'Queued'],
  ['active', 'Running'],
  ['retrying', 'Retrying'],
  ['failed', 'Failed'],
  ['completed', 'Completed'],
] as const satisfies readonly (readonly [keyof JobQueueDto, string])[];

/** "subscriptionId: 6f1c… · weekIndex: 3": a job's data at a glance (the full values in a tooltip). */
function dataText(data: Record<string, unknown>): string {
  return Object.entries(data)
    .map(([key, value]) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return `${key}: ${text.length > 40 ? `${text.slice(0, 38)}…` : text}`;
    })
    .join(' · ');
}

const attempts = (job: JobFailureDto) => `${job.retryCount + 1} of ${job.retryLimit + 1}`;

type Load = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready' };

/**
 * The background jobs for the team: each queue's counts, and its latest failed and retrying jobs
 * with their errors. A job that ran out of retries can be sent again, after a confirmation.
 */
export function BackgroundJobs() {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [overview, setOverview] = useState<JobsOverview | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const [alert, setAlert] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [confirming, setConfirming] = useState<{ queue: string; job: JobFailureDto } | null>(null);
  const [busy, setBusy] = useState(false);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  // Once counts are shown, a failed refresh keeps them and says so above them.
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

  // After a retry the row's button is gone: focus goes to what happened instead.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const retry = async () => {
    if (!confirming) return;
    const { queue, job } = confirming;
    setBusy(true);
    let failure: string | undefined;
    try {
      setOverview(await call(adminApi.retryJob, { params: { name: queue, id: job.id } }));
      setAlert(undefined);
      setNotice(`The job was sent back to the ${queue} queue. It runs again shortly.`);
    } catch (error) {
      setNotice(undefined);
      failure = errorMessage(error, 'The job could not be retried. Try again.');
    }
    setBusy(false);
    setConfirming(null);
    if (failure) {
      // What is shown may be out of date (the job retried or cleared meanwhile): read it again, then say why.
      await refresh();
      setAlert(failure);
    }
  };

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
          setLoad({ status: 'loading' });
          void refresh();
        }}
      />
    );
  }

  return (
    <section className="jobs" aria-labelledby="jobs-heading" aria-busy={refreshing}>
      <div className="head-row jobs-head">
        <h2 id="jobs-heading">Queues</h2>
        <p className="jobs-checked">
          <span>
            Checked <time dateTime={overview.checkedAt}>{formatTime(overview.checkedAt, 'dateTime')}</time>
          </span>
          <button
            type="button"
            className="btn btn-secondary btn-small"
            aria-disabled={refreshing}
            onClick={() => !refreshing && void refresh()}
          >
            {refreshing ? 'Refreshing…' : 'Refresh'}
          </button>
        </p>
      </div>
      <FormAlert message={alert} />
      <div role="status" className="form-alert-region">
        {notice && (
          <p ref={noticeRef} tabIndex={-1} className="form-alert form-alert-success">
            {notice}
          </p>
        )}
      </div>
      {!overview.running ? (
        <div className="admin-state">
          <p>
            Background jobs do not run on this server (a development server), so there is nothing to show. On
            the production server this page lists each queue and the jobs that failed.
          </p>
        </div>
      ) : overview.queues.length === 0 ? (
        <div className="admin-state">
          <p>
            No queues yet. They appear once the server has started its background jobs, a few seconds after it
            starts.
          </p>
        </div>
      ) : (
        overview.queues.map((queue) => (
          <QueuePanel
            key={queue.name}
            queue={queue}
            onRetry={(job) => {
              setNotice(undefined);
              setConfirming({ queue: queue.name, job });
            }}
          />
        ))
      )}
      {confirming && (
        <ConfirmDialog
          title="Retry this job?"
          confirmLabel="Retry the job"
          cancelLabel="Leave it failed"
          busy={busy}
          onConfirm={retry}
          onCancel={() => setConfirming(null)}
        >
          <p>
            It goes back to the {confirming.queue} queue and runs again shortly, with one more attempt
            allowed. If it fails again, it shows here again with its new error.
          </p>
          <p className="hint">Last error: {confirming.job.error || 'none recorded'}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** One queue: its counts, then its latest failed and retrying jobs. */
function QueuePanel({ queue, onRetry }: { queue: JobQueueDto; onRetry: (job: JobFailureDto) => void }) {
  const headingId = `queue-${queue.name}`;
  return (
    <section className="admin-panel jobs-queue" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <code>{queue.name}</code>
      </h3>
      {QUEUE_LABELS[queue.name] && <p className="hint">{QUEUE_LABELS[queue.name]}</p>}
      <dl className="jobs-counts">
        {COUNTS.map(([key, label]) => (
          <div key={key} data-alert={key === 'failed' && queue.failed > 0 ? 'true' : undefined}>
            <dt>{label}</dt>
            <dd>{queue[key]}</dd>
          </div>
        ))}
      </dl>
      {queue.recentFailures.length === 0 ? (
        <p className="jobs-none">No failed or retrying jobs in this queue.</p>
      ) : (
        <>
          <h4 className="jobs-failures-heading">
            Latest failures
            {queue.failed + queue.retrying > queue.recentFailures.length &&
              ` (the ${queue.recentFailures.length} most recent of ${queue.failed + queue.retrying})`}
          </h4>
          <Table
            caption={`Failed and retrying jobs in the ${queue.name} queue`}
            className="jobs-table"
            head={headings(['State', 'What', 'Error', 'Attempts', 'When', 'Action'])}
          >
            {queue.recentFailures.map((job) => (
              <FailureRow key={job.id} job={job} onRetry={() => onRetry(job)} />
            ))}
          </Table>
        </>
      )}
    </section>
  );
}

function FailureRow({ job, onRetry }: { job: JobFailureDto; onRetry: () => void }) {
  const when = job.state === 'failed' ? job.failedAt : job.nextAttemptAt;
  return (
    <tr>
      <td>
        {job.state === 'failed' ? (
          <span className="status-pill" data-tone="bad">
            Failed
          </span>
        ) : (
          <span className="status-pill" data-tone="warn">
            Retrying
          </span>
        )}
      </td>
      <td className="jobs-what">
        {job.key && <code>{job.key}</code>}
        <span className="hint" title={JSON.stringify(job.data)}>
          {dataText(job.data) || 'No data'}
        </span>
        <span className="hint">Job {job.id}</span>
      </td>
      <td className="jobs-error">{job.error || <span className="hint">No message recorded</span>}</td>
      <td>{attempts(job)}</td>
      <td>
        {when ? (
          <>
            {job.state === 'failed' ? 'Failed ' : 'Next try '}
            <time dateTime={when}>{formatTime(when, 'dateTime')}</time>
          </>
        ) : (
          '—'
        )}
        <span className="hint">
          Sent <time dateTime={job.createdAt}>{formatTime(job.createdAt, 'dateTime')}</time>
        </span>
      </td>
      <td>
        {job.state === 'failed' ? (
          <button type="button" className="btn btn-secondary btn-small" onClick={onRetry}>
            Retry<span className="sr-only"> job {job.key ?? job.id}</span>
          </button>
        ) : (
          <span className="hint">Retries by itself</span>
        )}
      </td>
    </tr>
  );
}
