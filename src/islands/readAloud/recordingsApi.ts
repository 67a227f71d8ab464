import type { RecordingDto } from '~/features/readAloud/readAloud.schema';
import { ApiClientError } from '~/platform/client/api';
import type { ErrorBody } from '~/platform/http/common.schema';
import { publicConfig } from '~/platform/publicConfig';

const NETWORK = 'We could not reach Quill Reads. Check your connection and try again.';

async function send(path: string, init: RequestInit & { timeoutMs?: number }): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(`${publicConfig.apiBase}${path}`, {
      ...init,
      signal: AbortSignal.timeout(init.timeoutMs ?? 60_000),
    });
  } catch {
    throw new ApiClientError(0, 'network', NETWORK);
  }
  if (res.ok) return res;
  const body = (await res.json().catch(() => null)) as ErrorBody | null;
  throw new ApiClientError(
    res.status,
    body?.error.code ?? 'unknown',
    body?.error.message ?? 'Something went wrong. Please try again.',
    body?.error.fields ?? {},
  );
}

/**
 * Saves an attempt: the recording travels as the request body (apiFetch speaks JSON only); with no
 * recording, the request has no body at all and the attempt is saved as timed only.
 */
export async function saveAttempt(
  token: string | null,
  childId: string,
  attempt: { passageId: string; durationMs: number; audio: Blob | null },
): Promise<RecordingDto> {
  const query = new URLSearchParams({
    passageId: attempt.passageId,
    durationMs: String(Math.round(attempt.durationMs)),
  });
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (attempt.audio) headers['content-type'] = attempt.audio.type;
  const res = await send(`/api/children/${childId}/recordings?${query}`, {
    method: 'POST',
    headers,
    ...(attempt.audio ? { body: attempt.audio } : {}),
  });
  return (await res.json()) as RecordingDto;
}

/** A recording as a blob: an <audio src> cannot send the sign-in token, so the page fetches it. */
export async function fetchRecordingAudio(
  token: string | null,
  childId: string,
  recordingId: string,
): Promise<Blob> {
  const res = await send(`/api/children/${childId}/recordings/${recordingId}/audio`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    cache: 'no-store',
  });
  return res.blob();
}
