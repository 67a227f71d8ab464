import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';

/** Typed error codes: the island shows the message, the log keeps the detail. */
export type ErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthenticated'
  | 'invalid_token'
  | 'token_expired'
  | 'registration_required'
  | 'account_disabled'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'already_reviewed'
  | 'last_admin'
  | 'in_use'
  | 'email_in_use'
  | 'event_full'
  | 'event_over'
  | 'event_cancelled'
  | 'already_registered'
  | 'slot_taken'
  | 'already_booked'
  | 'live_keys'
  | 'payload_too_large'
  | 'rate_limited'
  | 'reauthentication_required'
  | 'unavailable'
  | 'internal';

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const notFound = (what = 'That') => new ApiError(404, 'not_found', `${what} does not exist.`);

/** The first message for each field of a failed validation, keyed by its dotted path. */
export function fieldsOf(error: ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : 'body';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function errorResponse(c: Context, error: ApiError) {
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  const body: { code: string; message: string; fields?: Record<string, string> } = {
    code: error.code,
    message: error.message,
  };
  if (error.fields) body.fields = error.fields;
  return c.json({ error: body }, error.status);
}
