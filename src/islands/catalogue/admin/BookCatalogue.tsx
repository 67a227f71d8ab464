import type { AdminBook } from '~/features/catalogue/catalogue.schema';
import { AdminTable } from '~/islands/shared/admin/AdminTable';
import { SearchBox } from '~/islands/shared/admin/ListControls';
import { useAdminList } from '~/islands/shared/admin/useAdminList';
import { READING_LEVEL_LABELS } from '~/platform/domain';
import { BOOKS } from './BookFields';
import { addedOn } from './formParts';
import { AddRecord, FlashNote } from './RecordForms';
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

/** The book catalogue: searched, sorted and paged on the server, with the form to add a book. */
export function BookCatalogue() {
  const list = useAdminList<AdminBook>(BOOKS.api.list, { sort: 'title', dir: 'asc' });
  const { q } = list.params;
  return (
    <div className="catalogue">
      <FlashNote />
      <section aria-labelledby="books-heading">
        <h2 id="books-heading">Books in the catalogue</h2>
        <div className="admin-toolbar">
          <SearchBox label="Search the catalogue" placeholder="Title, author or ISBN" list={list} />
          <a className="btn btn-secondary btn-small" href="#add-book-heading">
            Add a book
          </a>
        </div>
        <AdminTable
          list={list}
          caption={(page) => `Books, page ${page}`}
          className="catalogue-table"
          columns={[
            { label: 'Cover' },
            { label: 'Title', sort: 'title' },
            { label: 'Author', sort: 'author' },
            { label: 'Ages' },
            { label: 'Level', sort: 'level' },
            { label: 'ISBN' },
            { label: 'Added', sort: 'createdAt', desc: true },
          ]}
          rowKey={(book) => book.id}
          row={(book) => (
            <>
              <td>
                <CoverThumb book={book} />
              </td>
              <td className="catalogue-title">
                <a href={BOOKS.editHref(book.id)}>{book.title}</a>
                {book.summary && <span className="hint">{excerpt(book.summary)}</span>}
              </td>
              <td>{book.author}</td>
              <td>{agesText(book.ageMin, book.ageMax)}</td>
              <td>{book.level ? READING_LEVEL_LABELS[book.level] : '—'}</td>
              <td className="catalogue-isbn">{book.isbn ?? '—'}</td>
              <td>
                <time dateTime={book.createdAt}>{addedOn(book.createdAt)}</time>
              </td>
            </>
          )}
          empty={
            q ? (
              <p>No book matches “{q}”. Try part of the title, the author’s surname or the ISBN.</p>
            ) : (
              <p>The catalogue is empty. Add the first book with the form below.</p>
            )
          }
          pager="Pages of books"
        />
      </section>
      <AddRecord
        kind={BOOKS}
        addedText={(book) => `“${book.title}” was added to the catalogue.`}
        editText="Add its cover or edit it"
        onAdded={list.reload}
      />
    </div>
  );
}
