import { useState } from 'react';
import { adminApi } from '~/features/admin/admin.api';
import type { AdminUser, AdminUserView, UserChange } from '~/features/admin/users.schema';
import { errorMessage } from '~/islands/shared/loadState';
import { useSubmit } from '~/islands/shared/useSubmit';
import { ApiClientError, call } from '~/platform/client/api';

/** The changes an administrator makes to an account; each names the control its error goes beside. */
export type AccountAction = 'role' | 'disabled' | 'link';

/**
 * The manage page's changes to one account: its role, whether it may sign in, and the email with a
 * set-password link. One runs at a time (`pending` names it); what it did is said in `done`, and a
 * failure beside the control of that change, in the API's words for it when it has some.
 */
export function useAccountChanges(view: AdminUserView, onView: (view: AdminUserView) => void) {
  const { user } = view;
  const [role, setRole] = useState(user.role);
  const [done, setDone] = useState<string>();
  const [confirming, setConfirming] = useState<'disable' | 'link' | null>(null);
  const { submit, pending, errors, setErrors } = useSubmit();

  /** Sends one change; `send` answers what to say once it is done. */
  const act = async (what: AccountAction, fallback: string, send: () => Promise<string>) => {
    setDone(undefined);
    await submit(
      async () => {
        try {
          setDone(await send());
        } catch (error) {
          const fields = error instanceof ApiClientError ? error.fields : {};
          setErrors({ [what]: fields[what] ?? errorMessage(error, fallback) });
        }
      },
      { what, fallback },
    );
    setConfirming(null);
  };

  const change = (body: UserChange, what: 'role' | 'disabled', success: (updated: AdminUser) => string) =>
    act(what, 'The change could not be saved.', async () => {
      const updated = await call(adminApi.updateUser, { params: { id: user.id }, body });
      onView({ ...view, user: { ...user, role: updated.role, disabled: updated.disabled } });
      setRole(updated.role);
      return success(updated);
    });

  const sendLink = () =>
    act('link', 'The email could not be sent.', async () => {
      await call(adminApi.sendPasswordLink, { params: { id: user.id } });
      return `We sent a link to set a new password to ${user.email}.`;
    });

  return { role, setRole, done, confirming, setConfirming, pending, errors, change, sendLink };
}

export type AccountChanges = ReturnType<typeof useAccountChanges>;
