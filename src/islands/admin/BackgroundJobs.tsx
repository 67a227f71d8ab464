import { adminApi } from '~/features/admin/admin.api';
import type { JobFailureDto, JobsOverview } from '~/features/admin/jobs.schema';
import { LoadFailed } from '~/islands/shared/admin/ListControls';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { FormAlert } from '~/islands/shared/Field';
import { call } from '~/platform/client/api';
import { CheckedHead, RetryNotice, useConfirmedRetry, useOverview } from './consoleOverview';
import { QueuePanel } from './QueuePanel';
import '~/islands/shared/admin/admin.css';
import './jobs.css';

/** A failed job the team asked to retry, and its queue. */
type Retrying = { queue: string; job: JobFailureDto };

const readJobs = (signal?: AbortSignal) => call(adminApi.jobs, signal ? { signal } : {});

/**
 * The background jobs for the team: each queue's counts, and its latest failed and retrying jobs
 * with their errors. A job that ran out of retries can be sent again, after a confirmation.
 */
export function BackgroundJobs() {
  const jobs = useOverview(readJobs, 'The background jobs could not be loaded. Try again.');
  const retrying = useConfirmedRetry<JobsOverview, Retrying>(
    jobs,
    'The job could not be retried. Try again.',
  );
  const { overview, refreshing, refresh } = jobs;
  if (!overview) {
    if (!jobs.loadError) {
      return (
        <p className="admin-loading" role="status">
          Loading the background jobs…
        </p>
      );
    }
    return <LoadFailed message={jobs.loadError} onRetry={jobs.reload} />;
  }
  const retry = () =>
    retrying.confirm(async ({ queue, job }) => ({
      overview: await call(adminApi.retryJob, { params: { name: queue, id: job.id } }),
      said: `The job was sent back to the ${queue} queue. It runs again shortly.`,
    }));

  return (
    <section className="jobs" aria-labelledby="jobs-heading" aria-busy={refreshing}>
      <CheckedHead
        id="jobs-heading"
        title="Queues"
        what="the queues"
        checkedAt={overview.checkedAt}
        refreshing={refreshing}
        onRefresh={() => void refresh()}
      />
      <FormAlert message={jobs.alert} />
      <RetryNotice notice={retrying.notice} noticeRef={retrying.noticeRef} />
      <Queues overview={overview} onRetry={retrying.ask} />
      {retrying.confirming && (
        <RetryDialog
          retrying={retrying.confirming}
          busy={retrying.busy}
          onConfirm={retry}
          onCancel={() => retrying.setConfirming(null)}
        />
      )}
    </section>
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
