import { useEffect } from 'react';
import { type ChildDto, MAX_SCHOOL_GRADE } from '~/features/family/children.schema';
import { startAuth } from '~/features/family/family.store';
import { AGE_BANDS, READING_LEVEL_LABELS, READING_LEVELS } from '~/platform/domain';
import { describedBy, Field, FieldError, FormAlert, optionsOf, SelectField } from '../shared/Field';
import { useHydrated } from '../shared/useHydrated';
import { useChildForm } from './useChildForm';

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

/** The school grades offered, kindergarten to grade 8, after "not said". */
const GRADE_OPTIONS: (readonly [string, string])[] = [
  ['', 'Not said'],
  ['0', 'Kindergarten'],
  ...Array.from({ length: MAX_SCHOOL_GRADE }, (_, i) => [String(i + 1), `Grade ${i + 1}`] as const),
];

/** The child's age (a band, or the birth year) and, if the family says, their school grade. */
function AgeAndSchool({ field }: { field: ReturnType<typeof useChildForm>['field'] }) {
  return (
    <>
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
        {...field('schoolGrade')}
        label="School grade this year (optional)"
        options={GRADE_OPTIONS}
        hint="Only to set read-aloud scores against the figures for the grade; it moves up each August."
      />
    </>
  );
}

/** Adds a child to the family, or edits one, with only what their reading needs. */
export function ChildForm({ child, onSaved }: ChildFormProps = {}) {
  const { formRef, values, set, field, errors, busy, prefix, savedNote, submit } = useChildForm(
    child,
    onSaved,
  );
  const hydrated = useHydrated();

  useEffect(startAuth, []);

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={child ? `${child.name}’s profile` : 'Add a child'}
      className="child-form"
    >
      <FormAlert message={errors.form} />
      <FormAlert message={savedNote} tone="success" />
      <Field
        {...field('firstName')}
        label="First name or nickname"
        autoComplete="off"
        hint="Just a first name: we never ask for a surname."
      />
      <AgeAndSchool field={field} />
      <SelectField
        {...field('readingLevel')}
        label="Reading level"
        options={optionsOf('Choose…', READING_LEVELS, READING_LEVEL_LABELS)}
        hint="Not sure? Pick the one for their age: three quick questions on the reading plan tab, or a read-aloud, set it once the program starts."
      />
      <InterestsField
        id={`${prefix}-interests`}
        interests={values.interests}
        onChange={(interests) => set({ interests })}
        error={errors.interests}
      />
      <button type="submit" className="btn btn-primary" aria-disabled={busy} disabled={!hydrated}>
        {child ? (busy ? 'Saving…' : `Save ${child.name}’s profile`) : busy ? 'Adding…' : 'Add this child'}
      </button>
    </form>
  );
}

/** The child's interests: up to eight chips to tick. */
function InterestsField({
  id,
  interests,
  onChange,
  error,
}: {
  id: string;
  interests: string[];
  onChange: (interests: string[]) => void;
  error: string | undefined;
}) {
  const toggle = (interest: string) =>
    onChange(
      interests.includes(interest) ? interests.filter((i) => i !== interest) : [...interests, interest],
    );
  return (
    <fieldset className="field interests" aria-describedby={describedBy(id, undefined, error)}>
      <legend>Interests (up to 8)</legend>
      <div className="chips">
        {INTERESTS.map((interest) => (
          <label key={interest} className="chip">
            <input type="checkbox" checked={interests.includes(interest)} onChange={() => toggle(interest)} />
            <span>{interest}</span>
          </label>
        ))}
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
