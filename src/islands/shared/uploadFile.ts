import { ApiClientError } from '~/platform/client/api';
import { currentIdToken } from '~/platform/identity/identity.client';
import { publicConfig } from '~/platform/publicConfig';

/**
 * Sends a file as the raw request body (a cover, a picture, audio), with the signed-in user's
 * fresh token, and answers the JSON the API returns; or throws ApiClientError with the API's
 * message (a wrong type, too large, unreadable), else `fallback`.
 */
export async function uploadFile<T>(
  path: string,
  file: File,
  { method = 'POST', timeoutMs, fallback }: { method?: 'POST' | 'PUT'; timeoutMs: number; fallback: string },
): Promise<T> {
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
      signal: AbortSignal.timeout(timeoutMs),
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
      data?.error?.message ?? fallback,
      data?.error?.fields ?? {},
    );
  }
  return data as T;
}
