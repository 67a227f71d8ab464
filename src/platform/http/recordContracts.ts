import type * as z from 'zod';
import { idParamsSchema } from './common.schema';
import { type Access, operation } from './contract';

/**
 * The contracts of one kind of record at one path: `recordContracts('/admin/books', 'admin')`. Its
 * list is `GET /admin/books`, its create `POST /admin/books` (201), its get, update and delete
 * `GET`, `PATCH` and `DELETE /admin/books/{id}`, all for the same callers, the `{id}` always one of
 * this site's ids. Each operation still names its operationId and says what it does and answers;
 * its method, path, access, parameters and success status come from here, once.
 * Browser-safe: zod only, like contract.ts.
 */

type Schema = z.ZodType | undefined;

/** What every operation of a record says of itself. */
interface Words<R extends Schema> {
  summary: string;
  description?: string;
  /** The answer's schema (none for 204). */
  response?: R;
  /** What the answer is, in the OpenAPI document. */
  returns: string;
  /** Error statuses beyond the ones the shape implies (see contract()). */
  errors?: readonly number[];
}

/** The operations of the record at `path`, each for callers with `access`. */
export function recordContracts<const Path extends `/${string}`>(path: Path, access: Access) {
  const one = `${path}/{id}` as const;
  const params = idParamsSchema;
  return {
    /** `GET path`: the records, filtered and paged by `query` when it has one. */
    list: <R extends Schema = undefined, Q extends Schema = undefined>(
      operationId: string,
      input: Words<R> & { query?: Q },
    ) => operation('get', path, operationId, { ...input, access, status: 200 }),

    /** `POST path`: a new record (201), from `body` when it takes one. */
    create: <R extends Schema = undefined, B extends Schema = undefined>(
      operationId: string,
      input: Words<R> & { body?: B },
    ) => operation('post', path, operationId, { ...input, access, status: 201 }),

    /** `GET path/{id}`: one record. */
    get: <R extends Schema = undefined>(operationId: string, input: Words<R>) =>
      operation('get', one, operationId, { ...input, access, params, status: 200 }),

    /** `PATCH path/{id}`: a change to one record, from `body`. */
    update: <R extends Schema = undefined, B extends Schema = undefined>(
      operationId: string,
      input: Words<R> & { body: B },
    ) => operation('patch', one, operationId, { ...input, access, params, status: 200 }),

    /** `DELETE path/{id}`: one record removed, answered with 204 or with what the removal did (200). */
    delete: <S extends 200 | 204, R extends Schema = undefined>(
      operationId: string,
      input: Words<R> & { status: S },
    ) => operation('delete', one, operationId, { ...input, access, params }),
  };
}
