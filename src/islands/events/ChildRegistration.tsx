import type { Child } from '~/platform/identity/user';
import { ConfirmButtons } from '../shared/ConfirmButtons';
import { actionOf, type RegistrationChanges } from './useRegistrationChanges';

/**
 * One child's row: registered or not, and the button that registers them (while seats last) or
 * cancels their registration after asking in place.
 */
export function ChildRegistration({
  child,
  registered,
  open,
  seatsLeft,
  changes,
}: {
  child: Child;
  registered: boolean;
  /** Whether the event still takes registrations and cancellations. */
  open: boolean;
  seatsLeft: number;
  changes: RegistrationChanges;
}) {
  const { act, busy, pending, confirming, setConfirming, rows } = changes;
  return (
    <li className="reg-child" ref={rows.ref(child._id)}>
      <span className="reg-name">
        {child.name}
        {registered && <span className="reg-badge">Registered</span>}
      </span>
      {confirming === child._id ? (
        <span className="reg-confirm">
          <span>Give up {child.name}’s seat?</span>
          <ConfirmButtons
            confirmRef={changes.confirmRef}
            confirm={`Yes, cancel ${child.name}’s registration`}
            keep="Keep the seat"
            onConfirm={() => void act(child._id, child.name, true)}
            onKeep={() => {
              setConfirming(null);
              rows.returnTo(child._id);
            }}
          />
        </span>
      ) : registered && open ? (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          aria-disabled={busy}
          onClick={() => !busy && setConfirming(child._id)}
        >
          {pending === actionOf(true, child._id) ? 'Cancelling…' : `Cancel ${child.name}’s registration`}
        </button>
      ) : open && seatsLeft > 0 ? (
        <button
          type="button"
          className="btn btn-primary btn-small"
          aria-disabled={busy}
          onClick={() => !busy && void act(child._id, child.name, false)}
        >
          {pending === actionOf(false, child._id) ? 'Registering…' : `Register ${child.name}`}
        </button>
      ) : null}
    </li>
  );
}
