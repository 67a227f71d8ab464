import { useEffect, useState } from 'react';
import { type AdminBook, bookInputSchema } from '~/features/catalogue/catalogue.schema';
import { adminFetch } from '~/islands/shared/admin/adminApi';
import { ListState, Pager, SearchBox, SortHeader } from '~/islands/shared/admin/ListControls';
import { useAdminList } from '~/islands/shared/admin/useAdminList';
import { FormAlert } from '~/islands/shared/Field';
import { READING_LEVEL_LABELS } from '~/platform/domain';
import { BookFields, bookPayload, EMPTY_BOOK } from './BookFields';
import { addedOn, flash, useCatalogueForm } from './formParts';
import '~/islands/shared/admin/admin.css';
import './catalogue.css';

export const agesText = (min: number | null, max: number | null) =>
  min !== null && max !== null
    ? `${min}–${max}`
    : min !== null
      ? `${min}+`
      : max !== null
        ? `up to ${max}`
        : '—';

const excerpt = (text: string) => (text.length > 90 ? `${text.slice(0, 88).trimEnd()}…` : text);

export function CoverThumb({ book }: { book: Pick<AdminBook, 'title' | 'coverUrl'> }) {
  return book.coverUrl ? (
    <img className="catalogue-cover" src={book.coverUrl} alt={`Cover of ${book.title}`} loading="lazy" />
  ) : (
    <span className="catalogue-cover catalogue-cover-none">No cover</span>
  );
}

function AddBook({ onAdded }: { onAdded: () => void }) {
  const [added, setAdded] = useState<AdminBook>();
  const f = useCatalogueForm({
    initial: EMPTY_BOOK,
    schema: bookInputSchema,
    toPayload: bookPayload,
    send: async (payload, form) => {
      const book = await adminFetch<AdminBook>('/api/admin/books', { method: 'POST', body: payload });
      form.setDraft(EMPTY_BOOK);
      setAdded(book);
      onAdded();
      return `“${book.title}” was added to the catalogue.`;
    },
  });
  return (
    <section className="admin-panel" aria-labelledby="add-book-heading">
      <h2 id="add-book-heading">Add a book</h2>
      <form ref={f.form} className="admin-form" noValidate onSubmit={f.submit}>
        <FormAlert message={f.alert} />
        <BookFields idPrefix="new-book" draft={f.draft} set={f.set} errors={f.errors} />
        <div className="catalogue-actions">
          <button type="submit" className="btn btn-primary" disabled={f.saving}>
            {f.saving ? 'Adding…' : 'Add the book'}
          </button>
        </div>
        <div role="status" className="form-alert-region">
          {f.done && added && (
            <p className="form-alert form-alert-success">
              {f.done} <a href={`/updateBooks/${added.id}`}>Add its cover or edit it</a>.
            </p>
          )}
        </div>
      </form>
    </section>
  );
}

/** The book catalogue: searched, sorted and paged on the server, with the form to add a book. */
export function BookCatalogue() {
  const [note, setNote] = useState<string>();
  useEffect(() => setNote(flash.take()), []);
  const list = useAdminList<AdminBook>('/api/admin/books', {
    q: '',
    sort: 'title',
    dir: 'asc',
    page: 1,
    filters: {},
  });
  const { params, setParams, data } = list;
  const onSort = (sort: string, dir: 'asc' | 'desc') => setParams({ sort, dir });
  return (
    <div className="catalogue">
      <div role="status" className="form-alert-region">
        {note && <p className="form-alert form-alert-success">{note}</p>}
      </div>
      <section aria-labelledby="books-heading">
        <h2 id="books-heading">Books in the catalogue</h2>
        <div className="admin-toolbar">
          <SearchBox
            id="book-search"
            label="Search the catalogue"
            value={params.q}
            placeholder="Title, author or ISBN"
            onChange={(q) => setParams({ q })}
          />
          <a className="btn btn-secondary btn-small" href="#add-book-heading">
            Add a book
          </a>
        </div>
        <ListState
          loading={list.loading}
          error={list.error}
          empty={data?.items.length === 0}
          onRetry={list.reload}
          emptyText={
            params.q ? (
              <p>No book matches “{params.q}”. Try part of the title, the author’s surname or the ISBN.</p>
            ) : (
              <p>The catalogue is empty. Add the first book with the form below.</p>
            )
          }
        >
          {data && (
            <div className="admin-table-wrap">
              <table className="admin-table catalogue-table">
                <caption className="sr-only">Books, page {data.page}</caption>
                <thead>
                  <tr>
                    <th scope="col">Cover</th>
                    <SortHeader label="Title" sortKey="title" params={params} onSort={onSort} />
                    <SortHeader label="Author" sortKey="author" params={params} onSort={onSort} />
                    <th scope="col">Ages</th>
                    <SortHeader label="Level" sortKey="level" params={params} onSort={onSort} />
                    <th scope="col">ISBN</th>
                    <SortHeader
                      label="Added"
                      sortKey="createdAt"
                      params={params}
                      onSort={onSort}
                      defaultDir="desc"
                    />
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((book) => (
                    <tr key={book.id}>
                      <td>
                        <CoverThumb book={book} />
                      </td>
                      <td className="catalogue-title">
                        <a href={`/updateBooks/${book.id}`}>{book.title}</a>
                        {book.summary && <span className="hint">{excerpt(book.summary)}</span>}
                      </td>
                      <td>{book.author}</td>
                      <td>{agesText(book.ageMin, book.ageMax)}</td>
                      <td>{book.level ? READING_LEVEL_LABELS[book.level] : '—'}</td>
                      <td className="catalogue-isbn">{book.isbn ?? '—'}</td>
                      <td>
                        <time dateTime={book.createdAt}>{addedOn(book.createdAt)}</time>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </ListState>
        {data && (
          <Pager
            label="Pages of books"
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(page) => setParams({ page })}
          />
        )}
      </section>
      <AddBook onAdded={list.reload} />
    </div>
  );
}
