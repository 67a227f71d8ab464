import type { JobFailureDto, JobQueueDto } from '~/features/admin/jobs.schema';
import { headings, Table } from '~/islands/shared/admin/AdminTable';
import { formatTime } from '~/platform/time';

/** What each queue does, in words; an unknown queue shows its name alone. */
const QUEUE_LABELS: Record<string, string> = {
  'weekly-plan': 'Weekly plans: one job per child and program week',
  'weekly-plan-scan': 'Weekly plan scan: every minute, finds the weeks that need a plan',
  'email-outbox': 'Email: every minute, and as soon as a message is queued, sends the outbox (below)',
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

/** One queue: its counts, then its latest failed and retrying jobs. */
export function QueuePanel({
  queue,
  onRetry,
}: {
  queue: JobQueueDto;
  onRetry: (job: JobFailureDto) => void;
}) {
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

/** One failed or retrying job: its state, data, error, attempts and when; a failed one can be retried. */
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
