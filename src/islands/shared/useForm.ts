import { type ChangeEvent, useRef, useState } from 'react';
import type * as z from 'zod';
import { ApiClientError, newIdempotencyKey } from '~/platform/client/api';
import { byField, issuesByField, useFocusFirstInvalid } from './Field';

export type Errors = Record<string, string>;

/** The names of a form's values that are typed as text. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * What a failed call says, where it belongs: the API's field errors beside their fields (named by
 * `fieldOf`), its message for the whole form; anything else is `fallback`.
 */
export function apiErrors(error: unknown, fallback: string, fieldOf = byField): Errors {
  return error instanceof ApiClientError
    ? { ...fieldOf(error.fields), form: error.message }
    : { form: fallback };
}

/**
 * A form's values, its errors and its busy flag. `field(name)` gives a text field its id (the
 * prefix and the name), value, change handler and error; `save` checks the input with the API's
 * own schema, then sends it, and puts every error beside its field. After a failed submit, focus
 * moves to the first field marked invalid. `initialErrors` are shown from the first render: what the
 * server found in a form posted without JavaScript.
 */
export function useForm<V extends object>(initial: V | (() => V), idPrefix = '', initialErrors: Errors = {}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors>(initialErrors);
  const [busy, setBusy] = useState(false);
  // Two clicks can land before React re-renders with busy set: this ref stops the second at once.
  const inFlight = useRef(false);
  // One key per submission, sent with every try of it and renewed once it succeeds: the server then
  // makes the create happen once, even when the answer to the first try was lost.
  const submission = useRef<string | null>(null);
  useFocusFirstInvalid(formRef, errors);

  const set = (change: Partial<V>) => setValues((v) => ({ ...v, ...change }));

  const field = (name: TextKey<V>) => ({
    id: `${idPrefix}-${name}`,
    value: values[name] as string,
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      set({ [name]: e.target.value } as Partial<V>),
  });

  /** The schema's first complaint about each field, shown beside it; the parsed input when there is none. */
  const check = <S extends z.ZodType>(schema: S, input: unknown): z.output<S> | null => {
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesByField(parsed.error.issues));
      return null;
    }
    setErrors({});
    return parsed.data;
  };

  /**
   * Checks the input, then sends it once: a second click while the first is in flight does
   * nothing, and `send` gets the submission's idempotency key to pass to `call` for a create.
   */
  const save = async <S extends z.ZodType>(
    schema: S,
    input: unknown,
    send: (data: z.output<S>, idempotencyKey: string) => Promise<void>,
    options: { fallback: string; fieldOf?: (fields: Record<string, string>) => Errors },
  ) => {
    if (inFlight.current) return;
    const data = check(schema, input);
    if (data === null) return;
    inFlight.current = true;
    setBusy(true);
    try {
      submission.current ??= newIdempotencyKey();
      await send(data, submission.current);
      submission.current = null;
    } catch (error) {
      setErrors(apiErrors(error, options.fallback, options.fieldOf));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return { formRef, values, setValues, set, field, errors, setErrors, busy, setBusy, check, save };
}
