import { navigate } from 'astro:transitions/client';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiClientError, apiFetch } from '~/lib/apiClient';
import { AGE_BANDS, READING_LEVEL_LABELS, READING_LEVELS } from '~/lib/domain';
import { type ChildDto, childInputSchema } from '~/lib/schemas/children';
import { currentIdToken, refreshUserData, startAuth } from '~/stores/auth';
import { $userData, setActiveChild } from '~/stores/session';
import { byField, Field, FormAlert, issuesByField, useFocusFirstInvalid } from '../shared/Field';
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

type Errors = Record<string, string>;

/** Adds a child to the family with only what their reading needs. */
export function ChildForm() {
  const [firstName, setFirstName] = useState('');
  const [ageBand, setAgeBand] = useState('');
  const [birthYear, setBirthYear] = useState('');
  const [readingLevel, setReadingLevel] = useState('');
  const [interests, setInterests] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors);

  useEffect(startAuth, []);

  const toggleInterest = (interest: string) =>
    setInterests((list) =>
      list.includes(interest) ? list.filter((i) => i !== interest) : [...list, interest],
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const input = {
      firstName,
      ...(ageBand ? { ageBand } : {}),
      ...(birthYear.trim()
        ? { birthYear: /^\d{4}$/.test(birthYear.trim()) ? Number(birthYear) : birthYear }
        : {}),
      ...(readingLevel ? { readingLevel } : {}),
      interests,
    };
    const parsed = childInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const child = await apiFetch<ChildDto>('/api/children', {
        method: 'POST',
        token: await currentIdToken(),
        body: parsed.data,
      });
      await refreshUserData().catch(() => {});
      const index = $userData.get()?.children.findIndex((c) => c._id === child._id) ?? -1;
      if (index >= 0) setActiveChild(index);
      void navigate('/profile');
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiClientError) setErrors({ ...byField(error.fields), form: error.message });
      else setErrors({ form: 'Something went wrong. Please try again.' });
    }
  };

  const errorId = (field: string) => (errors[field] ? `child-${field}-error` : undefined);

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Add a child" className="child-form">
      <FormAlert message={errors.form} />
      <Field
        id="child-firstName"
        label="First name or nickname"
        autoComplete="off"
        value={firstName}
        onChange={(e) => setFirstName(e.target.value)}
        error={errors.firstName}
        hint="Just a first name: we never ask for a surname."
      />
      <div className="field-pair">
        <div className="field">
          <label htmlFor="child-ageBand">Age band</label>
          <select
            id="child-ageBand"
            className="select"
            value={ageBand}
            onChange={(e) => setAgeBand(e.target.value)}
            aria-invalid={errors.ageBand ? true : undefined}
            aria-describedby={errorId('ageBand')}
          >
            <option value="">Choose…</option>
            {AGE_BANDS.map((band) => (
              <option key={band} value={band}>
                Ages {band.replace('-', '–')}
              </option>
            ))}
          </select>
          {errors.ageBand && (
            <p id="child-ageBand-error" className="error">
              {errors.ageBand}
            </p>
          )}
        </div>
        <Field
          id="child-birthYear"
          label="or birth year (optional)"
          inputMode="numeric"
          autoComplete="off"
          value={birthYear}
          onChange={(e) => setBirthYear(e.target.value)}
          error={errors.birthYear}
          placeholder="e.g. 2018"
        />
      </div>
      <div className="field">
        <label htmlFor="child-readingLevel">Reading level</label>
        <select
          id="child-readingLevel"
          className="select"
          value={readingLevel}
          onChange={(e) => setReadingLevel(e.target.value)}
          aria-invalid={errors.readingLevel ? true : undefined}
          aria-describedby={['child-readingLevel-hint', errorId('readingLevel')].filter(Boolean).join(' ')}
        >
          <option value="">Choose…</option>
          {READING_LEVELS.map((level) => (
            <option key={level} value={level}>
              {READING_LEVEL_LABELS[level]}
            </option>
          ))}
        </select>
        <p id="child-readingLevel-hint" className="hint">
          Not sure? Pick the one for their age; the introductory interview confirms it.
        </p>
        {errors.readingLevel && (
          <p id="child-readingLevel-error" className="error">
            {errors.readingLevel}
          </p>
        )}
      </div>
      <fieldset className="field interests" aria-describedby={errorId('interests')}>
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
        {errors.interests && (
          <p id="child-interests-error" className="error">
            {errors.interests}
          </p>
        )}
      </fieldset>
      <button type="submit" className="btn btn-primary" aria-disabled={busy} disabled={!hydrated}>
        {busy ? 'Adding…' : 'Add this child'}
      </button>
    </form>
  );
}
