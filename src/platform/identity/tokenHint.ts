import { SESSION_HINT_KEY, TOKEN_HINT_KEY } from '~/platform/client/storageKeys';

// The account's ID token, kept by the last signed-in page so the next one can ask for its data
// before the identity service has restored the session (decision 35). The identity service keeps
// its own, longer-lived refresh token on the device; this is the short-lived token it hands out,
// kept only while it is valid and gone at sign-out (persistent.ts clearFamilyState).

/** Who is asking, as the account check (login/register) sends it, with their ID token. */
export interface SignedInUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  token: string;
  /** The device's time zone when the token was kept (the account check sends it). */
  timeZone?: string;
}

/** Tokens this close to their end are not used: a request sent now could arrive too late. */
const MARGIN_MS = 2 * 60_000;

/** The token's payload (its middle part), or undefined when it is not a JWT. */
function payloadOf(token: string): Record<string, unknown> | undefined {
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `token` belongs to `uid` and is still valid at `now` with a margin. Not a check of its signature: the API does that. */
export function usableToken(token: string, uid: string, now: number): boolean {
  const payload = payloadOf(token);
  if (!payload || typeof payload.exp !== 'number') return false;
  if (payload.user_id !== uid && payload.sub !== uid) return false;
  return payload.exp * 1000 - MARGIN_MS > now;
}

/** Keeps the signed-in user's current token for the next page. */
export function keepTokenHint(storage: Pick<Storage, 'setItem'>, user: SignedInUser): void {
  try {
    storage.setItem(TOKEN_HINT_KEY, JSON.stringify(user));
  } catch {
    // Storage full or switched off: the next page waits for the identity service.
  }
}

export function forgetTokenHint(storage: Pick<Storage, 'removeItem'>): void {
  try {
    storage.removeItem(TOKEN_HINT_KEY);
  } catch {
    // Switched off: nothing was kept.
  }
}

const text = (value: unknown) => (typeof value === 'string' && value.length <= 320 ? value : null);

/**
 * The token kept by the last page, when it belongs to the account the device last saw signed in
 * and is still valid at `now`; undefined otherwise.
 */
export function readTokenHint(storage: Pick<Storage, 'getItem'>, now: number): SignedInUser | undefined {
  try {
    const kept = JSON.parse(storage.getItem(TOKEN_HINT_KEY) ?? 'null') as Record<string, unknown> | null;
    const session = JSON.parse(storage.getItem(SESSION_HINT_KEY) ?? 'null') as Record<string, unknown> | null;
    if (!kept || session?.status !== 'signed-in' || kept.uid !== session.uid) return undefined;
    const { uid, token } = kept;
    if (typeof uid !== 'string' || typeof token !== 'string' || token.length > 8192) return undefined;
    if (!usableToken(token, uid, now)) return undefined;
    const timeZone = text(kept.timeZone) ?? undefined;
    return {
      uid,
      token,
      email: text(kept.email),
      displayName: text(kept.displayName),
      ...(timeZone ? { timeZone } : {}),
    };
  } catch {
    return undefined;
  }
}
