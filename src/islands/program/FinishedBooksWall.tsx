import { useEffect, useState } from 'react';
import type { WallDto } from '~/features/program/program.schema';
import { failedLoad } from '~/islands/shared/loadState';
import { RefreshingNote } from '~/islands/shared/Spinner';
import { type ShownRecord, useAskingAs, useLastCopy } from '~/islands/shared/useLastCopy';
import { call } from '~/platform/client/api';
import { isUuid } from '~/platform/ids';
import { pagePath } from '~/platform/routes';
import { BookCover } from './BookCover';
import { NotReady } from './NotReady';
import { longDate } from './planDates';
import { programContracts } from './programContracts';
import './Program.css';
import { CopyGuard } from '~/islands/shared/CopyGuard';

const starsText = (n: number) => `${n} star${n === 1 ? '' : 's'}`;

/**
 * A child's finished-books wall: the cover of every different book in their reading log, newest
 * first, and the milestones they reached as badges on a shelf. Printable from its own page.
 */
export function FinishedBooksWall({ childId }: { childId: string }) {
  return (
    <CopyGuard>
      <WallShown childId={childId} />
    </CopyGuard>
  );
}

/** FinishedBooksWall itself, drawn inside its guard. */
function WallShown({ childId }: { childId: string }) {
  const state = useWall(childId);

  if (state.status !== 'ready')
    return (
      <NotReady state={state} loading="Loading the wall…" missing="There is no such child in your family." />
    );

  const wall = state.record;
  const count = wall.books.length;
  const refreshing = 'refreshing' in state;
  return (
    <section className="wall" aria-labelledby="wall-title" aria-busy={refreshing}>
      <RefreshingNote show={refreshing} />
      <header className="plan-heading">
        <div>
          <h2 id="wall-title">{wall.childName}’s finished books</h2>
          <p className="plan-dates">
            {count === 0
              ? 'No book finished yet: tick “Finished it” in the reading log on the day the last page is read.'
              : `${count} book${count === 1 ? '' : 's'} finished so far. Well read, ${wall.childName}!`}
          </p>
        </div>
        <p className="plan-links no-print">
          <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
            Print the wall
          </button>
          <a href={pagePath('/book-history/{id}', wall.childId)}>Open the reading log</a>
        </p>
      </header>

      <WallBadges wall={wall} />
      <WallBooks wall={wall} />
    </section>
  );
}

/**
 * The child's wall as the server has it, asked for as soon as the session is restored; the last
 * visit's copy meanwhile (decision 35).
 */
function useWall(childId: string) {
  const askingAs = useAskingAs();
  const [state, setState] = useState<ShownRecord<WallDto>>({ status: 'loading' });
  const keep = useLastCopy(isUuid(childId) ? `wall:${childId}` : null, setState);

  useEffect(() => {
    if (!askingAs) return;
    if (!isUuid(childId)) {
      setState({ status: 'missing' });
      return;
    }
    let stale = false;
    programContracts()
      .then((api) => call(api.wall, { params: { id: childId } }))
      .then((record) => {
        if (stale) return;
        setState({ status: 'ready', record });
        keep(record);
      })
      .catch((error) => {
        if (stale) return;
        const failure = failedLoad(error, 'The wall could not be loaded. Try again in a moment.');
        setState((s) =>
          s.status === 'ready' && failure.status === 'failed'
            ? { status: 'ready', record: s.record }
            : failure,
        );
      });
    return () => {
      stale = true;
    };
  }, [askingAs, childId, keep]);
  return state;
}

/** The milestones reached, as badges on a shelf. */
function WallBadges({ wall }: { wall: WallDto }) {
  return (
    <>
      <h3 className="plan-subtitle">Badges</h3>
      {wall.milestones.length === 0 ? (
        <p className="plan-hint">
          Badges arrive with milestones: 3, 7, 14 and 30 days in a row, and 10, 25, 50 and 100 different
          books.
        </p>
      ) : (
        <ul className="wall-badges" aria-label="Milestones reached">
          {wall.milestones.map((m) => (
            <li key={m.milestone} className={`wall-badge wall-badge-${m.kind}`}>
              <span className="wall-badge-figure" aria-hidden="true">
                {m.milestone.split('-')[1]}
              </span>
              <span>{m.title}</span>
              <span className="wall-badge-date">{longDate(m.reachedAt.slice(0, 10))}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Every different book finished, newest first, with its cover, date and stars. */
function WallBooks({ wall }: { wall: WallDto }) {
  const count = wall.books.length;
  return (
    <>
      <h3 className="plan-subtitle">Books</h3>
      {count === 0 ? (
        <p className="plan-empty">
          Every book {wall.childName} logs lands here with its cover.{' '}
          <a href={pagePath('/book-history/{id}', wall.childId)}>Log a book</a>
        </p>
      ) : (
        <ul className="wall-books" aria-label="Finished books">
          {wall.books.map((book) => (
            <li key={`${book.bookId}-${book.title}`} className="wall-book">
              <BookCover title={book.title} author={book.author} coverUrl={book.coverUrl} />
              <span className="wall-book-title">{book.title}</span>
              {book.author && <span className="wall-book-author">{book.author}</span>}
              <span className="wall-book-date">
                Finished {longDate(book.finishedOn)}
                {book.rating ? ` · ${starsText(book.rating)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
