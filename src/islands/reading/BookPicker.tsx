import { useEffect, useState } from 'react';
import { catalogueApi } from '~/features/catalogue/catalogue.api';
import type { CatalogueBook } from '~/features/catalogue/catalogue.schema';
import { BOOK_SEARCH_LIMIT } from '~/features/catalogue/catalogue.schema';
import { call } from '~/platform/client/api';
import { Field } from '../shared/Field';

export type BookChoice =
  | { source: 'catalogue'; book: CatalogueBook | null }
  | { source: 'own'; title: string; author: string };

const label = (b: CatalogueBook) => `${b.title} — ${b.author}`;

/**
 * The book of an entry: one from the catalogue, found by a search and chosen in a plain select,
 * or a title and author typed in when it is not there. A select, not a custom combobox: every
 * browser and screen reader already knows how to work one.
 */
export function BookPicker({
  idPrefix,
  value,
  onChange,
  errors,
}: {
  idPrefix: string;
  value: BookChoice;
  onChange: (value: BookChoice) => void;
  errors: Record<string, string | undefined>;
}) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<CatalogueBook[] | null>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const catalogue = value.source === 'catalogue';

  useEffect(() => {
    if (!catalogue) return;
    const controller = new AbortController();
    // Wait for a pause in typing; the answer is cached, so going back to a search is free.
    const timer = setTimeout(() => {
      call(catalogueApi.search, {
        query: { q: query.trim(), limit: BOOK_SEARCH_LIMIT },
        signal: controller.signal,
      })
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
  }, [query, catalogue]);

  const chosen = catalogue ? value.book : null;
  // The chosen book stays in the list whatever the search shows.
  const options =
    chosen && !results?.some((b) => b.id === chosen.id) ? [chosen, ...(results ?? [])] : (results ?? []);
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
        <div className="book-search">
          <Field
            id={id('search')}
            label="Search the catalogue"
            type="search"
            autoComplete="off"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            hint="Part of a title or an author’s name."
          />
          <div className="field">
            <label htmlFor={id('bookId')}>Book from the catalogue</label>
            <select
              id={id('bookId')}
              className="select"
              value={value.book?.id ?? ''}
              onChange={(e) =>
                onChange({ source: 'catalogue', book: options.find((b) => b.id === e.target.value) ?? null })
              }
              aria-invalid={errors.bookId || errors.title ? true : undefined}
              aria-describedby={`${id('bookId')}-status${errors.bookId || errors.title ? ` ${id('bookId')}-error` : ''}`}
            >
              <option value="">{results === null ? 'Loading the catalogue…' : 'Choose a book…'}</option>
              {options.map((b) => (
                <option key={b.id} value={b.id}>
                  {label(b)}
                </option>
              ))}
            </select>
            <p id={`${id('bookId')}-status`} className="hint" role="status">
              {searchError ??
                (results === null
                  ? ''
                  : results.length === 0
                    ? 'No book matches: try other words, or choose “Not in the catalogue”.'
                    : `${results.length} ${results.length === 1 ? 'book' : 'books'} to choose from.`)}
            </p>
            {(errors.bookId || errors.title) && (
              <p id={`${id('bookId')}-error`} className="error">
                {errors.bookId ?? errors.title}
              </p>
            )}
          </div>
        </div>
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
