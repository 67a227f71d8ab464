import * as z from 'zod';
import { groupDigits } from '~/platform/numbers';
import { TIME_STYLES, type TimeStyle } from '~/platform/time';

// In the browser zod parses without compiling code: the pages' Content-Security-Policy forbids
// eval (decision 28), and zod's probe for it (`new Function`) was reported as a violation on every
// page that parses an answer (Lighthouse's best practices). The server keeps zod's faster path.
if (typeof window !== 'undefined') z.config({ jitless: true });

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
    .max(max, `Keep ${label} to ${groupDigits(max)} characters or fewer.`)
    .refine((v) => !CONTROL_EXCEPT_LINES.test(v), 'Remove the unusual characters.');

/** The span any date the API takes must fall in, for this product: years 1900 to 2200. */
export const DATE_SPAN = { from: '1900-01-01T00:00:00.000Z', to: '2200-12-31T23:59:59.999Z' } as const;
const outsideSpan = 'Choose a date between the years 1900 and 2200.';
const withinSpan = (text: string) => {
  const time = Date.parse(text);
  return time >= Date.parse(DATE_SPAN.from) && time <= Date.parse(DATE_SPAN.to);
};

/**
 * A moment as a person or a client types it: an ISO 8601 date and time with its offset (so it is
 * never ambiguous), between 1900 and 2200. `error` says how to write it.
 */
export const instantInput = (error: string) =>
  z.iso
    .datetime({ offset: true, error })
    .refine(withinSpan, { error: outsideSpan })
    .meta({ format: 'date-time', description: `From ${DATE_SPAN.from} to ${DATE_SPAN.to}` });

/** A calendar day (YYYY-MM-DD), between 1900 and 2200. `error` says how to write it. */
export const dayInput = (error: string) =>
  z.iso.date({ error }).refine((day) => withinSpan(`${day}T00:00:00Z`), { error: outsideSpan });

// ---------------------------------------------------------------------------------------------
// What a database can store. One rule for every text the API takes (JSON bodies, queries, path
// parameters), applied by route() before any schema: PostgreSQL refuses a NUL in text and in
// jsonb, and a lone UTF-16 surrogate has no UTF-8 form (it would be stored as U+FFFD, or refused
// by the audit log's jsonb). Refused at the edge with the field named, so no field can forget it.

/** Why a text cannot be stored, or undefined when it can. */
export function unstorableReason(text: string): string | undefined {
  if (text.includes('\u0000')) return 'Remove the NUL character: it cannot be stored.';
  // With the u flag a surrogate pair reads as one code point: only a lone surrogate is \p{Cs}.
  if (/\p{Cs}/u.test(text))
    return 'Contains a broken character (a lone UTF-16 surrogate): send valid Unicode text.';
  return undefined;
}

/**
 * The first text (or key) inside a value that cannot be stored, with its dotted path as the API's
 * field errors name it (`schedule.0.title`); undefined when everything can be.
 */
export function findUnstorableText(
  value: unknown,
  path: string[] = [],
): { field: string; reason: string } | undefined {
  const at = (reason: string | undefined, where: string[]) =>
    reason ? { field: where.join('.') || 'body', reason } : undefined;
  if (typeof value === 'string') return at(unstorableReason(value), path);
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = at(unstorableReason(key), [...path, key]) ?? findUnstorableText(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}
