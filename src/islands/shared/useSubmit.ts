import { useRef, useState } from 'react';
import { ApiClientError, newIdempotencyKey } from '~/platform/client/api';
import { byField } from './fieldErrors';

/** What went wrong, by field name; `form` holds what belongs to the whole form. */
export type Errors = Record<string, string>;

/**
 * What a failed call says, where it belongs: the API's field errors beside their fields (named by
 * `fieldOf`), its message for the whole form; anything else is `fallback`.
 */
export function apiErrors(error: unknown, fallback: string, fieldOf = byField): Errors {
  return error instanceof ApiClientError
    ? { ...fieldOf(error.fields), form: error.message }
    : { form: fallback };
}

/** How one submission is sent and how its failure is told. */
export interface SubmitOptions {
  /** What the page says when the failure is not an answer of the API (the network, a bug). */
  fallback: string;
  /**
   * Which action this is, when a page has several (`'save'`, `'publish'`, a row's id): `pending`
   * names it while it is in flight, and a retry of the same action keeps its idempotency key.
   */
  what?: string;
  /** Where the API's field errors go, when the form's field names differ from the API's. */
  fieldOf?: (fields: Record<string, string>) => Errors;
}

/**
 * The one way an island submits (a form, or a button that creates, saves or deletes):
 * `submit(send, options)` calls `send` once and ignores every press while it is in flight (the guard
 * is a ref: two clicks can land before React re-renders with the button disabled). `send` gets the
 * submission's idempotency key to pass to `call`; the key is kept when `send` fails, so a retry of the
 * same action is the same create for the server, and is new after a success or for another action.
 * A failure's message goes to `errors`, the API's field errors beside their fields; `submit` answers
 * whether `send` succeeded. `initialErrors` are shown from the first render (what the server found
 * in a form posted without JavaScript).
 */
export function useSubmit(initialErrors: Errors = {}) {
  const [errors, setErrors] = useState<Errors>(initialErrors);
  const [pending, setPending] = useState<string | null>(null);
  const inFlight = useRef(false);
  const submission = useRef<{ what: string; key: string } | null>(null);

  const submit = async (send: (idempotencyKey: string) => Promise<void>, options: SubmitOptions) => {
    if (inFlight.current) return false;
    const what = options.what ?? '';
    inFlight.current = true;
    setPending(what);
    setErrors({});
    try {
      if (submission.current?.what !== what) submission.current = { what, key: newIdempotencyKey() };
      await send(submission.current.key);
      submission.current = null;
      return true;
    } catch (error) {
      setErrors(apiErrors(error, options.fallback, options.fieldOf));
      return false;
    } finally {
      inFlight.current = false;
      setPending(null);
    }
  };

  return { submit, busy: pending !== null, pending, errors, setErrors };
}
