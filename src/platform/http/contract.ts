import * as z from 'zod';
import { errorBodySchema } from './common.schema';

/**
 * One API operation, described once and read by both sides: the server mounts it as an OpenAPI
 * route (src/platform/http/route.server.ts), the browser calls it (src/platform/client/api.ts) and
 * parses the answer with the same zod schema the OpenAPI document shows. Browser-safe: zod only.
 */

/** Who may call: anyone, anyone signed in with the identity service, a family account, an administrator, a reading guide. */
export type Access = 'public' | 'identity' | 'account' | 'admin' | 'guide';
export type Method = 'get' | 'post' | 'patch' | 'put' | 'delete';
type SuccessStatus = 200 | 201 | 204;

type Json<S> = { 'application/json': { schema: S } };

/** The method and the path under /api, with `{name}` for each path parameter: 'GET /children/{id}'. */
type RouteLine = `${Uppercase<Method>} /${string}`;
type MethodOf<L extends RouteLine> = L extends `${infer M} ${string}` ? Lowercase<M> & Method : never;
type PathOf<L extends RouteLine> = L extends `${string} ${infer P}` ? P : never;

interface ContractInput<Params, Query, Body, Optional extends boolean, S extends SuccessStatus, R, S2, R2> {
  summary: string;
  description?: string;
  access: Access;
  params?: Params;
  query?: Query;
  /** A JSON body. */
  body?: Body;
  /** The body may be left out (the handler then reads undefined). */
  bodyOptional?: Optional;
  /** The success status and its answer (a zod schema; none for 204). */
  status: S;
  response?: R;
  /** What the answer is, in the OpenAPI document. */
  returns: string;
  /** A second success status (201 when a sign-in creates the account). */
  also?: { status: S2; response?: R2; returns: string };
  /** Error statuses beyond the ones the shape implies (400 with input, 401 and 403 with access, 404 with parameters, 413 with a body, 400 and 409 with POST). */
  errors?: readonly number[];
  /** Extra OpenAPI request entries (a raw upload's content types). */
  request?: Record<string, unknown>;
  /** Extra OpenAPI response entries (a binary answer). */
  responses?: Record<number, unknown>;
}

type Nothing = Record<never, never>;
type RequestOf<Params, Query, Body, Optional extends boolean> = (Params extends z.ZodType
  ? { params: Params }
  : Nothing) &
  (Query extends z.ZodType ? { query: Query } : Nothing) &
  (Body extends z.ZodType
    ? { body: { content: Json<Body>; required: Optional extends true ? false : true } }
    : Nothing);

type SuccessOf<S extends SuccessStatus, R> = {
  [K in S]: R extends z.ZodType ? { description: string; content: Json<R> } : { description: string };
};
type AlsoOf<S2, R2> = [S2] extends [SuccessStatus] ? SuccessOf<S2 & SuccessStatus, R2> : Nothing;

export type Contract<
  M extends Method = Method,
  P extends string = string,
  Params = unknown,
  Query = unknown,
  Body = unknown,
  S extends SuccessStatus = SuccessStatus,
  R = unknown,
  Optional extends boolean = false,
  S2 = never,
  R2 = undefined,
> = {
  method: M;
  path: P;
  operationId: string;
  summary: string;
  description?: string;
  access: Access;
  request: RequestOf<Params, Query, Body, Optional>;
  responses: SuccessOf<S, R> & AlsoOf<S2, R2>;
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
function errorResponses(...codes: readonly number[]): Record<number, typeof errorEntry> {
  return Object.fromEntries(codes.map((code) => [code, errorEntry]));
}

/** The OpenAPI content entry of a JSON body or answer. */
export const json = <T extends z.ZodType>(schema: T): Json<T> => ({ 'application/json': { schema } });

const binary = z.string().meta({ format: 'binary' });

/** The OpenAPI content entry of a file sent or answered as raw bytes, one entry per media type. */
export const binaryContent = (types: readonly string[]) =>
  Object.fromEntries(types.map((type) => [type, { schema: binary }]));

/**
 * Describes an operation: `contract('getReadingLog', 'GET /children/{id}/reading', {...})`. The error
 * statuses its shape implies are added here, once.
 */
export function contract<
  const L extends RouteLine,
  S extends SuccessStatus,
  Params extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Body extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
  Optional extends boolean = false,
  S2 extends SuccessStatus | never = never,
  R2 extends z.ZodType | undefined = undefined,
>(
  operationId: string,
  line: L,
  input: ContractInput<Params, Query, Body, Optional, S, R, S2, R2>,
): Contract<MethodOf<L>, PathOf<L>, Params, Query, Body, S, R, Optional, S2, R2> {
  const { params, query, body, status, response, returns, errors = [], access, also } = input;
  const space = line.indexOf(' ');
  const implied = new Set<number>(errors);
  const takesInput = params || query || body || input.request;
  if (takesInput) implied.add(400);
  if (access !== 'public') implied.add(401);
  if (access === 'admin' || access === 'account' || access === 'guide') implied.add(403);
  if (params) implied.add(404);
  if (body || input.request) implied.add(413);
  // Every POST honours an Idempotency-Key (route.server.ts): a malformed key answers 400, and a key
  // sent again with another body or query 409.
  if (line.startsWith('POST ')) {
    implied.add(400);
    implied.add(409);
  }
  const request = {
    ...(params ? { params } : {}),
    ...(query ? { query } : {}),
    ...(body ? { body: { content: json(body), required: !input.bodyOptional } } : {}),
    ...input.request,
  };
  const success = (answer: z.ZodType | undefined, description: string) =>
    answer ? { description, content: json(answer) } : { description };
  return {
    method: line.slice(0, space).toLowerCase() as MethodOf<L>,
    path: line.slice(space + 1) as PathOf<L>,
    operationId,
    summary: input.summary,
    ...(input.description ? { description: input.description } : {}),
    access,
    request: request as RequestOf<Params, Query, Body, Optional>,
    responses: {
      [status]: success(response, returns),
      ...(also ? { [also.status]: success(also.response, also.returns) } : {}),
      ...input.responses,
      ...errorResponses(...[...implied].sort()),
    } as SuccessOf<S, R> & AlsoOf<S2, R2>,
    answer: response as R,
    status,
  };
}
