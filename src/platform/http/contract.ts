import * as z from 'zod';
import { errorBodySchema } from './common.schema';

/**
 * One API operation, described once and read by both sides: the server mounts it as an OpenAPI
 * route (src/platform/http/route.server.ts), the browser calls it (src/platform/client/api.ts) and
 * parses the answer with the same zod schema the OpenAPI document shows. Browser-safe: zod only.
 */

/** Who may call: anyone, anyone signed in with the identity service, a family account, an administrator. */
export type Access = 'public' | 'identity' | 'account' | 'admin';
export type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
export type SuccessStatus = 200 | 201 | 204;

type Json<S> = { 'application/json': { schema: S } };

export interface ContractInput<
  M extends Method,
  P extends string,
  Params,
  Query,
  Body,
  S extends SuccessStatus,
  R,
> {
  method: M;
  /** Under /api, with `{name}` for each path parameter: '/children/{id}'. */
  path: P;
  operationId: string;
  summary: string;
  description?: string;
  access: Access;
  params?: Params;
  query?: Query;
  /** A JSON body. */
  body?: Body;
  /** The success status and its answer (a zod schema; none for 204). */
  status: S;
  response?: R;
  /** What the answer is, in the OpenAPI document. */
  returns: string;
  /** Error statuses beyond the ones the shape implies (400 with input, 401 and 403 with access, 404 with parameters, 413 with a body). */
  errors?: readonly number[];
  /** Extra OpenAPI request entries (a raw upload's content types). */
  request?: Record<string, unknown>;
  /** Extra OpenAPI response entries (a binary answer, more statuses). */
  responses?: Record<number, unknown>;
}

type Nothing = Record<never, never>;
type RequestOf<Params, Query, Body> = (Params extends z.ZodType ? { params: Params } : Nothing) &
  (Query extends z.ZodType ? { query: Query } : Nothing) &
  (Body extends z.ZodType ? { body: { content: Json<Body>; required: true } } : Nothing);

type SuccessOf<S extends SuccessStatus, R> = {
  [K in S]: R extends z.ZodType ? { description: string; content: Json<R> } : { description: string };
};

export type Contract<
  M extends Method = Method,
  P extends string = string,
  Params = unknown,
  Query = unknown,
  Body = unknown,
  S extends SuccessStatus = SuccessStatus,
  R = unknown,
> = {
  method: M;
  path: P;
  operationId: string;
  summary: string;
  description?: string;
  access: Access;
  request: RequestOf<Params, Query, Body>;
  responses: SuccessOf<S, R>;
  /** The answer's schema, for the browser's parser. */
  answer: R;
  status: S;
};

/** What every contract has, whatever its schemas: what the client and the router take. */
export interface AnyContract {
  method: Method;
  path: string;
  operationId: string;
  summary: string;
  access: Access;
  status: SuccessStatus;
  request: object;
  responses: object;
  answer: unknown;
}

const errorEntry = { description: 'Error', content: { 'application/json': { schema: errorBodySchema } } };

/** OpenAPI response entries for error statuses, all with the one error body. */
export function errorResponses(...codes: readonly number[]): Record<number, typeof errorEntry> {
  return Object.fromEntries(codes.map((code) => [code, errorEntry]));
}

/** The OpenAPI content entry of a JSON body or answer. */
export const json = <T extends z.ZodType>(schema: T): Json<T> => ({ 'application/json': { schema } });

const binary = z.string().meta({ format: 'binary' });

/** The OpenAPI content entry of a file sent or answered as raw bytes, one entry per media type. */
export const binaryContent = (types: readonly string[]) =>
  Object.fromEntries(types.map((type) => [type, { schema: binary }]));

/** Describes an operation; the error statuses its shape implies are added here, once. */
export function contract<
  const M extends Method,
  const P extends string,
  S extends SuccessStatus,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(input: ContractInput<M, P, Params, Query, Body, S, R>): Contract<M, P, Params, Query, Body, S, R> {
  const { params, query, body, status, response, returns, errors = [], access } = input;
  const implied = new Set<number>(errors);
  const takesInput = params || query || body || input.request;
  if (takesInput) implied.add(400);
  if (access !== 'public') implied.add(401);
  if (access === 'admin' || access === 'account') implied.add(403);
  if (params) implied.add(404);
  if (body || input.request) implied.add(413);
  const request = {
    ...(params ? { params } : {}),
    ...(query ? { query } : {}),
    ...(body ? { body: { content: json(body), required: true } } : {}),
    ...input.request,
  };
  return {
    method: input.method,
    path: input.path,
    operationId: input.operationId,
    summary: input.summary,
    ...(input.description ? { description: input.description } : {}),
    access,
    request: request as RequestOf<Params, Query, Body>,
    responses: {
      [status]: response ? { description: returns, content: json(response) } : { description: returns },
      ...input.responses,
      ...errorResponses(...[...implied].sort()),
    } as SuccessOf<S, R>,
    answer: response as R,
    status,
  };
}
