import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * Every way the product refuses, with the HTTP status the API answers for it. Services throw a
 * DomainError with one of these codes; only the HTTP edge (src/platform/http/errors.ts) turns it
 * into a status. See docs/decisions/0017-one-domain-error.md.
 */
const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  unauthenticated: 401,
  invalid_token: 401,
  token_expired: 401,
  reauthentication_required: 401,
  registration_required: 403,
  account_disabled: 403,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  already_reviewed: 409,
  last_admin: 409,
  in_use: 409,
  email_in_use: 409,
  event_full: 409,
  event_over: 409,
  event_cancelled: 409,
  already_registered: 409,
  slot_taken: 409,
  already_booked: 409,
  program_overlap: 409,
  program_changed: 409,
  live_keys: 409,
  payload_too_large: 413,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

/** Typed error codes: the island shows the message, the log keeps the detail. */
type ErrorCode = keyof typeof ERROR_STATUS;

/** The one way a service refuses: a code, a message a person understands, and the fields to mark. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra answer headers, e.g. Retry-After with rate_limited. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.code];
  }
}

export const notFound = (what = 'That') => new DomainError('not_found', `${what} does not exist.`);

/** Input the rules refuse, field by field (the same answer as a schema's refusal). */
export const invalid = (fields: Record<string, string>) =>
  new DomainError('validation_failed', 'Some of what was sent is not valid.', fields);

/** A state that forbids the change (already reviewed, taken, in use...), with its own code. */
export const conflict = (message: string, code: ErrorCode = 'conflict', fields?: Record<string, string>) =>
  new DomainError(code, message, fields);

/** An address another account holds: the one refusal for it, wherever it is met. */
export const emailInUse = (field = 'Already used by another account: find it in the accounts list.') =>
  new DomainError('email_in_use', 'An account with this email address already exists.', { email: field });

/** Something the request needs is out of reach for now (503): the message says what and when to retry. */
export const unavailable = (message: string, retryAfterS?: number) =>
  new DomainError(
    'unavailable',
    message,
    undefined,
    retryAfterS ? { 'Retry-After': String(retryAfterS) } : undefined,
  );
