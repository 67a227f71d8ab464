import { adminApi } from '~/features/admin/admin.api';
import type { EmailOutboxDto, FailedEmailDto } from '~/features/admin/emails.schema';
import { headings, Table } from '~/islands/shared/admin/AdminTable';
import { LoadFailed } from '~/islands/shared/admin/ListControls';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { FormAlert } from '~/islands/shared/Field';
import { call } from '~/platform/client/api';
import { formatTime } from '~/platform/time';
import { CheckedHead, RetryNotice, useConfirmedRetry, useOverview } from './consoleOverview';
import '~/islands/shared/admin/admin.css';
import './jobs.css';

const COUNTS = [
  ['queued', 'Waiting'],
  ['sending', 'Sending'],
  ['sent', 'Sent'],
  ['failed', 'Given up'],
] as const satisfies readonly (readonly [keyof EmailOutboxDto['counts'], string])[];

const readOutbox = (signal?: AbortSignal) => call(adminApi.emails, signal ? { signal } : {});

/**
 * The outbox of email for the team: how many messages wait, go and went, and the ones given up
 * after their retries, each of which can be sent again once its cause is put right.
 */
export function EmailOutbox() {
  const state = useOverview(readOutbox, 'The outbox could not be loaded. Try again.');
  const resend = useConfirmedRetry<EmailOutboxDto, FailedEmailDto>(
    state,
    'The message could not be sent again. Try again.',
  );
  const { overview: outbox, refreshing } = state;
  if (!outbox) {
    if (!state.loadError) {
      return (
        <p className="admin-loading" role="status">
          Loading the outbox…
        </p>
      );
    }
    return <LoadFailed message={state.loadError} onRetry={state.reload} />;
  }
  const sendAgain = () =>
    resend.confirm(async (email) => ({
      overview: await call(adminApi.retryEmail, { params: { id: email.id } }),
      said: `The ${email.label.toLowerCase()} to ${email.to} goes out again within a minute.`,
    }));
  return (
    <section className="jobs outbox" aria-labelledby="outbox-heading" aria-busy={refreshing}>
      <CheckedHead
        id="outbox-heading"
        title="Email"
        what="the outbox"
        checkedAt={outbox.checkedAt}
        refreshing={refreshing}
        onRefresh={() => void state.refresh()}
      />
      <FormAlert message={state.alert} />
      <RetryNotice notice={resend.notice} noticeRef={resend.noticeRef} />
      <OutboxPanel outbox={outbox} onResend={resend.ask} />
      {resend.confirming && (
        <ConfirmDialog
          title="Send this message again?"
          confirmLabel="Send it again"
          cancelLabel="Leave it"
          busy={resend.busy}
          onConfirm={sendAgain}
          onCancel={() => resend.setConfirming(null)}
        >
          <p>
            The {resend.confirming.label.toLowerCase()} to {resend.confirming.to} goes out within a minute,
            with six more attempts if the mail server refuses it again.
          </p>
          <p className="hint">Last error: {resend.confirming.lastError || 'none recorded'}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The counts, then the messages given up (or a line saying there are none). */
function OutboxPanel({
  outbox,
  onResend,
}: {
  outbox: EmailOutboxDto;
  onResend: (email: FailedEmailDto) => void;
}) {
  return (
    <section className="admin-panel jobs-queue" aria-labelledby="outbox-counts">
      <h3 id="outbox-counts">Outbox</h3>
      <p className="hint">
        Receipts and confirmations, sent within seconds of what they tell; a message the mail server refuses
        is tried again after 1, 2, 4, 8 and 16 minutes, then given up and listed here.
      </p>
      <dl className="jobs-counts">
        {COUNTS.map(([key, label]) => (
          <div key={key} data-alert={key === 'failed' && outbox.counts.failed > 0 ? 'true' : undefined}>
            <dt>{label}</dt>
            <dd>{outbox.counts[key]}</dd>
          </div>
        ))}
      </dl>
      {outbox.failed.length === 0 ? (
        <p className="jobs-none">No message has been given up.</p>
      ) : (
        <Table
          caption="Messages given up after their retries, newest first"
          className="jobs-table"
          head={headings(['Message', 'To', 'Last error', 'Attempts', 'Queued', 'Action'])}
        >
          {outbox.failed.map((email) => (
            <tr key={email.id}>
              <td>{email.label}</td>
              <td>{email.to}</td>
              <td className="jobs-error">
                {email.lastError || <span className="hint">No message recorded</span>}
              </td>
              <td>{email.attempts}</td>
              <td>
                <time dateTime={email.createdAt}>{formatTime(email.createdAt, 'dateTime')}</time>
              </td>
              <td>
                <button type="button" className="btn btn-secondary btn-small" onClick={() => onResend(email)}>
                  Send again
                  <span className="sr-only">
                    {' '}
                    the {email.label.toLowerCase()} to {email.to}
                  </span>
                </button>
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}
