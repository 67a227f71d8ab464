import * as z from 'zod';

/** Every error the API answers has this shape; `fields` names the inputs that were wrong. */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
    }),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const uuidSchema = z.uuid({ error: 'Must be an id from this site.' });

/** The path parameters of an operation on one record: its `{id}`. */
export const idParamsSchema = z.object({ id: uuidSchema });

/** How many items one page of a list holds: a whole number from 1 to `max`, `fallback` when left out. */
export const pageLimitSchema = (max: number, fallback: number) =>
  z.coerce
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(1, 'Must be at least 1.')
    .max(max, `Must be at most ${max}.`)
    .default(fallback);

/** Where the next page of a keyset list starts: the `nextCursor` of the previous page. */
export const cursorSchema = (max: number, error: string) =>
  z.string().max(max, error).optional().meta({ description: 'The nextCursor of the previous page' });

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A one-line text: no markup, no control characters. */
export const plainLine = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Keep it to ${max} characters or fewer.`)
    .refine((v) => !/[<>]/.test(v) && !CONTROL.test(v), 'Use letters, numbers and punctuation only.');
