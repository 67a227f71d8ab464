import {
  type AdminBook,
  AGE_LIMITS,
  BOOK_SUMMARY_MAX,
  type BookInput,
} from '~/features/catalogue/catalogue.schema';
import { Field } from '~/islands/shared/Field';
import { READING_LEVEL_LABELS, READING_LEVELS } from '~/platform/domain';
import { SelectField, TextAreaField } from './formParts';

/** A book as the form holds it: every field as typed. */
export interface BookDraft extends Record<string, string> {
  title: string;
  author: string;
  isbn: string;
  ageMin: string;
  ageMax: string;
  level: string;
  summary: string;
}

export const EMPTY_BOOK: BookDraft = {
  title: '',
  author: '',
  isbn: '',
  ageMin: '',
  ageMax: '',
  level: '',
  summary: '',
};

export const draftOfBook = (book: AdminBook): BookDraft => ({
  title: book.title,
  author: book.author,
  isbn: book.isbn ?? '',
  ageMin: book.ageMin === null ? '' : String(book.ageMin),
  ageMax: book.ageMax === null ? '' : String(book.ageMax),
  level: book.level ?? '',
  summary: book.summary,
});

const ageOf = (value: string) => (value.trim() === '' ? null : Number(value));

export const bookPayload = (d: BookDraft): BookInput => ({
  title: d.title,
  author: d.author,
  isbn: d.isbn.trim() === '' ? null : d.isbn,
  ageMin: ageOf(d.ageMin),
  ageMax: ageOf(d.ageMax),
  level: (d.level || null) as BookInput['level'],
  summary: d.summary,
});

const LEVEL_OPTIONS = [
  ['', 'Not set'],
  ...READING_LEVELS.map((level) => [level, READING_LEVEL_LABELS[level]] as const),
] as const;

/** The fields of a book, shared by the "Add a book" form and the edit page. */
export function BookFields({
  idPrefix,
  draft,
  set,
  errors,
}: {
  idPrefix: string;
  draft: BookDraft;
  set: (field: keyof BookDraft & string) => (value: string) => void;
  errors: Record<string, string>;
}) {
  const id = (field: string) => `${idPrefix}-${field}`;
  const age = (field: 'ageMin' | 'ageMax', label: string) => (
    <Field
      id={id(field)}
      label={label}
      type="number"
      inputMode="numeric"
      min={AGE_LIMITS.min}
      max={AGE_LIMITS.max}
      step={1}
      value={draft[field]}
      onChange={(e) => set(field)(e.target.value)}
      error={errors[field]}
    />
  );
  return (
    <>
      <div className="field-row">
        <Field
          id={id('title')}
          label="Title"
          value={draft.title}
          maxLength={200}
          required
          onChange={(e) => set('title')(e.target.value)}
          error={errors.title}
        />
        <Field
          id={id('author')}
          label="Author"
          value={draft.author}
          maxLength={200}
          required
          onChange={(e) => set('author')(e.target.value)}
          error={errors.author}
        />
      </div>
      <div className="field-row">
        <Field
          id={id('isbn')}
          label="ISBN (optional)"
          value={draft.isbn}
          maxLength={40}
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          hint="ISBN-10 or ISBN-13, with or without hyphens. It is checked and kept as its ISBN-13."
          onChange={(e) => set('isbn')(e.target.value)}
          error={errors.isbn}
        />
        <SelectField
          id={id('level')}
          label="Reading level"
          value={draft.level}
          onValue={set('level')}
          options={LEVEL_OPTIONS}
          error={errors.level}
        />
      </div>
      <fieldset className="field catalogue-ages">
        <legend>Age range (optional, {`${AGE_LIMITS.min}–${AGE_LIMITS.max}`})</legend>
        <div className="field-row">
          {age('ageMin', 'Youngest age')}
          {age('ageMax', 'Oldest age')}
        </div>
      </fieldset>
      <TextAreaField
        id={id('summary')}
        label="Summary (optional)"
        value={draft.summary}
        onValue={set('summary')}
        maxLength={BOOK_SUMMARY_MAX}
        hint={`What the book is about, for families choosing their next read. Up to ${BOOK_SUMMARY_MAX} characters.`}
        error={errors.summary}
      />
    </>
  );
}
