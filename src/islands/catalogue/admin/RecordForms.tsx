import { navigate } from 'astro:transitions/client';
import { type ChangeEvent, type ReactNode, useEffect, useState } from 'react';
import type * as z from 'zod';
import { type RecordSource, recordOf, useRecord } from '~/islands/shared/admin/useRecord';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { FormAlert } from '~/islands/shared/Field';
import { useSubmit } from '~/islands/shared/useSubmit';
import type { AnyContract } from '~/platform/http/contract';
import { flash, useCatalogueForm } from './formParts';
import { type Op, type RecordOp, send } from './ops';
import { RecordStates } from './RecordStates';

/** What a kind's fields are given: each field's id, value, handler and error, and the whole draft. */
export interface FieldsProps<D> {
  field: (name: keyof D & string) => {
    id: string;
    value: string;
    error: string | undefined;
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  };
  draft: D;
}

/**
 * A kind of catalogue record (books, passages): its API, its form, and how a draft becomes a
 * payload. R is a record as read and saved, A one as added, X what deleting one answers.
 */
export interface RecordKind<D extends Record<string, string>, R, A = unknown, X = unknown> {
  /** "book", "passage": in ids, headings, buttons and messages. */
  what: string;
  /** The API's operations: a page of the list, adding one; reading, changing and removing one by id. */
  api: { list: AnyContract; add: Op<A>; get: RecordOp<R>; update: RecordOp<R>; remove: RecordOp<X> };
  /** The admin page that lists them, and the way back to it from a record that does not exist. */
  listHref: string;
  backLabel: string;
  editHref: (id: string) => string;
  empty: D;
  draftOf: (record: R) => D;
  toPayload: (draft: D) => unknown;
  addSchema: z.ZodType;
  patchSchema: z.ZodType;
  Fields: (props: FieldsProps<D>) => ReactNode;
}

/** Where a kind of record lives, as the pages that show or delete one need it. */
type Place = Pick<RecordKind<Record<string, string>, unknown>, 'what' | 'listHref' | 'backLabel'>;

/** A record's form in its panel: the fields, the save button, and what saving answered. */
function FormPanel<D extends Record<string, string>>({
  kind,
  headingId,
  heading,
  f,
  submit,
  done,
  children,
}: {
  kind: Pick<RecordKind<D, never>, 'Fields'>;
  headingId: string;
  heading: string;
  f: ReturnType<typeof useCatalogueForm<D, z.ZodType>>;
  /** The button's words, at rest and while saving. */
  submit: [string, string];
  done: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="admin-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      {children}
      <form ref={f.form} className="admin-form" noValidate onSubmit={f.submit}>
        <FormAlert message={f.alert} />
        <kind.Fields field={f.field} draft={f.draft} />
        <div className="catalogue-actions">
          <button type="submit" className="btn btn-primary" disabled={f.saving}>
            {f.saving ? submit[1] : submit[0]}
          </button>
        </div>
        <div role="status" className="form-alert-region">
          {done && <p className="form-alert form-alert-success">{done}</p>}
        </div>
      </form>
    </section>
  );
}

/** The form that adds a record under its list; once added, a link to its own page. */
export function AddRecord<D extends Record<string, string>, R, A extends { id: string }>({
  kind,
  addedText,
  editText,
  onAdded,
}: {
  kind: RecordKind<D, R, A>;
  /** What to say once it is added. */
  addedText: (added: A) => string;
  /** The words of the link to its page. */
  editText: string;
  onAdded: () => void;
}) {
  const [added, setAdded] = useState<A>();
  const f = useCatalogueForm({
    idPrefix: `new-${kind.what}`,
    initial: kind.empty,
    schema: kind.addSchema,
    toPayload: kind.toPayload,
    send: async (payload, form) => {
      const record = await send(kind.api.add, { body: payload, idempotencyKey: form.idempotencyKey });
      form.setDraft(kind.empty);
      setAdded(record);
      onAdded();
      return addedText(record);
    },
  });
  return (
    <FormPanel
      kind={kind}
      headingId={`add-${kind.what}-heading`}
      heading={`Add a ${kind.what}`}
      f={f}
      submit={[`Add the ${kind.what}`, 'Adding…']}
      done={
        f.done &&
        added && (
          <>
            {f.done} <a href={kind.editHref(added.id)}>{editText}</a>.
          </>
        )
      }
    />
  );
}

