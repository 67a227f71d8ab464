import { useEffect, useState } from 'react';
import { longDay, minutesText } from '~/features/reading/chart';
import type { ReadingChange, ReadingEntry } from '~/features/reading/reading.schema';
import { ConfirmButtons } from '~/islands/shared/ConfirmButtons';
import { useRowFocus } from '~/islands/shared/useRowFocus';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';
import { EntryForm } from './EntryForm';
import { readingContracts } from './readingContracts';
import { Stars } from './StarRating';

/** What a deletion confirms, in words: which book, how long, which day. */
const entryWords = (e: ReadingEntry) => `“${e.title}”, ${minutesText(e.minutes)} on ${longDay(e.readOn)}`;

interface EntryListProps {
  childId: string;
  entries: ReadingEntry[];
  onChanged: (change: ReadingChange) => void;
  onDeleted: (entry: ReadingEntry) => void;
}

/**
 * Which entry is being edited, which deletion is being asked about, and the deletion itself: sent
 * once however often it is pressed (`pending` names the entry), its failure said under that entry.
 */
function useEntryList({ childId, onDeleted }: EntryListProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [failedEntry, setFailedEntry] = useState<string | null>(null);
  const { submit, pending, errors, setErrors } = useSubmit();
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
    setFailedEntry(entry.id);
    await submit(
      async () => {
        await call((await readingContracts()).delete, { params: { id: childId, entryId: entry.id } });
        setConfirming(null);
        onDeleted(entry);
      },
      { what: entry.id, fallback: 'That did not work. Please try again.' },
    );
  };

  const edit = (id: string) => {
    setConfirming(null);
    setEditing(id);
  };
  const askToDelete = (id: string) => {
    setEditing(null);
    setErrors({});
    setConfirming(id);
  };
  const failure = (id: string) => (failedEntry === id ? errors.form : undefined);

  return {
    editing,
    setEditing,
    edit,
    confirming,
    askToDelete,
    setConfirming,
    remove,
    pending,
    failure,
    rows,
  };
}

type EntryListState = ReturnType<typeof useEntryList>;

/**
 * The child's entries, newest first. Edit opens the entry's own form in place; Delete asks
 * first, saying exactly what will go. Focus stays with the entry being worked on.
 */
export function EntryList(props: EntryListProps) {
  const list = useEntryList(props);
  return (
    <ol className="entries">
      {props.entries.map((e) => (
        <li key={e.id} className="item-row entry" ref={list.rows.ref(e.id)}>
          {list.editing === e.id ? (
            <EntryForm
              childId={props.childId}
              idPrefix={`edit-${e.id.slice(0, 8)}`}
              entry={e}
              onSaved={(change) => {
                list.setEditing(null);
                list.rows.returnTo(e.id);
                props.onChanged(change);
              }}
              onCancel={() => {
                list.setEditing(null);
                list.rows.returnTo(e.id);
              }}
            />
          ) : (
            <EntryRow entry={e} list={list} />
          )}
        </li>
      ))}
    </ol>
  );
}

/** One entry as read: what was read, then its buttons or the question before deleting it, then a failure. */
function EntryRow({ entry: e, list }: { entry: ReadingEntry; list: EntryListState }) {
  const failure = list.failure(e.id);
  return (
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
      {list.confirming === e.id ? (
        <DeleteQuestion entry={e} list={list} />
      ) : (
        <EntryActions entry={e} list={list} />
      )}
      {failure && (
        <p className="form-alert form-alert-error" role="alert">
          {failure}
        </p>
      )}
    </>
  );
}

/** The question asked before an entry is deleted, saying exactly what will go. */
function DeleteQuestion({ entry: e, list }: { entry: ReadingEntry; list: EntryListState }) {
  const deleting = list.pending === e.id;
  return (
    <div className="entry-confirm">
      <p tabIndex={-1}>Delete {entryWords(e)}? This cannot be undone.</p>
      <div className="entry-confirm-actions">
        <ConfirmButtons
          confirm={deleting ? 'Deleting…' : 'Yes, delete it'}
          keep="Keep it"
          busy={deleting}
          onConfirm={() => void list.remove(e)}
          onKeep={() => {
            list.setConfirming(null);
            list.rows.returnTo(e.id);
          }}
        />
      </div>
    </div>
  );
}

/** An entry's Edit and Delete buttons, each naming the entry for screen readers. */
function EntryActions({ entry: e, list }: { entry: ReadingEntry; list: EntryListState }) {
  return (
    <div className="entry-actions">
      <button type="button" className="btn btn-secondary btn-small" onClick={() => list.edit(e.id)}>
        Edit<span className="sr-only"> {entryWords(e)}</span>
      </button>
      <button type="button" className="btn btn-ghost btn-small" onClick={() => list.askToDelete(e.id)}>
        Delete<span className="sr-only"> {entryWords(e)}</span>
      </button>
    </div>
  );
}
