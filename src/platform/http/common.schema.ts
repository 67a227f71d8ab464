import * as z from 'zod';
import { TIME_STYLES, type TimeStyle } from '~/platform/time';

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

/**
 * A moment in time as the API answers it: an ISO 8601 date and time in UTC, like
 * 2026-06-14T15:00:00.000Z. Documented, not checked: an answer is trusted to carry what the server wrote.
 */
export const instant = z.string().meta({ format: 'date-time' });

/**
 * The moments a text names as `{name}`: each an instant (or a span, with `end`) and how to write
 * it. A reader's page writes them in the reader's own zone and language (platform/time.ts).
 */
export const textTimesSchema = z
  .record(
    z.string(),
    z.object({
      at: instant,
      end: instant.optional(),
      style: z.enum(TIME_STYLES as [TimeStyle, ...TimeStyle[]]),
    }),
  )
  .meta({
    id: 'TextTimes',
    description: 'Fill each `{name}` of the text with its time, in the reader’s own time zone and locale.',
  });

/** When a record was made and last changed: spread into an answer's fields. */
export const timestamps = { createdAt: instant, updatedAt: instant };

export const uuidSchema = z.uuid({ error: 'Must be an id from this site.' });

/** The path parameters of an operation on one record: its `{id}`. */
export const idParamsSchema = z.object({ id: uuidSchema });

/** A change to a record: any of its `fields`, each checked on its own, and at least one. */
export const patchSchema = <const Fields extends z.ZodRawShape>(fields: Fields) =>
  z
    .object(fields)
    .partial()
    .strict()
    .refine((patch) => Object.keys(patch).length > 0, 'Send at least one field to change.');

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

/** The control characters refused in texts of several lines: all but tab, line feed and carriage return. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
export const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** A text that must be given: `missing` when it is left out or empty (once trimmed), `tooLong` above `max`. */
export const requiredText = (missing: string, max: number, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);

/** A one-line text: no markup, no control characters. */
export const plainLine = (label: string, max: number) =>
  requiredText(`Enter ${label}.`, max, `Keep it to ${max} characters or fewer.`).refine(
    (v) => !/[<>]/.test(v) && !CONTROL.test(v),
    'Use letters, numbers and punctuation only.',
  );

/** Several lines of plain text, possibly empty: line breaks and tabs kept, other control characters refused. */
export const multiline = (label: string, max: number) =>
  z
    .string({ error: `Write ${label} as text.` })
    .trim()
    .max(max, `Keep ${label} to ${max.toLocaleString('en')} characters or fewer.`)
    .refine((v) => !CONTROL_EXCEPT_LINES.test(v), 'Remove the unusual characters.');
