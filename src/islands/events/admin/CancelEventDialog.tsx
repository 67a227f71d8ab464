import { useState } from 'react';
import type { AdminEvent, EventChange } from '~/features/events/admin.schema';
import { eventsApi } from '~/features/events/events.api';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { ApiClientError, call } from '~/platform/client/api';

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const taken = event.seatsTaken;

  const cancel = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onDone(await call(eventsApi.adminCancel, { params: { id: event.id }, body: { reason } }));
    } catch (e) {
      setError(
        e instanceof ApiClientError
          ? (Object.values(e.fields)[0] ?? e.message)
          : 'The event could not be cancelled. Please try again.',
      );
      setBusy(false);
    }
  };

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
