import { useState } from 'react';
import { adminApi } from '~/features/admin/admin.api';
import { ageText } from '~/features/admin/users';
import type { AdminUserView } from '~/features/admin/users.schema';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { FormAlert } from '~/islands/shared/Field';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';
import { READING_LEVEL_LABELS } from '~/platform/domain';
import { formatTime } from '~/platform/time';

type Child = AdminUserView['children'][number];

/** The account's children, each removable after a confirmation that says what goes with them. */
export function ManageChildren({
  view,
  onView,
}: {
  view: AdminUserView;
  onView: (view: AdminUserView) => void;
}) {
  const [removing, setRemoving] = useState<Child | null>(null);
  const { submit, busy, errors } = useSubmit();
  const [done, setDone] = useState<string>();

  const remove = async (child: Child) => {
    setDone(undefined);
    await submit(
      async () => {
        onView(await call(adminApi.deleteChild, { params: { id: view.user.id, childId: child.id } }));
        setDone(`${child.name} and everything about them were removed.`);
      },
      { fallback: `${child.name} could not be removed. Please try again.` },
    );
    setRemoving(null);
  };

  return (
    <section className="admin-panel" aria-labelledby="children-heading">
      <h2 id="children-heading">Children</h2>
      <FormAlert message={errors.form} />
      <FormAlert message={done} tone="success" />
      {view.children.length === 0 ? (
        <p>No child profiles on this account. Families add their children from their profile page.</p>
      ) : (
        <ul className="account-children">
          {view.children.map((child) => (
            <ChildRow key={child.id} child={child} busy={busy} onRemove={() => setRemoving(child)} />
          ))}
        </ul>
      )}
      {removing && (
        <RemoveChildDialog
          child={removing}
          busy={busy}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
    </section>
  );
}

/** A child of the account: name, age, level, when added, their program, and the button to remove them. */
function ChildRow({ child, busy, onRemove }: { child: Child; busy: boolean; onRemove: () => void }) {
  return (
    <li>
      <div>
        <strong>{child.name}</strong>
        <span className="hint">
          {ageText(child)} · {READING_LEVEL_LABELS[child.readingLevel].split(' (')[0]} level · added{' '}
          {formatTime(child.createdAt, 'shortDate')}
          {child.subscription &&
            ` · ${child.subscription.planName} until ${formatTime(child.subscription.endsAt, 'shortDate')}`}
          {child.queued.length > 0 && ` · ${child.queued.length} queued`}
        </span>
      </div>
      <button type="button" className="btn btn-secondary btn-small" aria-disabled={busy} onClick={onRemove}>
        Remove {child.name}
      </button>
    </li>
  );
}

/** The question before a child is removed, with everything that goes with them. */
function RemoveChildDialog({
  child,
  busy,
  onConfirm,
  onCancel,
}: {
  child: Child;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title={`Remove ${child.name}?`}
      confirmLabel={`Remove ${child.name} for good`}
      danger
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>This deletes, for good:</p>
      <ul>
        <li>{child.name}’s profile and reading log,</li>
        <li>their read-aloud recordings and the audio files,</li>
        <li>
          their notifications and subscriptions
          {child.subscription ? ' (including the active one)' : ''},
        </li>
        <li>their event registrations (the seats are given back).</li>
      </ul>
      <p>The account’s orders and blog posts stay. This cannot be undone.</p>
    </ConfirmDialog>
  );
}
