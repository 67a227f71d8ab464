import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import type * as z from 'zod';
import { byField, issuesByField, useFocusFirstInvalid } from '~/islands/shared/Field';
import { useSubmit } from '~/islands/shared/useSubmit';
import { ApiClientError } from '~/platform/client/api';

/** What a failed save says above the form: the API's words (pointing to the fields it marked), or a fallback. */
function failureAlert(error: unknown): string {
  if (!(error instanceof ApiClientError)) return 'Saving failed. Try again.';
  return Object.keys(byField(error.fields)).length > 0
    ? `${error.message} See the fields marked below.`
    : error.message;
}

/**
 * A catalogue form: a draft of strings, checked in the page with the API's own schema, then
 * submitted (`useSubmit`: once however often it is pressed, one idempotency key for every try of
 * an add); the API's field errors land beside their fields and focus moves to the first one.
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
  const { submit: send, busy, errors, setErrors } = useSubmit();
  const [alert, setAlert] = useState<string>();
  const [done, setDone] = useState<string>();
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
    if (busy) return;
    setAlert(undefined);
    setDone(undefined);
    const payload = options.toPayload(draft);
    const parsed = options.schema.safeParse(payload);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      setAlert('Please correct the fields marked below.');
      return;
    }
    await send(
      async (idempotencyKey) => {
        try {
          setDone(await options.send(payload, { setDraft, idempotencyKey }));
        } catch (error) {
          setAlert(failureAlert(error));
          throw error;
        }
      },
      { fallback: 'Saving failed. Try again.' },
    );
  };

  return { form, draft, setDraft, field, errors, alert, done, saving: busy, submit };
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
