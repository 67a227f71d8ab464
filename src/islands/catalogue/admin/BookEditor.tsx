import { navigate } from 'astro:transitions/client';
import { useState } from 'react';
import {
  type AdminBook,
  type AdminBookDetail,
  bookPatchSchema,
  COVER_TYPES,
  MAX_COVER_BYTES,
} from '~/features/catalogue/catalogue.schema';
import { adminFetch } from '~/islands/shared/admin/adminApi';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { FormAlert } from '~/islands/shared/Field';
import { ApiClientError } from '~/platform/client/api';
import { BookFields, bookPayload, draftOfBook } from './BookFields';
import { flash, useCatalogueForm } from './formParts';
import { MediaUpload } from './MediaUpload';
import { RecordStates } from './RecordStates';
import { useRecord } from './useRecord';
import '~/islands/shared/admin/admin.css';
import './catalogue.css';
import { isUuid } from '~/platform/ids';

const CATALOGUE = '/admin/allBooks';
const entries = (n: number) => (n === 1 ? '1 reading-log entry' : `${n} reading-log entries`);

function DetailsForm({ book, onSaved }: { book: AdminBookDetail; onSaved: (b: AdminBookDetail) => void }) {
  const f = useCatalogueForm({
    initial: draftOfBook(book),
    schema: bookPatchSchema,
    toPayload: bookPayload,
    send: async (payload, form) => {
      const saved = await adminFetch<AdminBookDetail>(`/api/admin/books/${book.id}`, {
        method: 'PATCH',
        body: payload,
      });
      form.setDraft(draftOfBook(saved));
      onSaved(saved);
      return 'Your changes were saved.';
    },
  });
  return (
    <section className="admin-panel" aria-labelledby="book-details-heading">
      <h2 id="book-details-heading">Details</h2>
      <form ref={f.form} className="admin-form" noValidate onSubmit={f.submit}>
        <FormAlert message={f.alert} />
        <BookFields idPrefix="book" draft={f.draft} set={f.set} errors={f.errors} />
        <div className="catalogue-actions">
          <button type="submit" className="btn btn-primary" disabled={f.saving}>
            {f.saving ? 'Saving…' : 'Save changes'}
          </button>
        </div>
        <FormAlert tone="success" message={f.done} />
      </form>
    </section>
  );
}

function DeleteBook({ book }: { book: AdminBookDetail }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const remove = async () => {
    setBusy(true);
    try {
      const result = await adminFetch<{ readingLogs: number }>(`/api/admin/books/${book.id}`, {
        method: 'DELETE',
      });
      flash.leave(
        `“${book.title}” was deleted.${result.readingLogs > 0 ? ` ${entries(result.readingLogs)} keep its title and author.` : ''}`,
      );
      await navigate(CATALOGUE);
    } catch (e) {
      setBusy(false);
      setConfirming(false);
      setError(e instanceof ApiClientError ? e.message : 'The book could not be deleted. Try again.');
    }
  };
  return (
    <section className="admin-panel catalogue-danger" aria-labelledby="delete-book-heading">
      <h2 id="delete-book-heading">Delete this book</h2>
      <p>
        {book.readingLogCount === 0
          ? 'No reading-log entry names this book.'
          : `${entries(book.readingLogCount)} name this book. They keep its title and author; only their link to the catalogue goes.`}
      </p>
      <FormAlert message={error} />
      <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
        Delete book
      </button>
      {confirming && (
        <ConfirmDialog
          title={`Delete “${book.title}”?`}
          confirmLabel="Delete book"
          danger
          busy={busy}
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        >
          <p>
            The book and its cover leave the catalogue for good.{' '}
            {book.readingLogCount === 0
              ? 'No reading-log entry refers to it.'
              : `${entries(book.readingLogCount)} refer to it: they keep the title and author children logged.`}
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** /updateBooks/{id}: a book's details, its cover, and deleting it. */
export function BookEditor({ bookId }: { bookId: string }) {
  const { state, reload, replace } = useRecord<AdminBookDetail>(
    isUuid(bookId) ? `/api/admin/books/${bookId}` : null,
  );
  if (state.status !== 'ready') {
    return (
      <RecordStates
        state={state}
        what="book"
        backHref={CATALOGUE}
        backLabel="Back to the catalogue"
        onRetry={reload}
      />
    );
  }
  const book = state.record;
  return (
    <div className="catalogue">
      <p className="catalogue-back">
        <a href={CATALOGUE}>← All books</a>
      </p>
      <h2 className="catalogue-record-title">{book.title}</h2>
      <DetailsForm key={book.id} book={book} onSaved={replace} />
      <MediaUpload<AdminBook>
        heading="Cover"
        intro={<p>Shown in the catalogue. It is resized for the web and saved as WebP.</p>}
        what="cover"
        types={COVER_TYPES}
        maxBytes={MAX_COVER_BYTES}
        hint="A JPEG, PNG, WebP or GIF picture."
        current={book.coverUrl}
        preview={(url) => <img className="catalogue-cover-large" src={url} alt={`Cover of ${book.title}`} />}
        path={`/api/admin/books/${book.id}/cover`}
        onSaved={(saved) => replace({ ...book, coverUrl: saved.coverUrl, updatedAt: saved.updatedAt })}
      />
      <DeleteBook book={book} />
    </div>
  );
}
