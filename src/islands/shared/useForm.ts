import { type ChangeEvent, useRef, useState } from 'react';
import type * as z from 'zod';
import { ApiClientError } from '~/platform/client/api';
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
 * moves to the first field marked invalid.
 */
export function useForm<V extends object>(initial: V | (() => V), idPrefix = '') {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
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

  const save = async <S extends z.ZodType>(
    schema: S,
    input: unknown,
    send: (data: z.output<S>) => Promise<void>,
    options: { fallback: string; fieldOf?: (fields: Record<string, string>) => Errors },
  ) => {
    if (busy) return;
    const data = check(schema, input);
    if (data === null) return;
    setBusy(true);
    try {
      await send(data);
    } catch (error) {
      setErrors(apiErrors(error, options.fallback, options.fieldOf));
    } finally {
      setBusy(false);
    }
  };

  return { formRef, values, setValues, set, field, errors, setErrors, busy, setBusy, check, save };
}
