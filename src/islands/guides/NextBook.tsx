import { useId, useState } from 'react';
import type { CatalogueBook } from '~/features/catalogue/catalogue.schema';
import { guidesApi } from '~/features/guides/guides.api';
import { type GuideChildDetail, type GuideSwapDto, MAX_SWAP_REASON } from '~/features/guides/guides.schema';
import { useCatalogueSearch } from '~/islands/reading/BookPicker';
import { LongTextField } from '~/islands/shared/admin/LongTextField';
import { Field, FieldError, FormAlert } from '~/islands/shared/Field';
import { useSubmit } from '~/islands/shared/useSubmit';
import { call } from '~/platform/client/api';

/** The book that waits for the next plan, and the way to take it back. */
function Waiting({
  swap,
  childName,
  onCancel,
}: {
  swap: GuideSwapDto;
  childName: string;
  onCancel: () => void;
}) {
  const { submit, pending, errors } = useSubmit();
  return (
    <div>
      <p>
        <strong>{swap.book.title}</strong> by {swap.book.author} goes first in {childName}’s next weekly plan,
        with your reason: “{swap.reason}”
      </p>
      <FormAlert message={errors.form} />
      <button
        type="button"
        className="btn btn-secondary btn-small"
        aria-disabled={pending !== null}
        onClick={() =>
          void submit(async () => onCancel(), { fallback: 'It could not be taken back. Try again.' })
        }
      >
        {pending !== null ? 'Taking it back…' : 'Take it back'}
      </button>
    </div>
  );
}

/** The books the search found, to choose one. */
function BookSelect({
  id,
  results,
  value,
  error,
  onChoose,
}: {
  id: string;
  results: readonly CatalogueBook[] | null;
  value: string;
  error: string | undefined;
  onChoose: (bookId: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>Book</label>
      <select
        className="select"
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChoose(e.target.value)}
      >
        <option value="">{results === null ? 'Searching…' : `Choose one of ${results.length} books`}</option>
        {(results ?? []).map((b) => (
          <option key={b.id} value={b.id}>
            {b.title} — {b.author}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A search of the catalogue, a book chosen from its answer, and the reason for the family. */
function ChooseForm({
  childId,
  childName,
  onChosen,
}: {
  childId: string;
  childName: string;
  onChosen: (s: GuideSwapDto) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [bookId, setBookId] = useState('');
  const [reason, setReason] = useState('');
  const { results, searchError } = useCatalogueSearch(query, true);
  const { submit, pending, errors } = useSubmit();
  const save = async (key: string) =>
    onChosen(
      await call(guidesApi.swap, { params: { id: childId }, body: { bookId, reason }, idempotencyKey: key }),
    );
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit(save, { fallback: 'The book could not be saved. Try again.' });
      }}
    >
      <FormAlert message={errors.form} />
      <Field
        id={`${id}-q`}
        label="Find a book"
        hint="A title or an author"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        error={searchError ?? undefined}
      />
      <BookSelect
        id={`${id}-book`}
        results={results}
        value={bookId}
        error={errors.bookId}
        onChoose={setBookId}
      />
      <LongTextField
        id={`${id}-reason`}
        label="Why, for the family"
        hint={`${childName}’s family reads it beside the book in next week’s plan.`}
        value={reason}
        max={MAX_SWAP_REASON}
        error={errors.reason}
        onValue={setReason}
        rows={3}
      />
      <button type="submit" className="btn btn-primary btn-small" aria-disabled={pending !== null}>
        {pending !== null ? 'Saving…' : 'Put it in next week’s plan'}
      </button>
    </form>
  );
}

/**
 * A book the guide chooses for the child's next weekly plan: it goes first, in place of the
 * recommender's last pick, with the guide's reason; one waits at a time, and can be taken back.
 */
export function NextBook({ view }: { view: GuideChildDetail }) {
  const id = useId();
  const [swap, setSwap] = useState(view.swap);
  const [message, setMessage] = useState('');
  const name = view.child.name;
  const cancel = async () => {
    await call(guidesApi.cancelSwap, { params: { id: view.child.id } });
    setSwap(null);
    setMessage('Taken back: next week’s books are the recommender’s.');
  };
  return (
    <section className="admin-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>A book for next week</h2>
      {swap ? (
        <Waiting swap={swap} childName={name} onCancel={cancel} />
      ) : (
        <ChooseForm
          childId={view.child.id}
          childName={name}
          onChosen={(chosen) => {
            setSwap(chosen);
            setMessage(`Saved: it goes first in ${name}’s next plan.`);
          }}
        />
      )}
      <div role="status">{message && <p className="form-alert form-alert-success">{message}</p>}</div>
    </section>
  );
}
