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
 * Mounts the operations most admin record screens share: the list answers the service's page,
 * the create (when given) its new record (201), the get and the update (when given) the record or
 * 404 naming `missing` ("That book"). Each service's input and answer are checked against its
 * contract's schemas here, as `route()` would check a handler.
 */
export function adminRecordRoutes<
  LQ extends z.ZodType,
  LR extends z.ZodType,
  GP extends z.ZodType<{ id: string }>,
  GR extends z.ZodType,
  CB extends z.ZodType = z.ZodNever,
  CR extends z.ZodType = z.ZodNever,
  UP extends z.ZodType<{ id: string }> = z.ZodNever,
  UB extends z.ZodType = z.ZodNever,
  UR extends z.ZodType = z.ZodNever,
>(
  app: OpenAPIHono<ApiEnv>,
  deps: ApiDeps,
  missing: string,
  operations: {
    list: [
      Contract<'get', string, undefined, LQ, undefined, 200, LR>,
      (db: Db, query: z.output<LQ>) => Promise<z.input<LR>>,
    ];
    create?: [
      Contract<'post', string, undefined, undefined, CB, 201, CR>,
      (db: Db, actorId: string, input: z.output<CB>) => Promise<z.input<CR>>,
    ];
    get: [
      Contract<'get', string, GP, undefined, undefined, 200, GR>,
      (db: Db, id: string) => Promise<z.input<GR> | undefined>,
    ];
    update?: [
      Contract<'patch', string, UP, undefined, UB, 200, UR>,
      (db: Db, actorId: string, id: string, input: z.output<UB>) => Promise<z.input<UR> | undefined>,
    ];
  },
) {
  const mount = (contract: AnyContract, handler: (c: RecordContext) => Promise<Response>) =>
    route(app, deps, contract as never, handler as never);
  const found = <T>(record: T | undefined): T => {
    if (!record) throw notFound(missing);
    return record;
  };
  const idOf = (c: RecordContext) => (c.req.valid('param') as { id: string }).id;
  const { list, create, get, update } = operations;
  mount(list[0], async (c) => c.json(await list[1](deps.db, c.req.valid('query') as z.output<LQ>), 200));
  if (create) {
    const [contract, service] = create;
    mount(contract, async (c) =>
      c.json(await service(deps.db, c.get('user').id, c.req.valid('json') as z.output<CB>), 201),
    );
  }
  mount(get[0], async (c) => c.json(found(await get[1](deps.db, idOf(c))), 200));
  if (update) {
    const [contract, service] = update;
    mount(contract, async (c) => {
      const input = c.req.valid('json') as z.output<UB>;
      return c.json(found(await service(deps.db, c.get('user').id, idOf(c), input)), 200);
    });
  }
}
