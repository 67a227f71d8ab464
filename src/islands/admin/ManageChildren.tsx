import { useState } from 'react';
import { adminApi } from '~/features/admin/admin.api';
import { ageText } from '~/features/admin/users';
import type { AdminUserView } from '~/features/admin/users.schema';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { FormAlert } from '~/islands/shared/Field';
import { errorMessage } from '~/islands/shared/loadState';
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [done, setDone] = useState<string>();

  const remove = async (child: Child) => {
    setBusy(true);
    setError(undefined);
    setDone(undefined);
    try {
      onView(await call(adminApi.deleteChild, { params: { id: view.user.id, childId: child.id } }));
      setDone(`${child.name} and everything about them were removed.`);
    } catch (e) {
      setError(errorMessage(e, `${child.name} could not be removed. Please try again.`));
    } finally {
      setBusy(false);
      setRemoving(null);
    }
  };

  return (
    <section className="admin-panel" aria-labelledby="children-heading">
      <h2 id="children-heading">Children</h2>
      <FormAlert message={error} />
      <FormAlert message={done} tone="success" />
      {view.children.length === 0 ? (
        <p>No child profiles on this account. Families add their children from their profile page.</p>
      ) : (
        <ul className="account-children">
          {view.children.map((child) => (
            <li key={child.id}>
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
              <button
                type="button"
                className="btn btn-secondary btn-small"
                aria-disabled={busy}
                onClick={() => setRemoving(child)}
              >
                Remove {child.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing.name}?`}
          confirmLabel={`Remove ${removing.name} for good`}
          danger
          busy={busy}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        >
          <p>This deletes, for good:</p>
          <ul>
            <li>{removing.name}’s profile and reading log,</li>
            <li>their read-aloud recordings and the audio files,</li>
            <li>
              their notifications and subscriptions
              {removing.subscription ? ' (including the active one)' : ''},
            </li>
            <li>their event registrations (the seats are given back).</li>
          </ul>
          <p>The account’s orders and blog posts stay. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
