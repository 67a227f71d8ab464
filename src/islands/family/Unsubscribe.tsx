import { useState } from 'react';
import { emailPreferencesApi } from '~/features/family/emailPreferences.api';
import { FormAlert } from '~/islands/shared/Field';
import { useHydrated } from '~/islands/shared/useHydrated';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';
import { pagePath } from '~/platform/routes';

/** Stops the weekly plan emails for the address the link was sent to: one button, no sign-in. */
export function Unsubscribe() {
  const hydrated = useHydrated();
  const { submit, busy, errors } = useSubmit();
  const [done, setDone] = useState(false);
  const token = hydrated ? (new URLSearchParams(window.location.search).get('token') ?? '') : '';
  const settings = pagePath('/update-profile', { hash: 'email' });

  if (hydrated && !token) {
    return (
      <div className="surface settings-card">
        <h2>This link is incomplete</h2>
        <p>
          Open the link from the email again, or choose which emails you get in{' '}
          <a href={settings}>your settings</a>.
        </p>
      </div>
    );
  }
  const stop = () =>
    submit(
      async () => {
        await call(emailPreferencesApi.unsubscribe, { query: { token } });
        setDone(true);
      },
      { fallback: 'That did not work. Please try again in a moment.' },
    );
  return (
    <div className="surface settings-card">
      <h2>Weekly plan emails</h2>
      {done ? (
        <p role="status">
          Done: you will no longer get the weekly plans by email. They are still on your profile, and you can
          turn the emails on again in <a href={settings}>your settings</a>.
        </p>
      ) : (
        <>
          <p>
            Stop getting each child’s weekly reading plan by email? Receipts and messages about your account
            still come.
          </p>
          <FormAlert message={errors.form} />
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void stop()}
            aria-disabled={busy || !hydrated}
          >
            {busy ? 'Unsubscribing…' : 'Unsubscribe from the weekly plans'}
          </button>
        </>
      )}
    </div>
  );
}
