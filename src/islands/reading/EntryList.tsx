import { useEffect, useState } from 'react';
import { longDay, minutesText } from '~/features/reading/chart';
import { readingApi } from '~/features/reading/reading.api';
import type { ReadingChange, ReadingEntry } from '~/features/reading/reading.schema';
import { ConfirmButtons } from '~/islands/shared/ConfirmButtons';
import { errorMessage } from '~/islands/shared/loadState';
import { useRowFocus } from '~/islands/shared/useRowFocus';
import { call } from '~/platform/client/api';
import { EntryForm } from './EntryForm';
import { Stars } from './StarRating';

/** What a deletion confirms, in words: which book, how long, which day. */
const entryWords = (e: ReadingEntry) => `“${e.title}”, ${minutesText(e.minutes)} on ${longDay(e.readOn)}`;

/**
 * The child's entries, newest first. Edit opens the entry's own form in place; Delete asks
 * first, saying exactly what will go. Focus stays with the entry being worked on.
 */
export function EntryList({
  childId,
  entries,
  onChanged,
  onDeleted,
}: {
  childId: string;
  entries: ReadingEntry[];
  onChanged: (change: ReadingChange) => void;
  onDeleted: (entry: ReadingEntry) => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ id: string; text: string } | null>(null);
  const rows = useRowFocus<HTMLLIElement>('.entry-actions button');

  // The question gets focus (not the button that deletes: Enter twice must not lose an entry);
  // an edit form takes focus to its first control; closing either gives it back to the entry.
  useEffect(() => {
    if (confirming) rows.focusIn(confirming, '.entry-confirm p');
  }, [rows, confirming]);
  useEffect(() => {
    if (editing) rows.focusIn(editing, 'input, select');
  }, [rows, editing]);

  const remove = async (entry: ReadingEntry) => {
    setBusy(true);
    setError(null);
    try {
      await call(readingApi.delete, { params: { id: childId, entryId: entry.id } });
      setConfirming(null);
      onDeleted(entry);
    } catch (err) {
      setError({
        id: entry.id,
        text: errorMessage(err, 'That did not work. Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ol className="entries">
      {entries.map((e) => (
        <li key={e.id} className="item-row entry" ref={rows.ref(e.id)}>
          {editing === e.id ? (
            <EntryForm
              childId={childId}
              idPrefix={`edit-${e.id.slice(0, 8)}`}
              entry={e}
              onSaved={(change) => {
                setEditing(null);
                rows.returnTo(e.id);
                onChanged(change);
              }}
              onCancel={() => {
                setEditing(null);
                rows.returnTo(e.id);
              }}
            />
          ) : (
            <>
              <div className="entry-main">
                <p className="entry-title">{e.title}</p>
                <p className="entry-meta">
                  {e.author && <span>{e.author}</span>}
                  <span>{longDay(e.readOn)}</span>
                  <span>{minutesText(e.minutes)}</span>
                  {e.pages !== null && <span>{e.pages === 1 ? '1 page' : `${e.pages} pages`}</span>}
                  {e.rating !== null && <Stars rating={e.rating} />}
                  {e.finished && <span className="entry-finished">Finished</span>}
                </p>
              </div>
              {confirming === e.id ? (
                <div className="entry-confirm">
                  <p tabIndex={-1}>Delete {entryWords(e)}? This cannot be undone.</p>
                  <div className="entry-confirm-actions">
                    <ConfirmButtons
                      confirm={busy ? 'Deleting…' : 'Yes, delete it'}
                      keep="Keep it"
                      busy={busy}
                      onConfirm={() => void remove(e)}
                      onKeep={() => {
                        setConfirming(null);
                        rows.returnTo(e.id);
                      }}
                    />
                  </div>
                </div>
              ) : (
                <div className="entry-actions">
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    onClick={() => {
                      setConfirming(null);
                      setEditing(e.id);
                    }}
                  >
                    Edit<span className="sr-only"> {entryWords(e)}</span>
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    onClick={() => {
                      setEditing(null);
                      setError(null);
                      setConfirming(e.id);
                    }}
                  >
                    Delete<span className="sr-only"> {entryWords(e)}</span>
                  </button>
                </div>
              )}
              {error?.id === e.id && (
                <p className="form-alert form-alert-error" role="alert">
                  {error.text}
                </p>
              )}
            </>
          )}
        </li>
      ))}
    </ol>
  );
}
