import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import type * as z from 'zod';
import { byField, issuesByField, useFocusFirstInvalid } from '~/islands/shared/Field';
import { ApiClientError } from '~/platform/client/api';

type Errors = Record<string, string>;

/** Hint and error ids for a control, read with it by screen readers. */
function describedBy(id: string, hint?: ReactNode, error?: string) {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function HintAndError({ id, hint, error }: { id: string; hint?: ReactNode; error?: string | undefined }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="error">
          {error}
        </p>
      )}
    </>
  );
}

export function SelectField({
  id,
  label,
  value,
  onValue,
  options,
  error,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: readonly (readonly [string, string])[];
  error?: string | undefined;
  hint?: string;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="select"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e) => onValue(e.target.value)}
      >
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}

export function TextAreaField({
  id,
  label,
  value,
  onValue,
  error,
  hint,
  rows = 5,
  maxLength,
}: {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  rows?: number;
  maxLength?: number;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="textarea"
        value={value}
        rows={rows}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(e) => onValue(e.target.value)}
      />
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * A catalogue form: a draft of strings, checked in the page with the API's own schema, then sent;
 * the API's field errors land beside their fields and focus moves to the first one.
 */
export function useCatalogueForm<D extends Record<string, string>, S extends z.ZodType>(options: {
  initial: D;
  schema: S;
  toPayload: (draft: D) => z.input<S>;
  /** Saves; answers the message to show. `setDraft` resets the form (after adding, say). */
  send: (payload: z.input<S>, form: { setDraft: (draft: D) => void }) => Promise<string>;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<D>(options.initial);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string>();
  const [done, setDone] = useState<string>();
  const [saving, setSaving] = useState(false);
  useFocusFirstInvalid(form, errors);

  const set = (field: keyof D & string) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setDone(undefined);
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setAlert(undefined);
    setDone(undefined);
    const payload = options.toPayload(draft);
    const parsed = options.schema.safeParse(payload);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      setAlert('Please correct the fields marked below.');
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      setDone(await options.send(payload, { setDraft }));
    } catch (error) {
      const err =
        error instanceof ApiClientError
          ? error
          : new ApiClientError(0, 'unknown', 'Saving failed. Try again.');
      const fields = byField(err.fields);
      setErrors(fields);
      setAlert(Object.keys(fields).length > 0 ? `${err.message} See the fields marked below.` : err.message);
    } finally {
      setSaving(false);
    }
  };

  return { form, draft, setDraft, set, errors, alert, done, saving, submit };
}

/** A message left for the next page (after a delete that leaves this one), shown once. */
const FLASH_KEY = 'qr-admin-flash';
export const flash = {
  leave(message: string) {
    try {
      sessionStorage.setItem(FLASH_KEY, message);
    } catch {
      // Storage may be off; the list is still right, only the note is lost.
    }
  },
  take(): string | undefined {
    try {
      const message = sessionStorage.getItem(FLASH_KEY) ?? undefined;
      sessionStorage.removeItem(FLASH_KEY);
      return message;
    } catch {
      return undefined;
    }
  },
};

export const addedOn = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
