import { OpenAPIHono } from '@hono/zod-openapi';
import type { ErrorHandler, MiddlewareHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { DomainError } from '~/platform/errors';
import { errorResponse, fieldsOf } from '~/platform/http/errorResponse';
import { serveApiDescription } from './apiDocs.server';
import { readBody } from './body';
import type { ApiDeps, ApiEnv } from './context.server';
import { safeErrorFields } from './errorLog';
import { isUploadPath } from './uploads';

/** The largest request body the API reads: JSON payloads here are small. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * The API under /api: request ids and logging, body limits, the OpenAPI document and one error
 * mapping. `mountRoutes` adds the features' routes (src/features/api.server.ts lists them).
 */
export function createHttpApp(deps: ApiDeps, mountRoutes: (app: OpenAPIHono<ApiEnv>) => void) {
  const app = new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        throw new DomainError(
          'validation_failed',
          'Some of what was sent is not valid.',
          fieldsOf(result.error),
        );
      }
    },
  }).basePath('/api');

  app.use(requestLog(deps));
  app.use(jsonOnly(bodyWithinLimit));
  app.use(jsonOnly(bodyIsJson));

  mountRoutes(app);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'Firebase ID token',
  });
  serveApiDescription(app);

  app.notFound((c) => errorResponse(c, new DomainError('not_found', 'There is no such API route.')));
  app.onError(answerError(deps));
  return app;
}

/** Gives each request an id, keeps answers out of caches unless a route allows it, and logs it. */
function requestLog(deps: ApiDeps): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    const started = performance.now();
    const requestId = crypto.randomUUID();
    c.set('requestId', requestId);
    c.header('X-Request-Id', requestId);
    await next();
    // Nothing is cached unless a route says it may be (answers about a family never are).
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
    // Method, route and status only: never headers (tokens), bodies (children's data) or queries.
    if (deps.logger.isLevelEnabled('info'))
      deps.logger.info(
        {
          requestId,
          method: c.req.method,
          route: c.req.routePath,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      );
  };
}

// Uploads (recordings, pictures) have their own types and limits: see uploads.ts. GET and HEAD
// carry no body, and looking for one would cost every read a full Request object.
const jsonOnly =
  (handler: MiddlewareHandler<ApiEnv>): MiddlewareHandler<ApiEnv> =>
  async (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || isUploadPath(c.req.path) ? next() : handler(c, next);

/**
 * Read here, whole and counted (chunked bodies declare no length), so a handler never starts on a
 * body over the limit; the routes then parse the bytes kept in memory.
 */
const bodyWithinLimit: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (c.req.raw.body) {
    const bytes = await readBody(
      c.req.raw,
      MAX_BODY_BYTES,
      `Requests may be at most ${MAX_BODY_BYTES / 1024} KB.`,
    );
    c.req.raw = new Request(c.req.raw, { body: bytes });
  }
  await next();
};

/** A body must be JSON: anything else would slip past the JSON validators. */
const bodyIsJson: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const hasBody = c.req.header('content-length') !== undefined && c.req.header('content-length') !== '0';
  if (hasBody || c.req.header('transfer-encoding')) {
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\b/i.test(type)) {
      throw new DomainError('bad_request', 'Send the body as JSON, with Content-Type: application/json.', {
        body: 'Must be JSON.',
      });
    }
  }
  await next();
};

/** The one error mapping: a domain error as it is, Hono's refusals as bad JSON, the rest as ours. */
function answerError(deps: ApiDeps): ErrorHandler<ApiEnv> {
  return (error, c) => {
    if (error instanceof DomainError) return errorResponse(c, error);
    if (error instanceof HTTPException) {
      // Hono's own refusals: a body that is not valid JSON (sizes are refused by readBody).
      return errorResponse(
        c,
        new DomainError('bad_request', 'The request body is not valid JSON.', { body: 'Not valid JSON.' }),
      );
    }
    deps.logger.error({ requestId: c.get('requestId'), ...safeErrorFields(error) }, 'unhandled error');
    return errorResponse(
      c,
      new DomainError('internal', 'Something went wrong on our side. Please try again.'),
    );
  };
}

export type Api = ReturnType<typeof createHttpApp>;
