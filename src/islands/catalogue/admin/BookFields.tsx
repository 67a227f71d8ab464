import { catalogueApi } from '~/features/catalogue/catalogue.api';
import {
  type AdminBook,
  type AdminBookDetail,
  AGE_LIMITS,
  BOOK_SUMMARY_MAX,
  BOOK_TOPICS_MAX,
  type BookInput,
  bookInputSchema,
  bookPatchSchema,
  TOPIC_LENGTH,
  topicsFromText,
} from '~/features/catalogue/catalogue.schema';
import { Field, optionsOf, SelectField, TextAreaField } from '~/islands/shared/Field';
import type { Answer } from '~/platform/client/api';
import { READING_LEVEL_LABELS, READING_LEVELS } from '~/platform/domain';
import { pagePath } from '~/platform/routes';
import type { FieldsProps, RecordKind } from './RecordForms';

/** A book as the form holds it: every field as typed. */
export interface BookDraft extends Record<string, string> {
  title: string;
  author: string;
  isbn: string;
  ageMin: string;
  ageMax: string;
  level: string;
  summary: string;
  /** Comma-separated: "space, funny stories". */
  topics: string;
}

const ageOf = (value: string) => (value.trim() === '' ? null : Number(value));

const LEVEL_OPTIONS = optionsOf('Not set', READING_LEVELS, READING_LEVEL_LABELS);

/** The fields of a book, shared by the "Add a book" form and the edit page. */
function BookFields({ field }: FieldsProps<BookDraft>) {
  const age = (name: 'ageMin' | 'ageMax', label: string) => (
    <Field
      {...field(name)}
      label={label}
      type="number"
      inputMode="numeric"
      min={AGE_LIMITS.min}
      max={AGE_LIMITS.max}
      step={1}
    />
  );
  return (
    <>
      <div className="field-row">
        <Field {...field('title')} label="Title" maxLength={200} required />
        <Field {...field('author')} label="Author" maxLength={200} required />
      </div>
      <div className="field-row">
        <Field
          {...field('isbn')}
          label="ISBN (optional)"
          maxLength={40}
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          hint="ISBN-10 or ISBN-13, with or without hyphens. It is checked and kept as its ISBN-13."
        />
        <SelectField {...field('level')} label="Reading level" options={LEVEL_OPTIONS} />
      </div>
      <fieldset className="field catalogue-ages">
        <legend>Age range (optional, {`${AGE_LIMITS.min}–${AGE_LIMITS.max}`})</legend>
        <div className="field-row">
          {age('ageMin', 'Youngest age')}
          {age('ageMax', 'Oldest age')}
        </div>
      </fieldset>
      <Field
        {...field('topics')}
        label="Topics (optional)"
        maxLength={BOOK_TOPICS_MAX * (TOPIC_LENGTH.max + 2)}
        autoComplete="off"
        placeholder="space, animals, funny stories"
        hint={`Topics match children’s interests in weekly plans. Up to ${BOOK_TOPICS_MAX}, separated by commas; letters, spaces and hyphens, saved in lower case.`}
      />
      <TextAreaField
        {...field('summary')}
        label="Summary (optional)"
        rows={5}
        maxLength={BOOK_SUMMARY_MAX}
        hint={`What the book is about, for families choosing their next read. Up to ${BOOK_SUMMARY_MAX} characters.`}
      />
    </>
  );
}

/** The catalogue's books, for the forms and pages that add, change and delete one. */
export const BOOKS: RecordKind<
  BookDraft,
  AdminBookDetail,
  AdminBook,
  Answer<typeof catalogueApi.adminDeleteBook>
> = {
  what: 'book',
  api: {
    list: catalogueApi.adminListBooks,
    add: catalogueApi.adminCreateBook,
    get: catalogueApi.adminGetBook,
    update: catalogueApi.adminUpdateBook,
    remove: catalogueApi.adminDeleteBook,
  },
  listHref: pagePath('/admin/allBooks'),
  backLabel: 'Back to the catalogue',
  editHref: (id) => pagePath('/updateBooks/{id}', id),
  empty: { title: '', author: '', isbn: '', ageMin: '', ageMax: '', level: '', summary: '', topics: '' },
  draftOf: (book) => ({
    title: book.title,
    author: book.author,
    isbn: book.isbn ?? '',
    ageMin: book.ageMin === null ? '' : String(book.ageMin),
    ageMax: book.ageMax === null ? '' : String(book.ageMax),
    level: book.level ?? '',
    summary: book.summary,
    topics: book.topics.join(', '),
  }),
  toPayload: (d): BookInput => ({
    title: d.title,
    author: d.author,
    isbn: d.isbn.trim() === '' ? null : d.isbn,
    ageMin: ageOf(d.ageMin),
    ageMax: ageOf(d.ageMax),
    level: (d.level || null) as BookInput['level'],
    summary: d.summary,
    topics: topicsFromText(d.topics),
  }),
  addSchema: bookInputSchema,
  patchSchema: bookPatchSchema,
  Fields: BookFields,
};
