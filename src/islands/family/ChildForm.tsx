import { navigate } from 'astro:transitions/client';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type ChildDto, childInputSchema } from '~/features/family/children.schema';
import { refreshUserData, startAuth } from '~/features/family/family.store';
import { ApiClientError, apiFetch } from '~/platform/client/api';
import { AGE_BANDS, READING_LEVEL_LABELS, READING_LEVELS } from '~/platform/domain';
import { currentIdToken } from '~/platform/identity/identity.client';
import { $userData, setActiveChild } from '~/platform/identity/session.store';
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

interface ChildFormProps {
  /** Editing this child; without it, the form adds a new one. */
  child?: ChildDto;
  /** Called after an edit is saved (adding a child goes to the profile instead). */
  onSaved?: (child: ChildDto) => void;
}

/** Adds a child to the family, or edits one, with only what their reading needs. */
export function ChildForm({ child, onSaved }: ChildFormProps = {}) {
  const [firstName, setFirstName] = useState(child?.name ?? '');
  const [ageBand, setAgeBand] = useState<string>(child?.ageBand ?? '');
  const [birthYear, setBirthYear] = useState(child?.birthYear ? String(child.birthYear) : '');
  const [readingLevel, setReadingLevel] = useState<string>(child?.readingLevel ?? '');
  const [interests, setInterests] = useState<string[]>(child?.interests ?? []);
  // The "saved" note belongs to the values that were saved: any change makes it stale.
  const [saved, setSaved] = useState<{ text: string; values: string } | null>(null);
  const values = JSON.stringify([firstName, ageBand, birthYear, readingLevel, interests]);
  const prefix = child ? `child-${child._id.slice(0, 8)}` : 'child';
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
      if (child) {
        const updated = await apiFetch<ChildDto>(`/api/children/${child._id}`, {
          method: 'PATCH',
          token: await currentIdToken(),
          body: parsed.data,
        });
        await refreshUserData().catch(() => {});
        setBusy(false);
        onSaved?.(updated);
        setSaved({ text: `${updated.name}’s profile is saved.`, values });
        return;
      }
      const added = await apiFetch<ChildDto>('/api/children', {
        method: 'POST',
        token: await currentIdToken(),
        body: parsed.data,
      });
      await refreshUserData().catch(() => {});
      const index = $userData.get()?.children.findIndex((c) => c._id === added._id) ?? -1;
      if (index >= 0) setActiveChild(index);
      void navigate('/profile');
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiClientError) setErrors({ ...byField(error.fields), form: error.message });
      else setErrors({ form: 'Something went wrong. Please try again.' });
    }
  };

  const errorId = (field: string) => (errors[field] ? `${prefix}-${field}-error` : undefined);

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={child ? `${child.name}’s profile` : 'Add a child'}
      className="child-form"
    >
      <FormAlert message={errors.form} />
      <FormAlert message={saved?.values === values ? saved.text : undefined} tone="success" />
      <Field
        id={`${prefix}-firstName`}
        label="First name or nickname"
        autoComplete="off"
        value={firstName}
        onChange={(e) => setFirstName(e.target.value)}
        error={errors.firstName}
        hint="Just a first name: we never ask for a surname."
      />
      <div className="field-pair">
        <div className="field">
          <label htmlFor={`${prefix}-ageBand`}>Age band</label>
          <select
            id={`${prefix}-ageBand`}
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
            <p id={`${prefix}-ageBand-error`} className="error">
              {errors.ageBand}
            </p>
          )}
        </div>
        <Field
          id={`${prefix}-birthYear`}
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
        <label htmlFor={`${prefix}-readingLevel`}>Reading level</label>
        <select
          id={`${prefix}-readingLevel`}
          className="select"
          value={readingLevel}
          onChange={(e) => setReadingLevel(e.target.value)}
          aria-invalid={errors.readingLevel ? true : undefined}
          aria-describedby={[`${prefix}-readingLevel-hint`, errorId('readingLevel')]
            .filter(Boolean)
            .join(' ')}
        >
          <option value="">Choose…</option>
          {READING_LEVELS.map((level) => (
            <option key={level} value={level}>
              {READING_LEVEL_LABELS[level]}
            </option>
          ))}
        </select>
        <p id={`${prefix}-readingLevel-hint`} className="hint">
          Not sure? Pick the one for their age; the introductory interview confirms it.
        </p>
        {errors.readingLevel && (
          <p id={`${prefix}-readingLevel-error`} className="error">
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
          <p id={`${prefix}-interests-error`} className="error">
            {errors.interests}
          </p>
        )}
      </fieldset>
      <button type="submit" className="btn btn-primary" aria-disabled={busy} disabled={!hydrated}>
        {child ? (busy ? 'Saving…' : `Save ${child.name}’s profile`) : busy ? 'Adding…' : 'Add this child'}
      </button>
    </form>
  );
}
