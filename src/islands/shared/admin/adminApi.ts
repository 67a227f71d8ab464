import { ApiClientError, type ApiRequest, apiFetch } from '~/platform/client/api';
import { currentIdToken } from '~/platform/identity/identity.client';
import { publicConfig } from '~/platform/publicConfig';

/** An admin API call with the signed-in administrator's fresh token. */
export async function adminFetch<T>(path: string, options: Omit<ApiRequest, 'token'> = {}): Promise<T> {
  return apiFetch<T>(path, { ...options, token: await currentIdToken() });
}

/**
 * Sends a file as the raw request body (covers, audio) and answers the JSON the API returns, or
 * throws ApiClientError with the API's message (a wrong type, too large, unreadable).
 */
export async function adminUpload<T>(path: string, file: File, method: 'POST' | 'PUT' = 'POST'): Promise<T> {
  const token = await currentIdToken();
  let res: Response;
  try {
    res = await fetch(`${publicConfig.apiBase}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': file.type || 'application/octet-stream',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: file,
      signal: AbortSignal.timeout(120_000),
    });
  } catch {
    throw new ApiClientError(
      0,
      'network',
      'We could not reach Quill Reads. Check your connection and try again.',
    );
  }
  const data = (await res.json().catch(() => null)) as
    | (T & { error?: { code: string; message: string; fields?: Record<string, string> } })
    | null;
  if (!res.ok) {
    throw new ApiClientError(
      res.status,
      data?.error?.code ?? 'unknown',
      data?.error?.message ?? 'The file could not be uploaded. Please try again.',
      data?.error?.fields ?? {},
    );
  }
  return data as T;
}
