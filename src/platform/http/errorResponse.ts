import type { Context } from 'hono';
import type { ZodError } from 'zod';
import type { DomainError } from '~/platform/errors';

/** The first message for each field of a failed validation, keyed by its dotted path. */
export function fieldsOf(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : 'body';
    fields[key] ??= issue.message;
  }
  return fields;
}

/** The HTTP edge: a DomainError becomes `{ error: { code, message, fields? } }` with its code's status. */
export function errorResponse(c: Context, error: DomainError) {
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  const body: { code: string; message: string; fields?: Record<string, string> } = {
    code: error.code,
    message: error.message,
  };
  if (error.fields) body.fields = error.fields;
  return c.json({ error: body }, error.status);
}
