import { createRoute, type OpenAPIHono, type RouteConfig, type RouteHandler } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { DomainError } from '~/platform/errors';
import { findUnstorableText } from './common.schema';
import type { ApiDeps, ApiEnv } from './context.server';
import type { Access, AnyContract } from './contract';
import { idempotency, idempotencyParameter } from './idempotency.server';
import { requireAccount, requireAdmin, requireGuide, requireIdentity } from './middleware.server';
import { isUploadPath } from './uploads';

type Mounted<C extends AnyContract> = Omit<C, 'access' | 'answer' | 'status'> &
  Pick<RouteConfig, 'security' | 'middleware' | 'parameters'>;

/** The check each kind of access runs before the handler (who is asking, on every route). */
function guard(deps: ApiDeps, access: Access): MiddlewareHandler<ApiEnv>[] {
  switch (access) {
    case 'public':
      return [];
    case 'identity':
      return [requireIdentity(deps)];
    case 'account':
      return [requireAccount(deps)];
    case 'admin':
      return [requireAdmin(deps)];
    case 'guide':
      return [requireGuide(deps)];
  }
}

/**
 * Mounts a contract as an OpenAPI route: its access becomes the middleware that checks who is
 * asking and the document's security entry; the handler is typed from the contract's schemas.
 */
export function route<C extends AnyContract>(
  app: OpenAPIHono<ApiEnv>,
  deps: ApiDeps,
  contract: C,
  handler: Mounted<C> extends RouteConfig ? RouteHandler<Mounted<C>, ApiEnv> : never,
  /** Checks that run before or after the access check (rate limits...). */
  extra: { before?: MiddlewareHandler<ApiEnv>[]; after?: MiddlewareHandler<ApiEnv>[] } = {},
) {
  const { access, answer: _answer, status: _status, ...config } = contract;
  const mounted = {
    ...config,
    security: access === 'public' ? [] : [{ bearer: [] }],
    // The document says what the middleware below honours; the middleware checks the key itself.
    ...(contract.method === 'post' ? { parameters: [idempotencyParameter] } : {}),
    // A create sent twice with one Idempotency-Key happens once, for the caller the guard let in.
    middleware: [
      ...(extra.before ?? []),
      ...guard(deps, access),
      refuseUnstorableText,
      ...(contract.method === 'post' ? [idempotency(deps)] : []),
      ...(extra.after ?? []),
    ],
  };
  // The handler's types were checked against the contract above; Hono's own generics cannot follow
  // a route built from a type parameter, so the call itself is untyped.
  app.openapi(createRoute(mounted as never), handler as never);
}

/**
 * The JSON body, when the request has one that parses; the validator answers for one that does not.
 * An upload path (the webhook's too) reads its own body, with its own limit: it is not read here.
 */
async function jsonBodyOf(c: Context<ApiEnv>): Promise<unknown> {
  if (isUploadPath(c.req.path)) return undefined;
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) return undefined;
  try {
    return await c.req.json();
  } catch {
    return undefined;
  }
}

/**
 * Refuses, with 400 naming the field, any text a database cannot store: in the path's parameters,
 * the query and a JSON body (common.schema.ts). Before the schemas, so it holds for every field.
 */
const refuseUnstorableText: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const inQuery = findUnstorableText(c.req.queries());
  const found =
    findUnstorableText(c.req.param()) ??
    // A query key may come more than once (`?q=a&q=b`): the field is the key.
    (inQuery && { ...inQuery, field: inQuery.field.split('.')[0] ?? inQuery.field }) ??
    findUnstorableText(await jsonBodyOf(c));
  if (found) {
    throw new DomainError('validation_failed', 'Some of what was sent cannot be stored.', {
      [found.field]: found.reason,
    });
  }
  await next();
};
