import type { OpenAPIHono } from '@hono/zod-openapi';
import type * as z from 'zod';
import type { Db } from '~/platform/db/client.server';
import { notFound } from '~/platform/errors';
import type { ApiDeps, ApiEnv } from './context.server';
import type { AnyContract, Contract } from './contract';
import { route } from './route.server';

/** What the three handlers below read of Hono's context (its generics cannot follow type parameters). */
interface RecordContext {
  req: { valid(target: 'query' | 'json' | 'param'): unknown };
  get(key: 'user'): { id: string };
  json(body: unknown, status: 200 | 201): Response;
}

/**
 * Mounts the list, create (when given) and get operations most admin record screens share, in
 * that order: the list answers the service's page, the create its new record (201), the get the
 * record or 404 naming `missing` ("That book"). Each service's input and answer are checked against
 * its contract's schemas here, as `route()` would check a handler.
 */
export function adminRecordRoutes<
  LQ extends z.ZodType,
  LR extends z.ZodType,
  GP extends z.ZodType<{ id: string }>,
  GR extends z.ZodType,
  CB extends z.ZodType = z.ZodNever,
  CR extends z.ZodType = z.ZodNever,
>(
  app: OpenAPIHono<ApiEnv>,
  deps: ApiDeps,
  missing: string,
  list: [
    Contract<'get', string, undefined, LQ, undefined, 200, LR>,
    (db: Db, query: z.output<LQ>) => Promise<z.input<LR>>,
  ],
  create:
    | [
        Contract<'post', string, undefined, undefined, CB, 201, CR>,
        (db: Db, actorId: string, input: z.output<CB>) => Promise<z.input<CR>>,
      ]
    | null,
  get: [
    Contract<'get', string, GP, undefined, undefined, 200, GR>,
    (db: Db, id: string) => Promise<z.input<GR> | undefined>,
  ],
) {
  const mount = (contract: AnyContract, handler: (c: RecordContext) => Promise<Response>) =>
    route(app, deps, contract as never, handler as never);
  const [listContract, listService] = list;
  mount(listContract, async (c) =>
    c.json(await listService(deps.db, c.req.valid('query') as z.output<LQ>), 200),
  );
  if (create) {
    const [createContract, createService] = create;
    mount(createContract, async (c) =>
      c.json(await createService(deps.db, c.get('user').id, c.req.valid('json') as z.output<CB>), 201),
    );
  }
  const [getContract, getService] = get;
  mount(getContract, async (c) => {
    const record = await getService(deps.db, (c.req.valid('param') as z.output<GP>).id);
    if (!record) throw notFound(missing);
    return c.json(record, 200);
  });
}
