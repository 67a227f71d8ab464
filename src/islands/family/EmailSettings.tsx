import { useEffect, useState } from 'react';
import { emailPreferencesApi } from '~/features/family/emailPreferences.api';
import { CheckboxField, FormAlert } from '~/islands/shared/Field';
import { errorMessage } from '~/islands/shared/loadState';
import { WaitLine } from '~/islands/shared/Spinner';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';

/** The optional emails: the weekly plans, off until the parent turns them on. */
export function EmailSettings() {
  const [weekly, setWeekly] = useState<boolean | null>(null);
  const [loadError, setLoadError] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const { submit, busy, errors } = useSubmit();
  useEffect(() => {
    call(emailPreferencesApi.get, {})
      .then((p) => setWeekly(p.weeklyPlans))
      .catch((e: unknown) => setLoadError(errorMessage(e, 'Your email choices could not be loaded.')));
  }, []);
  const choose = (weeklyPlans: boolean) =>
    submit(
      async () => {
        setSaved(undefined);
        const kept = await call(emailPreferencesApi.set, { body: { weeklyPlans } });
        setWeekly(kept.weeklyPlans);
        setSaved(
          kept.weeklyPlans ? 'You will get each new weekly plan by email.' : 'No more weekly plans by email.',
        );
      },
      { fallback: 'Your choice could not be saved. Please try again.' },
    );
  return (
    <section id="email" className="surface settings-card" aria-labelledby="settings-email">
      <h2 id="settings-email">Email</h2>
      <p className="settings-note">
        Receipts, renewals, interview confirmations and replies from our team always come: they are about your
        account. The weekly plans come only if you ask for them, and every one of them can stop them in one
        click.
      </p>
      {loadError && <FormAlert message={loadError} />}
      {weekly === null && !loadError && <WaitLine>Loading your choices…</WaitLine>}
      {weekly !== null && (
        <>
          <CheckboxField
            id="email-weekly-plans"
            label="Email me each child’s weekly plan when it is ready: the books, why we chose them, and the sessions"
            checked={weekly}
            onChecked={(checked) => {
              if (!busy) void choose(checked);
            }}
          />
          <FormAlert message={errors.form ?? saved} tone={errors.form ? 'error' : 'success'} />
        </>
      )}
    </section>
  );
}
