import { useEffect, useState } from 'react';
import type { CatalogueBook } from '~/features/catalogue/catalogue.schema';
import { call } from '~/platform/client/api';
import { BOOK_SEARCH_LIMIT } from '~/platform/domain';
import { Field } from '../shared/Field';

export type BookChoice =
  | { source: 'catalogue'; book: CatalogueBook | null }
  | { source: 'own'; title: string; author: string };

const label = (b: CatalogueBook) => `${b.title} — ${b.author}`;

interface BookPickerProps {
  idPrefix: string;
  value: BookChoice;
  onChange: (value: BookChoice) => void;
  errors: Record<string, string | undefined>;
}

/** The catalogue's contracts, loaded with the first search: the log draws without them. */
const catalogueContracts = () => import('~/features/catalogue/catalogue.api').then((m) => m.catalogueApi);

/**
 * The catalogue's books matching `query` (null until the first answer), searched after a pause in
 * typing while the catalogue is the source; the answer is cached, so going back to a search is free.
 */
export function useCatalogueSearch(query: string, searching: boolean) {
  const [results, setResults] = useState<CatalogueBook[] | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);

  useEffect(() => {
    if (!searching) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      catalogueContracts()
        .then((api) =>
          call(api.search, {
            query: { q: query.trim(), limit: BOOK_SEARCH_LIMIT },
            signal: controller.signal,
          }),
        )
        .then((answer) => {
          setResults(answer.books);
          setSearchError(null);
        })
        .catch((error: unknown) => {
          if ((error as Error).name !== 'AbortError')
            setSearchError('The catalogue could not be searched just now.');
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, searching]);

  return { results, searchError };
}

/**
 * The book of an entry: one from the catalogue, found by a search and chosen in a plain select,
 * or a title and author typed in when it is not there. A select, not a custom combobox: every
 * browser and screen reader already knows how to work one.
 */
export function BookPicker(props: BookPickerProps) {
  const { idPrefix, value, onChange, errors } = props;
  const catalogue = value.source === 'catalogue';
  // The search stays as it was when the family goes to "Not in the catalogue" and back.
  const [query, setQuery] = useState('');
  const search = useCatalogueSearch(query, catalogue);
  const id = (name: string) => `${idPrefix}-${name}`;

  return (
    <fieldset className="field book-picker">
      <legend>Book</legend>
      <div className="chips">
        <label className="chip">
          <input
            type="radio"
            name={id('source')}
            checked={catalogue}
            onChange={() => onChange({ source: 'catalogue', book: null })}
          />
          From our catalogue
        </label>
        <label className="chip">
          <input
            type="radio"
            name={id('source')}
            checked={!catalogue}
            onChange={() => onChange({ source: 'own', title: '', author: '' })}
          />
          Not in the catalogue
        </label>
      </div>
      {value.source === 'catalogue' ? (
        <CatalogueBookField {...props} chosen={value.book} query={query} setQuery={setQuery} {...search} />
      ) : (
        <div className="field-pair">
          <Field
            id={id('title')}
            label="Title"
            autoComplete="off"
            value={value.title}
            onChange={(e) => onChange({ ...value, title: e.target.value })}
            error={errors.title}
          />
          <Field
            id={id('author')}
            label="Author (optional)"
            autoComplete="off"
            value={value.author}
            onChange={(e) => onChange({ ...value, author: e.target.value })}
            error={errors.author}
          />
        </div>
      )}
    </fieldset>
  );
}

/** What the search found, said under the select: a failure, nothing yet, no match, or how many. */
function searchStatus(results: CatalogueBook[] | null, searchError: string | null): string {
  if (searchError) return searchError;
  if (results === null) return '';
  if (results.length === 0) return 'No book matches: try other words, or choose “Not in the catalogue”.';
  return `${results.length} ${results.length === 1 ? 'book' : 'books'} to choose from.`;
}

interface CatalogueBookProps extends BookPickerProps, ReturnType<typeof useCatalogueSearch> {
  chosen: CatalogueBook | null;
  query: string;
  setQuery: (query: string) => void;
}

/** A book from the catalogue: a search, and a select of what it found (the chosen book always in it). */
function CatalogueBookField(props: CatalogueBookProps) {
  const { idPrefix, onChange, errors, chosen, query, setQuery, results, searchError } = props;
  const options =
    chosen && !results?.some((b) => b.id === chosen.id) ? [chosen, ...(results ?? [])] : (results ?? []);
  const selectId = `${idPrefix}-bookId`;
  const invalid = Boolean(errors.bookId || errors.title);

  return (
    <div className="book-search">
      <Field
        id={`${idPrefix}-search`}
        label="Search the catalogue"
        type="search"
        autoComplete="off"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        hint="Part of a title or an author’s name."
      />
      <div className="field">
        <label htmlFor={selectId}>Book from the catalogue</label>
        <select
          id={selectId}
          className="select"
          value={chosen?.id ?? ''}
          onChange={(e) =>
            onChange({ source: 'catalogue', book: options.find((b) => b.id === e.target.value) ?? null })
          }
          aria-invalid={invalid ? true : undefined}
          aria-describedby={`${selectId}-status${invalid ? ` ${selectId}-error` : ''}`}
        >
          <option value="">{results === null ? 'Loading the catalogue…' : 'Choose a book…'}</option>
          {options.map((b) => (
            <option key={b.id} value={b.id}>
              {label(b)}
            </option>
          ))}
        </select>
        <p id={`${selectId}-status`} className="hint" role="status">
          {searchStatus(results, searchError)}
        </p>
        {invalid && (
          <p id={`${selectId}-error`} className="error">
            {errors.bookId ?? errors.title}
          </p>
        )}
      </div>
    </div>
  );
}
