import { ApiClientError } from '~/platform/client/api';

/** A record a page loads: loading, missing (an unknown or malformed id), failed, or ready. */
export type RecordState<T> =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; record: T };

/** What a failed call says to the visitor: the API's own words, or `fallback` when it never answered. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiClientError ? error.message : fallback;
}

/** A failed load as a page says it: an unknown or malformed id (404, 400) is "missing", the rest failed. */
export function failedLoad(
  error: unknown,
  fallback: string,
): { status: 'missing' } | { status: 'failed'; message: string } {
  if (error instanceof ApiClientError && (error.status === 404 || error.status === 400))
    return { status: 'missing' };
  return { status: 'failed', message: errorMessage(error, fallback) };
}
