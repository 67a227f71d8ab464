import { type ReactNode, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { FieldError, FormAlert } from '~/islands/shared/Field';
import { errorMessage } from '~/islands/shared/loadState';
import { type RecordOp, send } from './ops';

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * One file that belongs to a record (a book's cover, a passage's model reading): shows what is
 * there, uploads a new one as the raw body and removes it after a confirmation. The type and
 * size are checked here first so a wrong file is refused at once, and again by the API.
 */
export function MediaUpload<T extends object>({
  heading,
  intro,
  what,
  types,
  maxBytes,
  hint,
  current,
  preview,
  upload: uploadOp,
  remove: removeOp,
  recordId,
  onSaved,
}: {
  heading: string;
  intro: ReactNode;
  /** "cover", "model reading": used in labels and messages. */
  what: string;
  types: readonly string[];
  maxBytes: number;
  hint: string;
  current: string | null;
  preview: (url: string) => ReactNode;
  /** The operations that upload the file (as the raw body) and remove it; both answer the record. */
  upload: RecordOp<T>;
  remove: RecordOp<T>;
  /** The record the file belongs to. */
  recordId: string;
  onSaved: (record: T) => void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [confirming, setConfirming] = useState(false);

  const choose = (chosen: File | null) => {
    setNotice(undefined);
    setError(undefined);
    setFile(chosen);
    if (!chosen) return;
    if (!types.includes(chosen.type)) setError(`This kind of file cannot be used. ${hint}`);
    else if (chosen.size > maxBytes) setError(`This file is too large: at most ${megabytes(maxBytes)}.`);
  };

  const upload = async () => {
    if (!file) {
      setError(`Choose a file first.`);
      input.current?.focus();
      return;
    }
    if (error) return input.current?.focus();
    setBusy('upload');
    try {
      onSaved(await send(uploadOp, { params: { id: recordId }, file }));
      setNotice(current ? `The ${what} was replaced.` : `The ${what} was saved.`);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (e) {
      setError(errorMessage(e, `The ${what} could not be uploaded. Try again.`));
      input.current?.focus();
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setBusy('remove');
    try {
      onSaved(await send(removeOp, { params: { id: recordId } }));
      setConfirming(false);
      setNotice(`The ${what} was removed.`);
    } catch (e) {
      setConfirming(false);
      setError(errorMessage(e, `The ${what} could not be removed. Try again.`));
    } finally {
      setBusy(null);
    }
  };

  const label = current ? `Choose a new ${what}` : `Choose a ${what}`;
  return (
    <section className="admin-panel" aria-labelledby={`${inputId}-heading`}>
      <h2 id={`${inputId}-heading`}>{heading}</h2>
      {intro}
      <div className="catalogue-media">
        <div className="catalogue-media-current">
          {current ? preview(current) : <p className="hint">No {what} yet.</p>}
        </div>
        <div className="catalogue-media-form">
          <div className="field">
            <label htmlFor={inputId}>{label}</label>
            <input
              ref={input}
              id={inputId}
              className="input"
              type="file"
              accept={types.join(',')}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
              onChange={(e) => choose(e.target.files?.[0] ?? null)}
            />
            <p id={`${inputId}-hint`} className="hint">
              {hint} At most {megabytes(maxBytes)}.
            </p>
            <FieldError id={inputId} error={error} />
          </div>
          <div className="catalogue-actions">
            <button type="button" className="btn btn-primary" onClick={upload} disabled={busy !== null}>
              {busy === 'upload' ? 'Uploading…' : `Upload ${what}`}
            </button>
            {current && (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => setConfirming(true)}
                disabled={busy !== null}
              >
                Remove {what}
              </button>
            )}
          </div>
          <FormAlert tone="success" message={notice} />
        </div>
      </div>
      {confirming && (
        <ConfirmDialog
          title={`Remove the ${what}?`}
          confirmLabel={`Remove ${what}`}
          danger
          busy={busy === 'remove'}
          onConfirm={remove}
          onCancel={() => setConfirming(false)}
        >
          <p>The file is deleted. You can upload another one at any time.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}