/** The edit page's form of a record's details. */
export function DetailsForm<D extends Record<string, string>, R extends { id: string }>({
  kind,
  record,
  heading,
  savedText,
  onSaved,
  children,
}: {
  kind: RecordKind<D, R>;
  record: R;
  heading: string;
  savedText: (saved: R) => string;
  onSaved: (saved: R) => void;
  /** Shown between the heading and the form. */
  children?: ReactNode;
}) {
  const f = useCatalogueForm({
    idPrefix: kind.what,
    initial: kind.draftOf(record),
    schema: kind.patchSchema,
    toPayload: kind.toPayload,
    send: async (payload, form) => {
      const saved = await send(kind.api.update, { params: { id: record.id }, body: payload });
      form.setDraft(kind.draftOf(saved));
      onSaved(saved);
      return savedText(saved);
    },
  });
  return (
    <FormPanel
      kind={kind}
      headingId={`${kind.what}-details-heading`}
      heading={heading}
      f={f}
      submit={['Save changes', 'Saving…']}
      done={f.done}
    >
      {children}
    </FormPanel>
  );
}

/** Deleting a record, after a confirmation; the list it goes back to says it is gone. */
export function DeleteRecord<X>({
  kind,
  record,
  about,
  warning,
  deletedText,
}: {
  kind: Place & { api: { remove: RecordOp<X> } };
  record: { id: string; title: string };
  /** What deleting it does, under the heading. */
  about: ReactNode;
  /** The same, in the confirmation. */
  warning: ReactNode;
  /** What the list says afterwards, given the API's answer. */
  deletedText: (result: X) => string;
}) {
  const [confirming, setConfirming] = useState(false);
  const { submit, busy, errors } = useSubmit();
  const remove = async () => {
    const deleted = await submit(
      async () => {
        flash.leave(deletedText(await send(kind.api.remove, { params: { id: record.id } })));
        await navigate(kind.listHref);
      },
      { fallback: `The ${kind.what} could not be deleted. Try again.` },
    );
    if (!deleted) setConfirming(false);
  };
  return (
    <section className="admin-panel catalogue-danger" aria-labelledby={`delete-${kind.what}-heading`}>
      <h2 id={`delete-${kind.what}-heading`}>Delete this {kind.what}</h2>
      <p>{about}</p>
      <FormAlert message={errors.form} />
      <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
        Delete {kind.what}
      </button>
      {confirming && (
        <ConfirmDialog
          title={`Delete “${record.title}”?`}
          confirmLabel={`Delete ${kind.what}`}
          danger
          busy={busy}
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        >
          <p>{warning}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** A record's edit page: its states until it is loaded, then the way back, its title and `children`. */
export function RecordPage<R extends { id: string; title: string }>({
  kind,
  id,
  children,
}: {
  kind: Place & { api: { get: RecordOp<R> } };
  id: string;
  children: (record: R, replace: (record: R) => void) => ReactNode;
}) {
  // The answer of the kind's `get`, whose contract says it is an R (the generic hides it from the checker).
  const { state, reload, replace } = useRecord(recordOf(kind.api.get, id) as RecordSource<R> | null);
  if (state.status !== 'ready') {
    return (
      <RecordStates
        state={state}
        what={kind.what}
        backHref={kind.listHref}
        backLabel={kind.backLabel}
        onRetry={reload}
      />
    );
  }
  const record = state.record;
  return (
    <div className="catalogue">
      <p className="catalogue-back">
        <a href={kind.listHref}>← All {kind.what}s</a>
      </p>
      <h2 className="catalogue-record-title">{record.title}</h2>
      {children(record, replace)}
    </div>
  );
}

/** The note a deletion left for the list page, shown once. */
export function FlashNote() {
  const [note, setNote] = useState<string>();
  useEffect(() => setNote(flash.take()), []);
  return (
    <div role="status" className="form-alert-region">
      {note && <p className="form-alert form-alert-success">{note}</p>}
    </div>
  );
}
