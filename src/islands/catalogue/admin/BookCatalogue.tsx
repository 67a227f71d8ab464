import type { AdminBook } from '~/features/catalogue/catalogue.schema';
import { READING_LEVEL_LABELS } from '~/platform/domain';
import { formatTime } from '~/platform/time';
import { BOOKS } from './BookFields';
import { RecordList } from './RecordList';

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
  return (
    <RecordList
      kind={BOOKS}
      heading="Books in the catalogue"
      search={['Search the catalogue', 'Title, author or ISBN']}
      addLabel="Add a book"
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
      rowKey={(book: AdminBook) => book.id}
      row={(book: AdminBook) => (
        <>
          <td>
            <CoverThumb book={book} />
          </td>
          <td className="catalogue-title">
            <a href={BOOKS.editHref(book.id)}>{book.title}</a>
            {book.summary && <span className="hint">{excerpt(book.summary)}</span>}
            {book.topics.length > 0 && <span className="hint">Topics: {book.topics.join(', ')}</span>}
          </td>
          <td>{book.author}</td>
          <td>{agesText(book.ageMin, book.ageMax)}</td>
          <td>{book.level ? READING_LEVEL_LABELS[book.level] : '—'}</td>
          <td className="catalogue-isbn">{book.isbn ?? '—'}</td>
          <td>
            <time dateTime={book.createdAt}>{formatTime(book.createdAt, 'shortDate')}</time>
          </td>
        </>
      )}
      empty={(q) =>
        q ? (
          <p>No book matches “{q}”. Try part of the title, the author’s surname or the ISBN.</p>
        ) : (
          <p>The catalogue is empty. Add the first book with the form below.</p>
        )
      }
      pager="Pages of books"
      addedText={(book) => `“${book.title}” was added to the catalogue.`}
      editText="Add its cover or edit it"
    />
  );
}
