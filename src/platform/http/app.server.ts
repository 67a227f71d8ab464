import { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { userRoutes } from '~/features/account/user.routes';
import { adminAuditRoutes } from '~/features/admin/audit.routes';
import { adminUsersRoutes } from '~/features/admin/users.routes';
import { adminBlogsRoutes } from '~/features/blogs/admin.routes';
import { blogsRoutes } from '~/features/blogs/blogs.routes';
import { adminCatalogueRoutes } from '~/features/catalogue/catalogue.routes';
import { adminEventsRoutes } from '~/features/events/admin.routes';
import { eventsRoutes } from '~/features/events/events.routes';
import { childrenRoutes } from '~/features/family/children.routes';
import { familyRoutes } from '~/features/family/family.routes';
import { adminInquiriesRoutes } from '~/features/inquiries/admin.routes';
import { inquiriesRoutes } from '~/features/inquiries/inquiries.routes';
import { interviewsRoutes } from '~/features/interviews/interviews.routes';
import { adminPaymentsRoutes } from '~/features/payments/admin.routes';
import { paymentsRoutes } from '~/features/payments/payments.routes';
import { adminPlansRoutes } from '~/features/plans/admin.routes';
import { plansRoutes } from '~/features/plans/plans.routes';
import { adminPodcastRoutes } from '~/features/podcast/admin.routes';
import { readAloudRoutes } from '~/features/readAloud/readAloud.routes';
import { readingRoutes } from '~/features/reading/reading.routes';
import { healthRoutes } from '~/features/site/health.routes';
import { sandboxProvider } from '~/platform/payments/provider.server';
import type { ApiDeps, ApiEnv } from './context.server';
import { ApiError, errorResponse, fieldsOf } from './errors';
import { isUploadPath } from './uploads';

/** The largest request body the API reads: JSON payloads here are small. */
export const MAX_BODY_BYTES = 64 * 1024;

/** The whole API under /api: every route validates its input and checks who is asking. */
export function createApi(deps: ApiDeps) {
  const app = new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => {
      if (!result.success) {
        throw new ApiError(
          400,
          'validation_failed',
          'Some of what was sent is not valid.',
          fieldsOf(result.error),
        );
      }
    },
  }).basePath('/api');

  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = crypto.randomUUID();
    c.set('requestId', requestId);
    c.header('X-Request-Id', requestId);
    await next();
    // Nothing is cached unless a route says it may be (answers about a family never are).
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
    // Method, route and status only: never headers (tokens), bodies (children's data) or queries.
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
  });

  // Uploads (recordings, pictures) have their own types and limits: see uploads.ts.
  const jsonOnly =
    (handler: MiddlewareHandler<ApiEnv>): MiddlewareHandler<ApiEnv> =>
    async (c, next) =>
      isUploadPath(c.req.path) ? next() : handler(c, next);

  app.use(
    jsonOnly(
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: () => {
          throw new ApiError(
            413,
            'payload_too_large',
            `Requests may be at most ${MAX_BODY_BYTES / 1024} KB.`,
          );
        },
      }),
    ),
  );

  // A body must be JSON: anything else would slip past the JSON validators.
  app.use(
    jsonOnly(async (c, next) => {
      const hasBody = c.req.header('content-length') !== undefined && c.req.header('content-length') !== '0';
      if (hasBody || c.req.header('transfer-encoding')) {
        const type = c.req.header('content-type') ?? '';
        if (!/^application\/json\b/i.test(type)) {
          throw new ApiError(
            400,
            'bad_request',
            'Send the body as JSON, with Content-Type: application/json.',
            {
              body: 'Must be JSON.',
            },
          );
        }
      }
      await next();
    }),
  );

  healthRoutes(app, deps);
  userRoutes(app, deps);
  plansRoutes(app, deps);
  inquiriesRoutes(app, deps);
  childrenRoutes(app, deps);
  blogsRoutes(app, deps);
  eventsRoutes(app, deps);
  familyRoutes(app, deps);
  readAloudRoutes(app, deps);
  readingRoutes(app, deps);
  interviewsRoutes(app, deps);
  // One provider for the whole API: the sandbox signs its events with a secret only it knows.
  const payments = deps.payments ?? sandboxProvider();
  paymentsRoutes(app, deps, payments);
  adminPaymentsRoutes(app, deps, payments);
  // The admin console, one module per area.
  adminAuditRoutes(app, deps);
  adminBlogsRoutes(app, deps);
  adminCatalogueRoutes(app, deps);
  adminEventsRoutes(app, deps);
  adminInquiriesRoutes(app, deps);
  adminPlansRoutes(app, deps);
  adminPodcastRoutes(app, deps);
  adminUsersRoutes(app, deps);

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'Firebase ID token',
  });
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Quill Reads API',
      version: '1.0.0',
      description:
        'Every error answers { "error": { "code", "message", "fields"? } }. Protected routes need `Authorization: Bearer <Firebase ID token>`.',
    },
  });

  app.notFound((c) => errorResponse(c, new ApiError(404, 'not_found', 'There is no such API route.')));

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (error instanceof HTTPException) {
      // Hono's own refusals, e.g. a body that is not valid JSON.
      const status = error.status === 413 ? 413 : 400;
      return errorResponse(
        c,
        status === 413
          ? new ApiError(413, 'payload_too_large', `Requests may be at most ${MAX_BODY_BYTES / 1024} KB.`)
          : new ApiError(400, 'bad_request', 'The request body is not valid JSON.', {
              body: 'Not valid JSON.',
            }),
      );
    }
    deps.logger.error({ requestId: c.get('requestId'), ...safeErrorFields(error) }, 'unhandled error');
    return errorResponse(
      c,
      new ApiError(500, 'internal', 'Something went wrong on our side. Please try again.'),
    );
  });

  return app;
}

export type Api = ReturnType<typeof createApi>;

/**
 * What an unexpected error may say in the log. Database errors carry the query's parameters
 * (emails, children's names) in their message: only their name, code and constraint are kept.
 */
export function safeErrorFields(error: unknown) {
  const err = error as {
    name?: string;
    code?: string;
    constraint?: string;
    cause?: { code?: string; constraint?: string };
  };
  const code = err?.code ?? err?.cause?.code;
  const constraint = err?.constraint ?? err?.cause?.constraint;
  const isDatabase = code !== undefined || err?.name === 'DrizzleQueryError';
  return {
    errorName: err?.name ?? typeof error,
    ...(code ? { dbCode: code } : {}),
    ...(constraint ? { constraint } : {}),
    ...(isDatabase ? {} : { stack: error instanceof Error ? error.stack : undefined }),
  };
}
