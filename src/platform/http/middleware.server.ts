import type { MiddlewareHandler } from 'hono';
import { DomainError } from '~/platform/errors';
import { findUserByFirebaseUid } from '~/platform/identity/accounts.server';
import { IdentityUnavailableError, InvalidTokenError } from '~/platform/identity/identity.server';
import type { ApiDeps, ApiEnv } from './context.server';

/** The caller's address: the socket's, as Astro's server saw it. */
export function clientAddress(c: { env: ApiEnv['Bindings'] | undefined }): string {
  return c.env?.clientAddress ?? 'unknown';
}

/** Requires a valid Firebase ID token in `Authorization: Bearer …`; sets `identity`. */
export function requireIdentity(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new DomainError('unauthenticated', 'Sign in to continue.');
    try {
      c.set('identity', await deps.verifyToken(match[1]));
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
      c.set('user', user);
      await next();
    });
}

/** Requires an administrator whose sign-in email is verified. */
export function requireAdmin(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  const account = requireAccount(deps);
  return async (c, next) =>
    account(c, async () => {
      if (c.get('user').role !== 'admin')
        throw new DomainError('forbidden', 'Only administrators can do this.');
      // Rights follow a proven address: a parent promoted before verifying theirs waits until they do.
      if (!c.get('identity').emailVerified)
        throw new DomainError(
          'forbidden',
          'Confirm your email address (the link we sent you) to use the admin tools.',
        );
      await next();
    });
}

const tooMany = (message: string, retryAfterS: number) =>
  new DomainError('rate_limited', message, undefined, { 'Retry-After': String(retryAfterS) });

/** Limits requests per caller address on a group of routes. */
export function rateLimit(deps: ApiDeps, bucket: string, perMinute: number): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const result = await deps.rateLimiter.hit(`${bucket}:${clientAddress(c)}`, perMinute, 60_000);
    if (!result.allowed)
      throw tooMany('Too many attempts. Please wait a minute and try again.', result.retryAfterS);
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
