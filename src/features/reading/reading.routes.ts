import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { invalid, notFound } from '~/platform/errors';
import { uuidSchema } from '~/platform/http/common.schema';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { errorResponses, json } from '~/platform/http/contract';
import { requireAccount } from '~/platform/http/middleware.server';
import { ownChildOr404 } from '~/platform/identity/accounts.server';
import { decodeEntryCursor, isPlausibleToday, utcDay } from './reading';
import {
  entryParamsSchema,
  readingChangeSchema,
  readingEntryInputSchema,
  readingEntryPatchSchema,
  readingLogQuerySchema,
  readingLogSchema,
} from './reading.schema';
import { addEntry, deleteEntry, readingLog, updateEntry } from './reading.server';

const NO_ENTRY = () => notFound('That reading entry');

export function readingRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const account = requireAccount(deps);

  /** The family's own child, or 404: another family's child is indistinguishable from none. */

  app.openapi(
    createRoute({
      method: 'get',
      path: '/children/{id}/reading',
      summary: "A child's reading log: entries newest first, a page at a time, and its totals",
      operationId: 'getReadingLog',
      description:
        'Totals for this week and month, the last 12 weeks (Monday to Sunday) and months, and the streak. Pass the family’s own date as `today` (within a day of UTC); without it, the server’s UTC date.',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: z.object({ id: uuidSchema }), query: readingLogQuerySchema },
      responses: {
        200: { description: 'The log', content: json(readingLogSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const { before, limit, today } = c.req.valid('query');
      const cursor = before === undefined ? undefined : decodeEntryCursor(before);
      if (before !== undefined && !cursor)
        throw invalid({ before: 'Not a position in the log: use the nextCursor of a previous page.' });
      if (today !== undefined && !isPlausibleToday(today))
        throw invalid({ today: 'Send today’s date where you are, as YYYY-MM-DD.' });
      const child = await ownChildOr404(deps.db, c.get('user').id, c.req.valid('param').id);
      const log = await readingLog(deps.db, child, {
        today: today ?? utcDay(new Date()),
        before: cursor,
        limit,
      });
      return c.json(log, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/children/{id}/reading',
      summary: "Adds an entry to a child's reading log",
      operationId: 'createReadingEntry',
      description:
        'A catalogue book (`bookId`: its title and author come from the catalogue) or a `title` and optional `author`. No day in the future, no more than 1,440 minutes on one day in all. Announces milestones (streaks of 3, 7, 14, 30 days; 10, 25, 50, 100 books) once each.',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: {
        params: z.object({ id: uuidSchema }),
        body: { content: json(readingEntryInputSchema), required: true },
      },
      responses: {
        201: {
          description: 'The new entry and the milestones it announced',
          content: json(readingChangeSchema),
        },
        ...errorResponses(400, 401, 403, 404, 413),
      },
    }),
    async (c) => {
      const child = await ownChildOr404(deps.db, c.get('user').id, c.req.valid('param').id);
      const change = await addEntry(deps.db, child, c.req.valid('json'));
      return c.json(change, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/children/{id}/reading/{entryId}',
      summary: 'Changes an entry of a child’s reading log (only the fields sent)',
      operationId: 'updateReadingEntry',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: {
        params: entryParamsSchema,
        body: { content: json(readingEntryPatchSchema), required: true },
      },
      responses: {
        200: { description: 'The entry as it is now', content: json(readingChangeSchema) },
        ...errorResponses(400, 401, 403, 404, 413),
      },
    }),
    async (c) => {
      const { id, entryId } = c.req.valid('param');
      const child = await ownChildOr404(deps.db, c.get('user').id, id);
      const change = await updateEntry(deps.db, child, entryId, c.req.valid('json'));
      if (!change) throw NO_ENTRY();
      return c.json(change, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/children/{id}/reading/{entryId}',
      summary: 'Deletes an entry of a child’s reading log',
      operationId: 'deleteReadingEntry',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: entryParamsSchema },
      responses: {
        204: { description: 'Deleted' },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const { id, entryId } = c.req.valid('param');
      const child = await ownChildOr404(deps.db, c.get('user').id, id);
      if (!(await deleteEntry(deps.db, child, entryId))) throw NO_ENTRY();
      return c.body(null, 204);
    },
  );
}
