import type { OpenAPIHono } from '@hono/zod-openapi';
import { isPlausibleToday, utcDay } from '~/platform/days';
import { invalid, notFound } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { route } from '~/platform/http/route.server';
import { ownChildOr404 } from '~/platform/identity/accounts.server';
import { decodeEntryCursor } from './reading';
import { readingApi as api } from './reading.api';
import { addEntry, deleteEntry, readingLog, updateEntry } from './reading.server';

const NO_ENTRY = () => notFound('That reading entry');

/** A child's reading log; the family's own child, or 404: another family's child is indistinguishable from none. */
export function readingRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  route(app, deps, api.log, async (c) => {
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
  });

  route(app, deps, api.create, async (c) => {
    const child = await ownChildOr404(deps.db, c.get('user').id, c.req.valid('param').id);
    const change = await addEntry(deps.db, child, c.req.valid('json'));
    return c.json(change, 201);
  });

  route(app, deps, api.update, async (c) => {
    const { id, entryId } = c.req.valid('param');
    const child = await ownChildOr404(deps.db, c.get('user').id, id);
    const change = await updateEntry(deps.db, child, entryId, c.req.valid('json'));
    if (!change) throw NO_ENTRY();
    return c.json(change, 200);
  });

  route(app, deps, api.delete, async (c) => {
    const { id, entryId } = c.req.valid('param');
    const child = await ownChildOr404(deps.db, c.get('user').id, id);
    if (!(await deleteEntry(deps.db, child, entryId))) throw NO_ENTRY();
    return c.body(null, 204);
  });
}
