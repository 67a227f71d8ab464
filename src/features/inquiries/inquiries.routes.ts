import { randomUUID } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { inquiries } from '~/platform/db/schema.server';
import { DomainError } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { clientAddress } from '~/platform/http/middleware.server';
import { route } from '~/platform/http/route.server';
import { inquiriesApi as api } from './inquiries.api';
import { INQUIRIES_PER_TEN_MINUTES } from './inquiries.schema';

export function inquiriesRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.create, async (c) => {
    const limit = await deps.rateLimiter.hit(
      `inquiry:${clientAddress(c, deps)}`,
      deps.settings.INQUIRY_RATE_LIMIT_PER_TEN_MINUTES ?? INQUIRIES_PER_TEN_MINUTES,
      10 * 60_000,
    );
    if (!limit.allowed) {
      throw new DomainError(
        'rate_limited',
        'You have sent several messages already. Please wait a few minutes.',
        undefined,
        {
          'Retry-After': String(limit.retryAfterS),
        },
      );
    }
    const { website, ...input } = c.req.valid('json');
    // A filled honeypot is a robot: answer as if all went well, keep nothing.
    if (website && website.trim() !== '') {
      deps.logger.info({ route: '/inquiries' }, 'honeypot filled; message dropped');
      return c.json({ id: randomUUID(), ...input, createdAt: new Date().toISOString() }, 201);
    }
    const [row] = await deps.db.insert(inquiries).values(input).returning();
    if (!row) throw new Error('insert returned no row');
    return c.json(
      {
        id: row.id,
        name: row.name,
        email: row.email,
        subject: row.subject,
        message: row.message,
        createdAt: row.createdAt.toISOString(),
      },
      201,
    );
  });
}
