import { type RefObject, useEffect, useRef, useState } from 'react';
import type { ChildDto } from '~/features/family/children.schema';
import { familyApi } from '~/features/family/family.api';
import { refreshUserData } from '~/features/family/family.store';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';
import { setActiveChild } from '~/platform/identity/session.store';
import { ChildForm } from './ChildForm';

/** One child in the settings: their profile to edit, and removing it after a confirmation. */
export function ChildSettings({ child }: { child: ChildDto }) {
  return (
    <details className="settings-child">
      <summary>
        <span className="settings-child-name">{child.name}</span>{' '}
        <span className="settings-hint">Edit or remove</span>
      </summary>
      <ChildForm child={child} />
      <RemoveChild child={child} />
    </details>
  );
}

/**
 * Removing a child's profile: the button, then what goes with it and the choice to remove or keep
 * it (focus goes to "Keep", and back to the button when kept).
 */
function RemoveChild({ child }: { child: ChildDto }) {
  const [confirming, setConfirming] = useState(false);
  const { submit, busy, errors } = useSubmit();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const removeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) cancelRef.current?.focus();
  }, [confirming]);

  const remove = () =>
    submit(
      async () => {
        await call(familyApi.deleteChild, { params: { id: child._id } });
        setActiveChild(0);
        await refreshUserData();
      },
      { fallback: 'The profile could not be removed. Please try again.' },
    );

  return (
    <div className="settings-danger">
      <h3>Remove {child.name}’s profile</h3>
      {errors.form && (
        <p className="form-alert form-alert-error" role="alert">
          {errors.form}
        </p>
      )}
      {confirming ? (
        <RemoveQuestion
          child={child}
          busy={busy}
          cancelRef={cancelRef}
          onRemove={() => void remove()}
          onKeep={() => {
            setConfirming(false);
            setTimeout(() => removeRef.current?.focus(), 0);
          }}
        />
      ) : (
        <button
          ref={removeRef}
          type="button"
          className="btn btn-secondary"
          onClick={() => setConfirming(true)}
        >
          Remove {child.name}’s profile…
        </button>
      )}
    </div>
  );
}

/** What removing the child deletes, and the choice: remove them, or keep their profile. */
function RemoveQuestion({
  child,
  busy,
  cancelRef,
  onRemove,
  onKeep,
}: {
  child: ChildDto;
  busy: boolean;
  cancelRef: RefObject<HTMLButtonElement | null>;
  onRemove: () => void;
  onKeep: () => void;
}) {
  return (
    <div className="settings-confirm">
      <p id={`remove-${child._id}`}>
        This deletes {child.name}’s profile with their reading log, read-aloud recordings, notifications and
        event registrations (their seats go back to other families). It cannot be undone.
      </p>
      <button type="button" className="btn btn-danger" onClick={onRemove} aria-disabled={busy}>
        {busy ? 'Removing…' : `Yes, remove ${child.name}`}
      </button>
      <button ref={cancelRef} type="button" className="btn btn-ghost" onClick={onKeep}>
        Keep {child.name}’s profile
      </button>
    </div>
  );
}
