import type * as z from 'zod';
import { call } from '~/platform/client/api';
import type { AnyContract } from '~/platform/http/contract';

/** An operation of the catalogue's API whose answer is a T (its contract's answer schema says so). */
export type Op<T> = AnyContract & { answer: z.ZodType<T> };
/** An operation on one record, named by `{id}` in its path. */
export type RecordOp<T> = Op<T> & { path: `${string}{id}${string}` };

/**
 * Calls one of a kind's operations. The forms here serve books and passages alike, so the
 * contract is a parameter and its options cannot be checked against it; its answer is still
 * parsed with the contract's schema.
 */
export const send = <T>(
  op: Op<T>,
  options: {
    params?: { id: string };
    body?: unknown;
    file?: Blob;
    signal?: AbortSignal;
    /** For an add: the same key for every try of one submission (see `call`). */
    idempotencyKey?: string;
  },
): Promise<T> => call(op, options as never) as Promise<T>;
