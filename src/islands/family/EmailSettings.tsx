import { useEffect, useState } from 'react';
import {
  type EmailChoices as EmailPreferences,
  emailPreferencesApi,
} from '~/features/family/emailPreferences.api';
import { CheckboxField, FormAlert } from '~/islands/shared/Field';
import { errorMessage } from '~/islands/shared/loadState';
import { WaitLine } from '~/islands/shared/Spinner';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';

type Choice = keyof EmailPreferences;

/** Each optional list: its box's label, and what saving it says. */
const LISTS: Record<Choice, { label: string; on: string; off: string }> = {
  weeklyPlans: {
    label:
      'Email me each child’s weekly plan when it is ready: the books, why we chose them, and the sessions',
    on: 'You will get each new weekly plan by email.',
    off: 'No more weekly plans by email.',
  },
  guideMessages: {
    label:
      'Email me our reading guide’s running records and weekly notes: the figures of each recording they hear, and what they write about the week',
    on: 'You will get the reading guide’s scores and notes by email.',
    off: 'No more reading guide’s scores and notes by email.',
  },
};

/** The optional emails: the weekly plans and the reading guide's messages, each off until turned on. */
export function EmailSettings() {
  const [chosen, setChosen] = useState<EmailPreferences | null>(null);
  const [loadError, setLoadError] = useState<string>();
  const [saved, setSaved] = useState<string>();
  const { submit, busy, errors } = useSubmit();
  useEffect(() => {
    call(emailPreferencesApi.get, {})
      .then(setChosen)
      .catch((e: unknown) => setLoadError(errorMessage(e, 'Your email choices could not be loaded.')));
  }, []);
  const choose = (choice: Choice, value: boolean) =>
    submit(
      async () => {
        setSaved(undefined);
        const kept = await call(emailPreferencesApi.set, { body: { [choice]: value } });
        setChosen(kept);
        setSaved(kept[choice] ? LISTS[choice].on : LISTS[choice].off);
      },
      { fallback: 'Your choice could not be saved. Please try again.', what: choice },
    );
  return (
    <section id="email" className="surface settings-card" aria-labelledby="settings-email">
      <h2 id="settings-email">Email</h2>
      <p className="settings-note">
        Receipts, renewals, interview confirmations and replies from our team always come: they are about your
        account. The weekly plans and the reading guide’s messages come only if you ask for them, and every
        one of them can stop them in one click.
      </p>
      {loadError && <FormAlert message={loadError} />}
      {chosen === null && !loadError && <WaitLine>Loading your choices…</WaitLine>}
      {chosen !== null && (
        <>
          {(Object.keys(LISTS) as Choice[]).map((choice) => (
            <CheckboxField
              key={choice}
              id={`email-${choice}`}
              label={LISTS[choice].label}
              checked={chosen[choice]}
              onChecked={(checked) => {
                if (!busy) void choose(choice, checked);
              }}
            />
          ))}
          <FormAlert message={errors.form ?? saved} tone={errors.form ? 'error' : 'success'} />
        </>
      )}
    </section>
  );
}
