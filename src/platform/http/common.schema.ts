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
