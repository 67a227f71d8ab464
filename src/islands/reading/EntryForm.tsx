import { type FormEvent, useRef, useState } from 'react';
import { localDay } from '~/features/reading/reading';
import { type ReadingChange, type ReadingEntry, readingEntryInput } from '~/features/reading/reading.schema';
import { ApiClientError, apiFetch } from '~/platform/client/api';
import { currentIdToken } from '~/platform/identity/identity.client';
import { byField, Field, FormAlert, issuesByField, useFocusFirstInvalid } from '../shared/Field';
import { type BookChoice, BookPicker } from './BookPicker';
import { StarRating } from './StarRating';

type Errors = Record<string, string>;

/** A number field's text as the schema should see it: empty is absent, digits are a number. */
const numberOf = (text: string): number | string | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
};

const choiceOf = (entry: ReadingEntry | undefined): BookChoice =>
  !entry
    ? { source: 'catalogue', book: null }
    : entry.bookId
      ? {
          source: 'catalogue',
          book: { _id: entry.bookId, title: entry.title, author: entry.author ?? '', readingLevel: null },
        }
      : { source: 'own', title: entry.title, author: entry.author ?? '' };

/**
 * Adds an entry to a child's log, or changes one (`entry`). Checked in the browser with the
 * API's own schema, against the family's own date, before anything is sent.
 */
export function EntryForm({
  childId,
  idPrefix,
  entry,
  onSaved,
  onCancel,
}: {
  childId: string;
  idPrefix: string;
  entry?: ReadingEntry;
  onSaved: (change: ReadingChange) => void;
  onCancel?: () => void;
}) {
  const [book, setBook] = useState<BookChoice>(() => choiceOf(entry));
  const [readOn, setReadOn] = useState(entry?.readOn ?? localDay());
  const [minutes, setMinutes] = useState(entry ? String(entry.minutes) : '');
  const [pages, setPages] = useState(entry?.pages ? String(entry.pages) : '');
  const [rating, setRating] = useState<number | null>(entry?.rating ?? null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, errors);
  const id = (name: string) => `${idPrefix}-${name}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const input = {
      ...(book.source === 'catalogue'
        ? book.book
          ? { bookId: book.book._id }
          : {}
        : { ...(entry ? { bookId: null } : {}), title: book.title, author: book.author.trim() || null }),
      readOn,
      minutes: numberOf(minutes),
      pages: numberOf(pages) ?? null,
      rating,
    };
    const parsed = readingEntryInput(() => localDay()).safeParse(input);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const base = `/api/children/${childId}/reading`;
      const change = await apiFetch<ReadingChange>(entry ? `${base}/${entry._id}` : base, {
        method: entry ? 'PATCH' : 'POST',
        token: await currentIdToken(),
        body: parsed.data,
      });
      if (!entry) {
        setBook({ source: 'catalogue', book: null });
        setMinutes('');
        setPages('');
        setRating(null);
      }
      onSaved(change);
    } catch (error) {
      if (error instanceof ApiClientError) setErrors({ ...byField(error.fields), form: error.message });
      else setErrors({ form: 'Something went wrong. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-label={entry ? `Change ${entry.title}` : 'Add reading'}
      className="entry-form"
    >
      <FormAlert message={errors.form} />
      <BookPicker idPrefix={idPrefix} value={book} onChange={setBook} errors={errors} />
      <div className="field-pair">
        <Field
          id={id('readOn')}
          label="Day"
          type="date"
          min="2000-01-01"
          max={localDay()}
          value={readOn}
          onChange={(e) => setReadOn(e.target.value)}
          error={errors.readOn}
        />
        <Field
          id={id('minutes')}
          label="Minutes read"
          type="number"
          inputMode="numeric"
          min={1}
          max={1440}
          step={1}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          error={errors.minutes}
        />
        <Field
          id={id('pages')}
          label="Pages (optional)"
          type="number"
          inputMode="numeric"
          min={1}
          max={5000}
          step={1}
          value={pages}
          onChange={(e) => setPages(e.target.value)}
          error={errors.pages}
        />
      </div>
      <StarRating name={id('rating')} value={rating} onChange={setRating} error={errors.rating} />
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
