import type { ErrorBody } from '~/platform/http/common.schema';
import { publicConfig } from '~/platform/publicConfig';

/** An error answer from the API, with the message to show and the fields to mark. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  /** The Firebase ID token of the signed-in user. */
  token?: string | null;
  signal?: AbortSignal;
}

/** Calls the API and answers its JSON, or throws ApiClientError with a message a person understands. */
export async function apiFetch<T>(
  path: string,
  { method = 'GET', body, token, signal }: ApiRequest = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    // Give up after 20 s rather than leave a spinner turning forever.
    const timeout = AbortSignal.timeout(20_000);
    res = await fetch(`${publicConfig.apiBase}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError' && signal?.aborted) throw error;
    throw new ApiClientError(
      0,
      'network',
      'We could not reach Quill Reads. Check your connection and try again.',
    );
  }
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: handled below as a generic failure.
  }
  if (!res.ok) {
    const error = (data as ErrorBody | null)?.error;
    throw new ApiClientError(
      res.status,
      error?.code ?? 'unknown',
      error?.message ?? 'Something went wrong. Please try again.',
      error?.fields ?? {},
    );
  }
  return data as T;
}
