import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, type JWTPayload, jwtVerify } from 'jose';

/** Who an ID token says is asking. */
export interface Identity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  /** When the person last proved who they are (seconds since 1970): deleting an account needs a recent one. */
  authTime: number | null;
}

export class InvalidTokenError extends Error {
  constructor(
    message: string,
    readonly reason: 'malformed' | 'expired' | 'wrong-project' | 'bad-signature' = 'malformed',
  ) {
    super(message);
    this.name = 'InvalidTokenError';
  }
}

/** Google's signing keys could not be fetched: the token may be fine, the check could not run. */
export class IdentityUnavailableError extends Error {
  constructor() {
    super('The identity service could not be reached to check the token.');
    this.name = 'IdentityUnavailableError';
  }
}

export type VerifyToken = (token: string) => Promise<Identity>;

const GOOGLE_KEYS = new URL(
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com',
);
const CLOCK_TOLERANCE_S = 5;

function identityFrom(payload: JWTPayload): Identity {
  if (typeof payload.sub !== 'string' || payload.sub.length === 0 || payload.sub.length > 128) {
    throw new InvalidTokenError('The token names no user.');
  }
  const email = typeof payload.email === 'string' ? payload.email.toLowerCase() : null;
  return {
    uid: payload.sub,
    email,
    emailVerified: payload.email_verified === true,
    name: typeof payload.name === 'string' ? payload.name : null,
    authTime: typeof payload.auth_time === 'number' ? payload.auth_time : null,
  };
}

/** The claims every Firebase ID token carries, checked the same way for both kinds of token. */
function checkClaims(payload: JWTPayload, projectId: string, nowS: number) {
  if (payload.aud !== projectId || payload.iss !== `https://securetoken.google.com/${projectId}`) {
    throw new InvalidTokenError('The token is for another project.', 'wrong-project');
  }
  if (typeof payload.exp !== 'number' || payload.exp + CLOCK_TOLERANCE_S < nowS) {
    throw new InvalidTokenError('The token has expired.', 'expired');
  }
  if (typeof payload.iat !== 'number' || payload.iat - CLOCK_TOLERANCE_S > nowS) {
    throw new InvalidTokenError('The token was issued in the future.');
  }
  if (typeof payload.auth_time === 'number' && payload.auth_time - CLOCK_TOLERANCE_S > nowS) {
    throw new InvalidTokenError('The sign-in time is in the future.');
  }
}

interface VerifierOptions {
  projectId: string;
  /** Set only when the Auth emulator is in use: its tokens are unsigned. Needs a `demo-` project id. */
  emulatorHost?: string | undefined;
  now?: () => number;
}

/**
 * Verifies Firebase ID tokens. In production, RS256 against Google's published keys; with the
 * emulator configured, the emulator's unsigned tokens (alg "none"), with the same claim checks.
 */
export function createTokenVerifier({
  projectId,
  emulatorHost,
  now = Date.now,
}: VerifierOptions): VerifyToken {
  // Anyone can write an unsigned token, so they may only ever stand for a demo- project, which no
  // real account belongs to. The settings check this too; the verifier does not rely on its caller.
  if (emulatorHost && !projectId.startsWith('demo-')) {
    throw new Error(
      `Emulator sign-ins (unsigned tokens) are accepted only for a demo- project id, not "${projectId}".`,
    );
  }
  const keys = emulatorHost ? null : createRemoteJWKSet(GOOGLE_KEYS, { cacheMaxAge: 60 * 60 * 1000 });

  return async (token) => {
    if (typeof token !== 'string' || token.length > 8192 || token.split('.').length !== 3) {
      throw new InvalidTokenError('The token is not a JSON Web Token.');
    }
    const nowS = Math.floor(now() / 1000);
    let header: ReturnType<typeof decodeProtectedHeader>;
    try {
      header = decodeProtectedHeader(token);
    } catch {
      throw new InvalidTokenError('The token is not a JSON Web Token.');
    }

    if (keys === null) {
      if (header.alg !== 'none' && header.alg !== 'RS256')
        throw new InvalidTokenError('Unexpected token algorithm.');
      let payload: JWTPayload;
      try {
        payload = decodeJwt(token);
      } catch {
        throw new InvalidTokenError('The token is not a JSON Web Token.');
      }
      checkClaims(payload, projectId, nowS);
      return identityFrom(payload);
    }

    if (header.alg !== 'RS256') throw new InvalidTokenError('Unexpected token algorithm.', 'bad-signature');
    try {
      const { payload } = await jwtVerify(token, keys, {
        algorithms: ['RS256'],
        audience: projectId,
        issuer: `https://securetoken.google.com/${projectId}`,
        clockTolerance: CLOCK_TOLERANCE_S,
        currentDate: new Date(now()),
      });
      checkClaims(payload, projectId, nowS);
      return identityFrom(payload);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw error;
      const code = (error as { code?: string }).code;
      if (code === 'ERR_JWT_EXPIRED') throw new InvalidTokenError('The token has expired.', 'expired');
      if (code === 'ERR_JWKS_TIMEOUT' || (error instanceof TypeError && /fetch/i.test(error.message))) {
        throw new IdentityUnavailableError();
      }
      throw new InvalidTokenError('The token could not be verified.', 'bad-signature');
    }
  };
}

/** Removes a sign-in account with the person's own fresh ID token (no admin credentials needed). */
export type DeleteSignInAccount = (idToken: string) => Promise<void>;

/** The identity service wants a fresher sign-in before it deletes the account. */
export class SignInTooOldError extends Error {
  constructor() {
    super('The sign-in is too old to delete the account.');
    this.name = 'SignInTooOldError';
  }
}

export function createSignInAccountDeleter(options: {
  apiKey: string;
  emulatorHost?: string | undefined;
}): DeleteSignInAccount {
  const base = options.emulatorHost
    ? `http://${options.emulatorHost}/identitytoolkit.googleapis.com`
    : 'https://identitytoolkit.googleapis.com';
  const post = (path: string, idToken: string) =>
    fetch(`${base}/v1/${path}?key=${encodeURIComponent(options.apiKey)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken }),
      signal: AbortSignal.timeout(10_000),
    });
  const errorOf = async (res: Response) =>
    ((await res.json().catch(() => ({}))) as { error?: { message?: string } }).error?.message ?? '';
  /** After an answer we could not read (a timeout, a 5xx): is the account gone after all? */
  const goneAfterAll = async (idToken: string) => {
    try {
      const res = await post('accounts:lookup', idToken);
      return !res.ok && /USER_NOT_FOUND/.test(await errorOf(res));
    } catch {
      return false;
    }
  };
  return async (idToken) => {
    let res: Response;
    try {
      res = await post('accounts:delete', idToken);
    } catch {
      if (await goneAfterAll(idToken)) return;
      throw new IdentityUnavailableError();
    }
    if (res.ok) return;
    const message = await errorOf(res);
    // Already gone is what we wanted.
    if (message === 'USER_NOT_FOUND') return;
    if (/CREDENTIAL_TOO_OLD/.test(message)) throw new SignInTooOldError();
    if (res.status >= 500 && (await goneAfterAll(idToken))) return;
    throw new Error(`the identity service refused to delete the account: ${message || res.status}`);
  };
}
