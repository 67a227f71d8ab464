import type { Context, MiddlewareHandler } from 'hono';
import { DomainError } from '~/platform/errors';
import { findUserByFirebaseUid, followSignInEmail } from '~/platform/identity/accounts.server';
import {
  type Identity,
  IdentityUnavailableError,
  InvalidTokenError,
} from '~/platform/identity/identity.server';
import { clientAddressOf } from './clientAddress.server';
import type { ApiDeps, ApiEnv } from './context.server';

/**
 * The caller's address: the connection's (the server hands it over), or behind trusted proxies
 * (TRUST_PROXY) the one they wrote into X-Forwarded-For.
 */
export function clientAddress(c: Context<ApiEnv>, deps: Pick<ApiDeps, 'trustedProxies'>): string {
  return clientAddressOf(c.env?.clientAddress, c.req.header('x-forwarded-for'), deps.trustedProxies ?? 0);
}

/**
 * The request's bearer token, checked once: sign-in's rate limit reads the outcome before the
 * access check, which then takes the same one.
 */
function identify(deps: ApiDeps, c: Context<ApiEnv>): Promise<Identity> {
  let check = c.get('tokenCheck');
  if (!check) {
    check = verifyBearer(deps, c.req.header('authorization'));
    c.set('tokenCheck', check);
  }
  return check;
}

async function verifyBearer(deps: ApiDeps, header = ''): Promise<Identity> {
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new DomainError('unauthenticated', 'Sign in to continue.');
  try {
    return await deps.verifyToken(match[1]);
  } catch (error) {
    if (error instanceof IdentityUnavailableError) {
      throw new DomainError(
        'unavailable',
        'We could not check your sign-in just now. Please try again in a moment.',
        undefined,
        {
          'Retry-After': '30',
        },
      );
    }
    if (error instanceof InvalidTokenError) {
      const expired = error.reason === 'expired';
      throw new DomainError(
        expired ? 'token_expired' : 'invalid_token',
        expired
          ? 'Your sign-in has expired. Please sign in again.'
          : 'Your sign-in could not be checked. Please sign in again.',
      );
    }
    throw error;
  }
}

/** Requires a valid Firebase ID token in `Authorization: Bearer …`; sets `identity`. */
export function requireIdentity(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    c.set('identity', await identify(deps, c));
    await next();
  };
}

/** Requires a registered, enabled account on top of a valid token; sets `user`. */
export function requireAccount(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  const identity = requireIdentity(deps);
  return async (c, next) =>
    identity(c, async () => {
      const user = await findUserByFirebaseUid(deps.db, c.get('identity').uid);
      if (!user) throw new DomainError('registration_required', 'Finish creating your family account first.');
      if (user.disabled)
        throw new DomainError('account_disabled', 'This account has been disabled. Contact us for help.');
      // An address changed at the identity service reaches the account on its next request.
      const { email } = c.get('identity');
      c.set('user', email ? await followSignInEmail(deps.db, user, email) : user);
      await next();
    });
}

/** Requires an administrator whose sign-in email is verified. */
export const requireAdmin = (deps: ApiDeps) =>
  requireStaff(deps, 'admin', 'Only administrators can do this.', 'the admin tools');

/** Requires a reading guide whose sign-in email is verified. */
export const requireGuide = (deps: ApiDeps) =>
  requireStaff(deps, 'guide', 'Only reading guides can do this.', 'the guide console');

/** A staff role's door: the account must hold the role, and its sign-in email must be verified. */
function requireStaff(
  deps: ApiDeps,
  role: 'admin' | 'guide',
  refusal: string,
  tools: string,
): MiddlewareHandler<ApiEnv> {
  const account = requireAccount(deps);
  return async (c, next) =>
    account(c, async () => {
      if (c.get('user').role !== role) throw new DomainError('forbidden', refusal);
      // Rights follow a proven address: an account promoted before verifying theirs waits until they do.
      if (!c.get('identity').emailVerified)
        throw new DomainError(
          'forbidden',
          `Confirm your email address (the link we sent you) to use ${tools}.`,
        );
      await next();
    });
}

const tooMany = (message: string, retryAfterS: number) =>
  new DomainError('rate_limited', message, undefined, { 'Retry-After': String(retryAfterS) });

/**
 * The refusals that mean the caller did not prove who they are. Not the identity service being down,
 * and not an expired token: its signature was checked, so it is a real user's (who must be told to
 * sign in again, 401 token_expired, even when junk from their address has used up its allowance).
 */
const FAILED_SIGN_IN = new Set(['unauthenticated', 'invalid_token']);

/**
 * Sign-in's limits, `perMinute` of each; goes before the access check. A failed attempt (no token,
 * or one that does not verify) counts against the caller's address, a valid one against its
 * account; an expired one against neither. So a real sign-in is never refused for someone else's
 * junk from the same address (a school, a library), and junk past its limit is answered 429 instead
 * of 401.
 */
export function signInRateLimit(deps: ApiDeps, perMinute: number): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    let identity: Identity;
    try {
      identity = await identify(deps, c);
    } catch (error) {
      if (error instanceof DomainError && FAILED_SIGN_IN.has(error.code)) {
        const failures = await deps.rateLimiter.hit(
          `auth-failed:${clientAddress(c, deps)}`,
          perMinute,
          60_000,
        );
        if (!failures.allowed) {
          throw tooMany(
            'Too many failed sign-in attempts from your network. Please wait a minute and try again.',
            failures.retryAfterS,
          );
        }
      }
      throw error;
    }
    const result = await deps.rateLimiter.hit(`auth:${identity.uid}`, perMinute, 60_000);
    if (!result.allowed)
      throw tooMany(
        'Too many sign-ins to this account. Please wait a minute and try again.',
        result.retryAfterS,
      );
    await next();
  };
}

/** Limits one signed-in account's requests on a route; goes after requireAccount. */
export function rateLimitPerAccount(
  deps: ApiDeps,
  bucket: string,
  limit: number,
  windowMs: number,
  message: string,
): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const result = await deps.rateLimiter.hit(`${bucket}:${c.get('user').id}`, limit, windowMs);
    if (!result.allowed) throw tooMany(message, result.retryAfterS);
    await next();
  };
}
