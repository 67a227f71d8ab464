import { useState } from 'react';
import { type EmailList, emailPreferencesApi } from '~/features/family/emailPreferences.api';
import { FormAlert } from '~/islands/shared/Field';
import { useHydrated } from '~/islands/shared/useHydrated';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';
import { pagePath } from '~/platform/routes';

/** What each list's page says: its name, the question, what is done, and the button. */
const LISTS: Record<EmailList, { title: string; ask: string; done: string; button: string }> = {
  'weekly-plans': {
    title: 'Weekly plan emails',
    ask: 'Stop getting each child’s weekly reading plan by email?',
    done: 'Done: you will no longer get the weekly plans by email. They are still on your profile',
    button: 'Unsubscribe from the weekly plans',
  },
  guide: {
    title: 'Reading guide emails',
    ask: 'Stop getting your reading guide’s running records and weekly notes by email?',
    done: 'Done: you will no longer get the reading guide’s scores and notes by email. They are still on the practice page and the weekly plans',
    button: 'Unsubscribe from the reading guide’s messages',
  },
};

/** The list the link names (the weekly plans when it names none, as the first links did). */
const listOf = (value: string | null): EmailList => (value === 'guide' ? 'guide' : 'weekly-plans');

/** Stops one list of optional emails for the address the link was sent to: one button, no sign-in. */
export function Unsubscribe() {
  const hydrated = useHydrated();
  const { submit, busy, errors } = useSubmit();
  const [done, setDone] = useState(false);
  const params = hydrated ? new URLSearchParams(window.location.search) : new URLSearchParams();
  const token = params.get('token') ?? '';
  const list = listOf(params.get('list'));
  const words = LISTS[list];
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
        await call(emailPreferencesApi.unsubscribe, { query: { token, list } });
        setDone(true);
      },
      { fallback: 'That did not work. Please try again in a moment.' },
    );
  return (
    <div className="surface settings-card">
      <h2>{words.title}</h2>
      {done ? (
        <p role="status">
          {words.done}, and you can turn the emails on again in <a href={settings}>your settings</a>.
        </p>
      ) : (
        <>
          <p>{words.ask} Receipts and messages about your account still come.</p>
          <FormAlert message={errors.form} />
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => void stop()}
            aria-disabled={busy || !hydrated}
          >
            {busy ? 'Unsubscribing…' : words.button}
          </button>
        </>
      )}
    </div>
  );
}
