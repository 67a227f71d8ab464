import type { FormEvent } from 'react';
import { useState } from 'react';
import { familyApi } from '~/features/family/family.api';
import { parentUpdateSchema } from '~/features/family/family.schema';
import { refreshUserData } from '~/features/family/family.store';
import { Field, FormAlert } from '~/islands/shared/Field';
import { useForm } from '~/islands/shared/useForm';
import { call } from '~/platform/client/api';
import { pagePath } from '~/platform/routes';
import { EmailConfirmation } from './EmailConfirmation';

/** The parent's name, saved; their email, and whether it is confirmed. */
export function ParentDetails({ name, email }: { name: string; email: string }) {
  const { values, field, errors, busy, check, submit } = useForm({ displayName: name }, 'parent');
  const [saved, setSaved] = useState('');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaved('');
    const data = check(parentUpdateSchema, values);
    if (!data) {
      document.getElementById('parent-name')?.focus();
      return;
    }
    await submit(
      async () => {
        await call(familyApi.updateMe, { body: data });
        await refreshUserData().catch(() => {});
        setSaved('Your details are saved.');
      },
      { fallback: 'Something went wrong. Please try again.', fieldOf: (fields) => fields },
    );
  };

  return (
    <section className="surface settings-card" aria-labelledby="settings-you">
      <h2 id="settings-you">Your details</h2>
      <form onSubmit={save} noValidate aria-label="Your details">
        <FormAlert message={errors.form} />
        <FormAlert message={saved} tone="success" />
        <Field {...field('displayName')} id="parent-name" label="Your name" autoComplete="name" />
        <p className="settings-note">
          Email: <strong>{email}</strong>. It is your sign-in; to change it, contact us from the{' '}
          <a href={pagePath('/contact-us')}>contact page</a>.
        </p>
        <button type="submit" className="btn btn-primary" aria-disabled={busy}>
          {busy ? 'Saving…' : 'Save your details'}
        </button>
      </form>
      <EmailConfirmation email={email} />
    </section>
  );
}
