import { navigate } from 'astro:transitions/client';
import { type FormEvent, useEffect, useState } from 'react';
import { type ChildDto, childInputSchema } from '~/features/family/children.schema';
import { familyApi } from '~/features/family/family.api';
import { refreshUserData, startAuth } from '~/features/family/family.store';
import { call } from '~/platform/client/api';
import { AGE_BANDS, READING_LEVEL_LABELS, READING_LEVELS } from '~/platform/domain';
import { $userData, setActiveChild } from '~/platform/identity/session.store';
import { describedBy, Field, FieldError, FormAlert, optionsOf, SelectField } from '../shared/Field';
import { useForm } from '../shared/useForm';
import { useHydrated } from '../shared/useHydrated';

const INTERESTS = [
  'Animals',
  'Adventure',
  'Dinosaurs',
  'Space',
  'Mysteries',
  'Sports',
  'Fairy tales',
  'Science',
  'Funny stories',
  'History',
  'Poetry',
  'Art',
];

interface ChildFormProps {
  /** Editing this child; without it, the form adds a new one. */
  child?: ChildDto;
  /** Called after an edit is saved (adding a child goes to the profile instead). */
  onSaved?: (child: ChildDto) => void;
}

/** Adds a child to the family, or edits one, with only what their reading needs. */
export function ChildForm({ child, onSaved }: ChildFormProps = {}) {
  const prefix = child ? `child-${child._id.slice(0, 8)}` : 'child';
  const { formRef, values, set, field, errors, busy, save } = useForm(
    {
      firstName: child?.name ?? '',
      ageBand: child?.ageBand ?? '',
      birthYear: child?.birthYear ? String(child.birthYear) : '',
      readingLevel: child?.readingLevel ?? '',
      interests: child?.interests ?? [],
    },
    prefix,
  );
  const { firstName, ageBand, birthYear, readingLevel, interests } = values;
  // The "saved" note belongs to the values that were saved: any change makes it stale.
  const [saved, setSaved] = useState<{ text: string; values: string } | null>(null);
  const asSaved = JSON.stringify(values);
  const hydrated = useHydrated();

  useEffect(startAuth, []);

  const toggleInterest = (interest: string) =>
    set({
      interests: interests.includes(interest)
        ? interests.filter((i) => i !== interest)
        : [...interests, interest],
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      firstName,
      ...(ageBand ? { ageBand } : {}),
      ...(birthYear.trim()
        ? { birthYear: /^\d{4}$/.test(birthYear.trim()) ? Number(birthYear) : birthYear }
        : {}),
      ...(readingLevel ? { readingLevel } : {}),
      interests,
    };
    // `save` sends once however often the button is pressed, with one idempotency key for a new
    // child: a double-click, or a retry after a lost answer, adds the child once.
    void save(
      childInputSchema,
      input,
      async (data, idempotencyKey) => {
        if (child) {
          const updated = await call(familyApi.updateChild, { params: { id: child._id }, body: data });
          await refreshUserData().catch(() => {});
          onSaved?.(updated);
          setSaved({ text: `${updated.name}’s profile is saved.`, values: asSaved });
          return;
        }
        const added = await call(familyApi.createChild, { body: data, idempotencyKey });
        await refreshUserData().catch(() => {});
        const index = $userData.get()?.children.findIndex((c) => c._id === added._id) ?? -1;
        if (index >= 0) setActiveChild(index);
        // Awaited, so the button stays busy until the profile page is shown: a press meanwhile
        // would be a new submission, with a new key, and add the child a second time.
        await navigate('/profile');
      },
      { fallback: 'Something went wrong. Please try again.' },
    );
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={child ? `${child.name}’s profile` : 'Add a child'}
      className="child-form"
    >
      <FormAlert message={errors.form} />
      <FormAlert message={saved?.values === asSaved ? saved.text : undefined} tone="success" />
      <Field
        {...field('firstName')}
        label="First name or nickname"
        autoComplete="off"
        hint="Just a first name: we never ask for a surname."
      />
      <div className="field-pair">
        <SelectField
          {...field('ageBand')}
          label="Age band"
          options={optionsOf('Choose…', AGE_BANDS, (band) => `Ages ${band.replace('-', '–')}`)}
        />
        <Field
          {...field('birthYear')}
          label="or birth year (optional)"
          inputMode="numeric"
          autoComplete="off"
          placeholder="e.g. 2018"
        />
      </div>
      <SelectField
        {...field('readingLevel')}
        label="Reading level"
        options={optionsOf('Choose…', READING_LEVELS, READING_LEVEL_LABELS)}
        hint="Not sure? Pick the one for their age: three quick questions on the reading plan tab, or a read-aloud, set it once the program starts."
      />
      <fieldset
        className="field interests"
        aria-describedby={describedBy(`${prefix}-interests`, undefined, errors.interests)}
      >
        <legend>Interests (up to 8)</legend>
        <div className="chips">
          {INTERESTS.map((interest) => (
            <label key={interest} className="chip">
              <input
                type="checkbox"
                checked={interests.includes(interest)}
                onChange={() => toggleInterest(interest)}
              />
              <span>{interest}</span>
            </label>
          ))}
        </div>
        <FieldError id={`${prefix}-interests`} error={errors.interests} />
      </fieldset>
      <button type="submit" className="btn btn-primary" aria-disabled={busy} disabled={!hydrated}>
        {child ? (busy ? 'Saving…' : `Save ${child.name}’s profile`) : busy ? 'Adding…' : 'Add this child'}
      </button>
    </form>
  );
}
