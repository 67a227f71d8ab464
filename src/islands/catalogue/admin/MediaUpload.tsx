import { type ReactNode, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '~/islands/shared/ConfirmDialog';
import { FieldError, FormAlert } from '~/islands/shared/Field';
import { useSubmit } from '~/islands/shared/useSubmit';
import { type RecordOp, send } from './ops';

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

interface MediaUploadProps<T> {
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
}

/**
 * The file chosen, uploaded and removed: a file of the wrong kind or size is refused at once (the
 * API checks again); one action at a time, `pending` naming it. `errors.form` is what went wrong
 * with the file, beside its input (which takes focus), `notice` what was done.
 */
function useMedia<T extends object>(props: MediaUploadProps<T>) {
  const { what, types, maxBytes, hint, current, recordId, onSaved } = props;
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const { submit, pending, errors, setErrors } = useSubmit();
  const error = errors.form;

  const choose = (chosen: File | null) => {
    setNotice(undefined);
    setErrors({});
    setFile(chosen);
    if (!chosen) return;
    if (!types.includes(chosen.type)) setErrors({ form: `This kind of file cannot be used. ${hint}` });
    else if (chosen.size > maxBytes)
      setErrors({ form: `This file is too large: at most ${megabytes(maxBytes)}.` });
  };

  const upload = async () => {
    if (!file) {
      setErrors({ form: `Choose a file first.` });
      input.current?.focus();
      return;
    }
    if (error) return input.current?.focus();
    const uploaded = await submit(
      async () => {
        onSaved(await send(props.upload, { params: { id: recordId }, file }));
        setNotice(current ? `The ${what} was replaced.` : `The ${what} was saved.`);
        setFile(null);
        if (input.current) input.current.value = '';
      },
      { what: 'upload', fallback: `The ${what} could not be uploaded. Try again.`, fieldOf: () => ({}) },
    );
    if (!uploaded) input.current?.focus();
  };

  const remove = async () => {
    await submit(
      async () => {
        onSaved(await send(props.remove, { params: { id: recordId } }));
        setNotice(`The ${what} was removed.`);
      },
      { what: 'remove', fallback: `The ${what} could not be removed. Try again.`, fieldOf: () => ({}) },
    );
    setConfirming(false);
  };

  return { input, error, notice, pending, confirming, setConfirming, choose, upload, remove };
}

/**
 * One file that belongs to a record (a book's cover, a passage's model reading): shows what is
 * there, uploads a new one as the raw body and removes it after a confirmation. The type and
 * size are checked here first so a wrong file is refused at once, and again by the API.
 */
export function MediaUpload<T extends object>(props: MediaUploadProps<T>) {
  const { heading, intro, what, types, maxBytes, hint, current, preview } = props;
  const inputId = useId();
  const media = useMedia(props);
  const { error, pending } = media;
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
            <label htmlFor={inputId}>{current ? `Choose a new ${what}` : `Choose a ${what}`}</label>
            <input
              ref={media.input}
              id={inputId}
              className="input"
              type="file"
              accept={types.join(',')}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
              onChange={(e) => media.choose(e.target.files?.[0] ?? null)}
            />
            <p id={`${inputId}-hint`} className="hint">
              {hint} At most {megabytes(maxBytes)}.
            </p>
            <FieldError id={inputId} error={error} />
          </div>
          <MediaActions what={what} current={current} media={media} />
          <FormAlert tone="success" message={media.notice} />
        </div>
      </div>
      {media.confirming && (
        <ConfirmDialog
          title={`Remove the ${what}?`}
          confirmLabel={`Remove ${what}`}
          danger
          busy={pending === 'remove'}
          onConfirm={media.remove}
          onCancel={() => media.setConfirming(false)}
        >
          <p>The file is deleted. You can upload another one at any time.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** Upload the chosen file; remove the current one (after a confirmation). */
function MediaActions({
  what,
  current,
  media,
}: {
  what: string;
  current: string | null;
  media: ReturnType<typeof useMedia>;
}) {
  const { pending } = media;
  return (
    <div className="catalogue-actions">
      <button type="button" className="btn btn-primary" onClick={media.upload} disabled={pending !== null}>
        {pending === 'upload' ? 'Uploading…' : `Upload ${what}`}
      </button>
      {current && (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => media.setConfirming(true)}
          disabled={pending !== null}
        >
          Remove {what}
        </button>
      )}
    </div>
  );
}
