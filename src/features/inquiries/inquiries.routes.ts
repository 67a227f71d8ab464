import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { clientAddress } from '~/platform/http/middleware.server';
import { route } from '~/platform/http/route.server';
import { inquiriesApi as api } from './inquiries.api';
import { INQUIRIES_PER_TEN_MINUTES } from './inquiries.schema';
import { receiveInquiry } from './inquiries.server';

export function inquiriesRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.create, async (c) => {
    const from = {
      address: clientAddress(c, deps),
      perTenMinutes: deps.settings.INQUIRY_RATE_LIMIT_PER_TEN_MINUTES ?? INQUIRIES_PER_TEN_MINUTES,
    };
    return c.json(await receiveInquiry(deps, from, c.req.valid('json')), 201);
  });
}
