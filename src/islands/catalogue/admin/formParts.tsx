import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import type * as z from 'zod';
import { byField, issuesByField, useFocusFirstInvalid } from '~/islands/shared/Field';
import { ApiClientError, newIdempotencyKey } from '~/platform/client/api';

type Errors = Record<string, string>;

/**
 * A catalogue form: a draft of strings, checked in the page with the API's own schema, then sent;
 * the API's field errors land beside their fields and focus moves to the first one.
 */
export function useCatalogueForm<D extends Record<string, string>, S extends z.ZodType>(options: {
  /** Starts the id of every field, e.g. "new-book" for "new-book-title". */
  idPrefix: string;
  initial: D;
  schema: S;
  toPayload: (draft: D) => z.input<S>;
  /**
   * Saves; answers the message to show. `setDraft` resets the form (after adding, say);
   * `idempotencyKey` names this submission, for a create (the same for every try of it).
   */
  send: (
    payload: z.input<S>,
    form: { setDraft: (draft: D) => void; idempotencyKey: string },
  ) => Promise<string>;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<D>(options.initial);
  const [errors, setErrors] = useState<Errors>({});
  const [alert, setAlert] = useState<string>();
  const [done, setDone] = useState<string>();
  const [saving, setSaving] = useState(false);
  // Two clicks can land before React re-renders with `saving` set: this ref stops the second at once.
  const inFlight = useRef(false);
  // One key per submission, kept for a retry and renewed once it succeeds: the server then adds a
  // record once, even when the answer to the first try was lost (as useForm does).
  const submission = useRef<string | null>(null);
  useFocusFirstInvalid(form, errors);

  /** A field's id, value, change handler and error; a change clears its error and the last "saved". */
  const field = (name: keyof D & string) => ({
    id: `${options.idPrefix}-${name}`,
    value: draft[name] as string,
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const value = e.target.value;
      setDraft((d) => ({ ...d, [name]: value }));
      setDone(undefined);
      if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
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
    inFlight.current = true;
    setSaving(true);
    try {
      submission.current ??= newIdempotencyKey();
      setDone(await options.send(payload, { setDraft, idempotencyKey: submission.current }));
      submission.current = null;
    } catch (error) {
      const err =
        error instanceof ApiClientError
          ? error
          : new ApiClientError(0, 'unknown', 'Saving failed. Try again.');
      const fields = byField(err.fields);
      setErrors(fields);
      setAlert(Object.keys(fields).length > 0 ? `${err.message} See the fields marked below.` : err.message);
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  return { form, draft, setDraft, field, errors, alert, done, saving, submit };
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
