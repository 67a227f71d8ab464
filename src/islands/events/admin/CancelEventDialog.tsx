import { useState } from 'react';
import type { AdminEvent, EventChange } from '~/features/events/admin.schema';
import { eventsApi } from '~/features/events/events.api';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';

/** Asks before cancelling an event, says who will be told, and takes an optional reason for them. */
export function CancelEventDialog({
  event,
  onDone,
  onClose,
}: {
  event: AdminEvent;
  onDone: (change: EventChange) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const { submit, busy, errors } = useSubmit();
  // The API names the reason when it refuses it; its first field error is shown there.
  const error = errors.reason ?? errors.form;
  const taken = event.seatsTaken;

  const cancel = () =>
    void submit(
      async () => onDone(await call(eventsApi.adminCancel, { params: { id: event.id }, body: { reason } })),
      {
        fallback: 'The event could not be cancelled. Please try again.',
        fieldOf: (fields) => {
          const first = Object.values(fields)[0];
          return first ? { reason: first } : {};
        },
      },
    );

  return (
    <ConfirmDialog
      title={`Cancel “${event.title}”?`}
      confirmLabel={busy ? 'Cancelling…' : 'Cancel the event'}
      cancelLabel="Keep the event"
      danger
      busy={busy}
      onConfirm={cancel}
      onCancel={onClose}
    >
      <p>
        {taken === 0
          ? 'No child is registered, so nobody needs to be told.'
          : `${taken} registered ${taken === 1 ? 'child is' : 'children are'} notified at once.`}{' '}
        The event stays on the events page marked as cancelled, and calendars that imported it update. This
        cannot be undone.
      </p>
      <div className="field pe-dialog-field">
        <label htmlFor="cancel-reason">Reason for families (optional)</label>
        <textarea
          id="cancel-reason"
          className="textarea"
          rows={2}
          maxLength={300}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'cancel-reason-error' : undefined}
        />
        {error && (
          <p id="cancel-reason-error" className="error" role="alert">
            {error}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
