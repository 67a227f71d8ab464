import { type ChangeEvent, useRef, useState } from 'react';
import type * as z from 'zod';
import { issuesByField, useFocusFirstInvalid } from './Field';
import { type Errors, type SubmitOptions, useSubmit } from './useSubmit';

export { apiErrors, type Errors } from './useSubmit';

/** The names of a form's values that are typed as text. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

/**
 * A form's values, and `useSubmit` for sending them (errors by field, busy, the double-send guard,
 * the idempotency key). `field(name)` gives a text field its id (the prefix and the name), value,
 * change handler and error; `save` checks the input with the API's own schema, then submits it.
 * After a failed submit, focus moves to the first field marked invalid. `initialErrors` are shown
 * from the first render: what the server found in a form posted without JavaScript.
 */
export function useForm<V extends object>(initial: V | (() => V), idPrefix = '', initialErrors: Errors = {}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(initial);
  const { submit, busy, pending, errors, setErrors } = useSubmit(initialErrors);
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
   * Checks the input, then submits it: `send` gets the parsed input and the submission's
   * idempotency key to pass to `call` for a create. Answers whether it was sent and succeeded.
   */
  const save = async <S extends z.ZodType>(
    schema: S,
    input: unknown,
    send: (data: z.output<S>, idempotencyKey: string) => Promise<void>,
    options: SubmitOptions,
  ): Promise<boolean> => {
    if (busy) return false;
    const data = check(schema, input);
    if (data === null) return false;
    return submit((idempotencyKey) => send(data, idempotencyKey), options);
  };

  return { formRef, values, setValues, set, field, errors, setErrors, busy, pending, submit, check, save };
}
