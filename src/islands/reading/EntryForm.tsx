import type { FormEvent } from 'react';
import type { CatalogueBook } from '~/features/catalogue/catalogue.schema';
import { MAX_MINUTES_PER_DAY } from '~/features/reading/reading';
import type { ReadingChange, ReadingEntry } from '~/features/reading/reading.schema';
import { call } from '~/platform/client/api';
import { localDay } from '~/platform/days';
import { Field, FormAlert } from '../shared/Field';
import { useForm } from '../shared/useForm';
import { type BookChoice, BookPicker } from './BookPicker';
import { readingContracts } from './readingContracts';
import { StarRating } from './StarRating';

/** What the form says when the page's code could not be loaded to check and send it. */
const UNREACHABLE = 'We could not reach Quill Reads. Check your connection and try again.';

/** A number field's text as the schema should see it: empty is absent, digits are a number. */
const numberOf = (text: string): number | string | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
};

const choiceOf = (entry: ReadingEntry | undefined, preset?: CatalogueBook): BookChoice =>
  !entry
    ? { source: 'catalogue', book: preset ?? null }
    : entry.bookId
      ? {
          source: 'catalogue',
          book: { id: entry.bookId, title: entry.title, author: entry.author ?? '', readingLevel: null },
        }
      : { source: 'own', title: entry.title, author: entry.author ?? '' };

interface EntryFormProps {
  childId: string;
  idPrefix: string;
  entry?: ReadingEntry;
  /** A catalogue book already chosen for a new entry (from a link); the server checks it. */
  preset?: CatalogueBook | undefined;
  onSaved: (change: ReadingChange) => void;
  onCancel?: () => void;
}

/** The entry's input as the API takes it: a catalogue book by id, or the family's own title and author. */
function bookInput(book: BookChoice, changing: boolean) {
  if (book.source === 'catalogue') return book.book ? { bookId: book.book.id } : {};
  return { ...(changing ? { bookId: null } : {}), title: book.title, author: book.author.trim() || null };
}

/**
 * The form's values and its sending: checked with the API's own schema, against the family's own
 * date; a new entry is created with one idempotency key for every try, and the form is emptied
 * for the next one.
 */
function useEntryForm({ childId, idPrefix, entry, preset, onSaved }: EntryFormProps) {
  const form = useForm(
    () => ({
      book: choiceOf(entry, preset),
      readOn: entry?.readOn ?? localDay(),
      minutes: entry ? String(entry.minutes) : '',
      pages: entry?.pages ? String(entry.pages) : '',
      rating: entry?.rating ?? null,
      finished: entry?.finished ?? false,
    }),
    idPrefix,
  );
  const { values, set, save } = form;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      ...bookInput(values.book, entry !== undefined),
      readOn: values.readOn,
      minutes: numberOf(values.minutes),
      pages: numberOf(values.pages) ?? null,
      rating: values.rating,
      finished: values.finished,
    };
    // The contracts and the form's schema usually came with the log's first load.
    void readingContracts().then(
      (api) =>
        save(
          api.entryInput(() => localDay()),
          input,
          async (data, idempotencyKey) => {
            const change = entry
              ? await call(api.update, { params: { id: childId, entryId: entry.id }, body: data })
              : await call(api.create, { params: { id: childId }, body: data, idempotencyKey });
            if (!entry)
              set({
                book: { source: 'catalogue', book: null },
                minutes: '',
                pages: '',
                rating: null,
                finished: false,
              });
            onSaved(change);
          },
          { fallback: 'Something went wrong. Please try again.' },
        ),
      () => form.setErrors({ form: UNREACHABLE }),
    );
  };

  return { ...form, submit };
}

/**
 * Adds an entry to a child's log, or changes one (`entry`). Checked in the browser with the
 * API's own schema, against the family's own date, before anything is sent.
 */
export function EntryForm(props: EntryFormProps) {
  const { idPrefix, entry, onCancel } = props;
  const { formRef, values, set, field, errors, busy, submit } = useEntryForm(props);

  /** A whole number of minutes or pages. */
  const count = (name: 'minutes' | 'pages', label: string, max: number) => (
    <Field {...field(name)} label={label} type="number" inputMode="numeric" min={1} max={max} step={1} />
  );

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={entry ? `Change ${entry.title}` : 'Add reading'}
      className="entry-form"
    >
      <FormAlert message={errors.form} />
      <BookPicker
        idPrefix={idPrefix}
        value={values.book}
        onChange={(next) => set({ book: next })}
        errors={errors}
      />
      <div className="field-pair">
        <Field {...field('readOn')} label="Day" type="date" min="2000-01-01" max={localDay()} />
        {count('minutes', 'Minutes read', MAX_MINUTES_PER_DAY)}
        {count('pages', 'Pages (optional)', 5000)}
      </div>
      <FinishedField
        idPrefix={idPrefix}
        finished={values.finished}
        onChange={(finished) => set({ finished })}
      />
      <StarRating
        name={`${idPrefix}-rating`}
        value={values.rating}
        onChange={(next) => set({ rating: next })}
        error={errors.rating}
      />
      <div className="actions entry-form-actions">
        <button type="submit" className="btn btn-primary" aria-disabled={busy}>
          {busy ? 'Saving…' : entry ? 'Save changes' : 'Add to the log'}
        </button>
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

/** "Finished it", with what ticking it does (and, once ticked, the question of stars). */
function FinishedField({
  idPrefix,
  finished,
  onChange,
}: {
  idPrefix: string;
  finished: boolean;
  onChange: (finished: boolean) => void;
}) {
  return (
    <div className="field entry-finished-field">
      <label className="choice entry-finished-choice">
        <input
          type="checkbox"
          checked={finished}
          onChange={(e) => onChange(e.currentTarget.checked)}
          aria-describedby={`${idPrefix}-finished-hint`}
        />
        <span>Finished it</span>
      </label>
      <p id={`${idPrefix}-finished-hint`} className="hint">
        Tick it on the day the last page is read: the book goes on the finished-books wall and is ticked off
        the week’s plan. {finished ? 'How many stars does it get?' : ''}
      </p>
    </div>
  );
}
