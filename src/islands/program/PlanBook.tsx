import type { PlanBookDto } from '~/features/program/program.schema';
import { pagePath } from '~/platform/routes';
import { BookCover } from './BookCover';

/** The reading log with this book already chosen in its form. */
function logLinkOf(childId: string, book: PlanBookDto) {
  if (!book.bookId) return pagePath('/book-history/{id}', childId);
  return pagePath('/book-history/{id}', childId, {
    query: { book: book.bookId, title: book.title, author: book.author },
    hash: 'rlog-add',
  });
}

/** One of the week's books: finished or not, why it was chosen, and a library alternative. */
export function PlanBook({ book, childId, page }: { book: PlanBookDto; childId: string; page: boolean }) {
  return (
    <li className={`plan-book surface${book.done ? ' is-done' : ''}`}>
      <BookCover title={book.title} author={book.author} coverUrl={book.coverUrl} size="small" />
      <div className="plan-book-text">
        <h4>
          {book.title} <span className="plan-book-author">by {book.author}</span>
        </h4>
        <p className="plan-book-status">
          {book.done ? (
            <strong className="plan-done">✓ Finished: it is on the finished-books wall</strong>
          ) : (
            <>
              {book.started ? 'In progress: logged, not finished yet.' : 'Not logged yet.'}{' '}
              {!page && (
                <a className="no-print" href={logLinkOf(childId, book)}>
                  Log it<span className="sr-only"> ({book.title})</span> in the reading log
                </a>
              )}
            </>
          )}
        </p>
        {book.summary && <p>{book.summary}</p>}
        {book.reasons.length > 0 && (
          <p className="plan-book-why">
            <span>Why this book:</span> {book.reasons.join('; ')}.
          </p>
        )}
        {book.alternative && (
          <p className="plan-book-alt">
            Not at your library? Try <cite>{book.alternative.title}</cite> by {book.alternative.author}.
          </p>
        )}
      </div>
    </li>
  );
}
