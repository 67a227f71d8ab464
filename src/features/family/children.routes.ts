import { createRoute, type OpenAPIHono } from '@hono/zod-openapi';
import * as z from 'zod';
import { DomainError, notFound } from '~/platform/errors';
import { uuidSchema } from '~/platform/http/common.schema';
import type { ApiDeps, ApiEnv } from '~/platform/http/context.server';
import { errorResponses, json } from '~/platform/http/contract';
import { requireAccount } from '~/platform/http/middleware.server';
import { findOwnChild } from '~/platform/identity/accounts.server';
import { getStorage } from '~/platform/storage/index.server';
import { childInputSchema, childSchema, MAX_CHILDREN_PER_FAMILY } from './children.schema';
import {
  childrenDtos,
  createChildWithinLimit,
  deleteChild,
  listChildren,
  updateChild,
} from './children.server';
import { userDto } from './family.server';
import { userSchema } from './user.schema';

const childIdParams = z.object({ id: uuidSchema });

export function childrenRoutes(app: OpenAPIHono<ApiEnv>, deps: ApiDeps) {
  const account = requireAccount(deps);

  app.openapi(
    createRoute({
      method: 'get',
      path: '/children',
      summary: "The signed-in family's children",
      operationId: 'listChildren',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      responses: {
        200: {
          description: 'Children, oldest profile first',
          content: { 'application/json': { schema: z.array(childSchema) } },
        },
        ...errorResponses(401, 403),
      },
    }),
    async (c) => c.json(await childrenDtos(deps.db, await listChildren(deps.db, c.get('user').id)), 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/children',
      summary: 'Adds a child to the family',
      operationId: 'createChild',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { body: { content: { 'application/json': { schema: childInputSchema } }, required: true } },
      responses: {
        201: { description: 'The new child', content: { 'application/json': { schema: childSchema } } },
        ...errorResponses(400, 401, 403, 409, 413),
      },
    }),
    async (c) => {
      const user = c.get('user');
      const child = await createChildWithinLimit(
        deps.db,
        user.id,
        c.req.valid('json'),
        MAX_CHILDREN_PER_FAMILY,
      );
      if (!child) {
        throw new DomainError(
          'conflict',
          `A family account can hold up to ${MAX_CHILDREN_PER_FAMILY} children.`,
        );
      }
      const [dto] = await childrenDtos(deps.db, [child]);
      return c.json(dto as z.infer<typeof childSchema>, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/children/{id}',
      summary: 'One child of the family',
      operationId: 'getChild',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: childIdParams },
      responses: {
        200: { description: 'The child', content: { 'application/json': { schema: childSchema } } },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const child = await findOwnChild(deps.db, c.get('user').id, c.req.valid('param').id);
      if (!child) throw notFound('That child');
      const [dto] = await childrenDtos(deps.db, [child]);
      return c.json(dto as z.infer<typeof childSchema>, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/children/{id}',
      summary: "Changes a child's profile",
      operationId: 'updateChild',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: childIdParams, body: { content: json(childInputSchema), required: true } },
      responses: {
        200: { description: 'The child, changed', content: json(childSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const user = c.get('user');
      const updated = await updateChild(deps.db, user.id, c.req.valid('param').id, c.req.valid('json'));
      if (!updated) throw notFound('That child');
      const [dto] = await childrenDtos(deps.db, [updated]);
      return c.json(dto as z.infer<typeof childSchema>, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/children/{id}',
      summary: 'Removes a child and everything about them (reading, recordings, notifications, seats)',
      operationId: 'deleteChild',
      security: [{ bearer: [] }],
      middleware: [account] as const,
      request: { params: childIdParams },
      responses: {
        200: { description: 'The family, without the child', content: json(userSchema) },
        ...errorResponses(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const user = c.get('user');
      if (!(await deleteChild(deps.db, deps.storage ?? getStorage(), user.id, c.req.valid('param').id))) {
        throw notFound('That child');
      }
      return c.json(await userDto(deps.db, user), 200);
    },
  );
}
