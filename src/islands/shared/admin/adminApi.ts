import { type ApiRequest, apiFetch } from '~/platform/client/api';
import { currentIdToken } from '~/platform/identity/identity.client';
import { uploadFile } from '../uploadFile';

/** An admin API call with the signed-in administrator's fresh token. */
export async function adminFetch<T>(path: string, options: Omit<ApiRequest, 'token'> = {}): Promise<T> {
  return apiFetch<T>(path, { ...options, token: await currentIdToken() });
}

/** Uploads a file as the raw body (covers, audio) with the administrator's token; see uploadFile. */
export const adminUpload = <T>(path: string, file: File, method: 'POST' | 'PUT' = 'POST'): Promise<T> =>
  uploadFile<T>(path, file, {
    method,
    timeoutMs: 120_000,
    fallback: 'The file could not be uploaded. Please try again.',
  });
