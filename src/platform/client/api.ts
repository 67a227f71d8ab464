import type * as z from 'zod';
import type { AnyContract as Contract } from '~/platform/http/contract';
import { currentIdToken } from '~/platform/identity/identity.client';
import { publicConfig } from '~/platform/publicConfig';
import { takePrefetched } from './prefetch';

/**
 * The one way the browser talks to the API: `call(contract, options)`. The contract (a feature's
 * `*.api.ts`) gives the method, the path, who may call and the answer's zod schema, the same one
 * the OpenAPI document shows; the answer is parsed with it, never cast.
 */

/** An error answer from the API, with the message to show and the fields to mark. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

const NETWORK = 'We could not reach Quill Reads. Check your connection and try again.';
const SIGN_IN = 'Sign in to continue.';
const UNEXPECTED = 'Quill Reads answered in a way this page did not expect. Please reload the page.';

type ParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never;
type RequestPart<C, K extends string> = C extends { request: Record<K, infer S> } ? S : undefined;
type JsonBody<C> = C extends { request: { body: { content: { 'application/json': { schema: infer S } } } } }
  ? S
  : undefined;

/** What a call sends: the path's parameters, the query, the JSON body or a file, as the contract says. */
export type CallOptions<C extends Contract> = ([ParamNames<C['path']>] extends [never]
  ? { params?: undefined }
  : { params: Record<ParamNames<C['path']>, string> }) &
  (RequestPart<C, 'query'> extends z.ZodType
    ? { query?: z.input<RequestPart<C, 'query'>> }
    : { query?: undefined }) &
  (JsonBody<C> extends z.ZodType
    ? C extends { request: { body: { required: false } } }
      ? { body?: z.input<JsonBody<C>> }
      : { body: z.input<JsonBody<C>> }
    : { body?: undefined }) & {
    /** A file sent as the raw body (uploads). */
    file?: Blob;
    /** A token to send instead of the signed-in user's current one (a fresh one after re-entering a password). */
    token?: string | null;
    signal?: AbortSignal;
    /** How long to wait; uploads get longer. */
    timeoutMs?: number;
    /**
     * One key for every send of one submission (a double-click, a retry after a lost answer): the
     * server makes the create happen once and answers each send the same (Idempotency-Key).
     */
    idempotencyKey?: string;
    /** The validator of the answer the page holds: the server answers 304 while it still holds. */
    ifNoneMatch?: string;
    /** What the page accepts; JSON unless said (an event stream). */
    accept?: string;
  };

/** What a call answers: the parsed answer, or null for 204. */
export type Answer<C extends Contract> = C['answer'] extends z.ZodType ? z.output<C['answer']> : null;

/**
 * A new idempotency key for one submission. `crypto.randomUUID` exists only on secure pages
 * (https, localhost); elsewhere the key is made from `getRandomValues`, which exists everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(
    '',
  );
}

function urlOf(path: string, params: Record<string, string> | undefined, query: object | undefined) {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path} needs ${name}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return `${publicConfig.apiBase}/api${filled}${qs ? `?${qs}` : ''}`;
}

async function send(contract: Contract, options: CallOptions<Contract>): Promise<Response> {
  const { body, file, signal } = options;
  const url = urlOf(contract.path, options.params, options.query);
  // The page's first data, asked for from its head before this code ran (decision 35), perhaps
  // before the session was restored here: a refused token (401) asks again with this one.
  const early = !file && !options.idempotencyKey ? takePrefetched(contract.method, url, body) : undefined;
  if (early) {
    const answer = await early.catch(() => null);
    if (answer && answer.status !== 401) return answer;
  }
  const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
  const token =
    contract.access === 'public'
      ? null
      : options.token !== undefined
        ? options.token
        : await currentIdToken();
  // Nobody signed in: the API would only refuse it (a signed-out visitor on a guarded page, whose
  // islands load hidden while the guard sends them to sign in). Refused here, as the API would.
  if (token === null && contract.access !== 'public')
    throw new ApiClientError(401, 'unauthenticated', SIGN_IN);
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  if (options.ifNoneMatch) headers['if-none-match'] = options.ifNoneMatch;
  if (file) headers['content-type'] = file.type || 'application/octet-stream';
  else if (body !== undefined) headers['content-type'] = 'application/json';
  // Give up rather than leave a spinner turning forever.
  const timeout = AbortSignal.timeout(options.timeoutMs ?? (file ? 120_000 : 20_000));
  try {
    return await fetch(url, {
      method: contract.method.toUpperCase(),
      headers,
      ...(file ? { body: file } : body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      // A conditional ask is the page's own: the browser's cache neither answers nor keeps it.
      ...(options.ifNoneMatch !== undefined ? { cache: 'no-store' as const } : {}),
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError' && signal?.aborted) throw error;
    throw new ApiClientError(0, 'network', NETWORK);
  }
}

async function refusal(res: Response): Promise<ApiClientError> {
  const data = (await res.json().catch(() => null)) as {
    error?: { code?: string; message?: string; fields?: Record<string, string> };
  } | null;
  return new ApiClientError(
    res.status,
    data?.error?.code ?? 'unknown',
    data?.error?.message ?? 'Something went wrong. Please try again.',
    data?.error?.fields ?? {},
  );
}

/** Calls an operation and answers its parsed answer, or throws ApiClientError with a message a person understands. */
export async function call<C extends Contract>(contract: C, options: CallOptions<C>): Promise<Answer<C>> {
  const res = await send(contract, options as CallOptions<Contract>);
  if (!res.ok) throw await refusal(res);
  return parsedAnswer(contract, res);
}

/**
 * Calls an operation that answers with a validator (ETag), sending the one the page holds:
 * 'unchanged' when the server answers 304, else the new answer and its validator.
 */
export async function callIfChanged<C extends Contract>(
  contract: C,
  etag: string | null,
  options: CallOptions<C>,
): Promise<{ etag: string | null; answer: Answer<C> } | 'unchanged'> {
  const res = await send(contract, { ...options, ifNoneMatch: etag ?? '' } as CallOptions<Contract>);
  if (res.status === 304) return 'unchanged';
  if (!res.ok) throw await refusal(res);
  return { etag: res.headers.get('etag'), answer: await parsedAnswer(contract, res) };
}

/**
 * Opens an operation that answers a stream (server-sent events) and answers the open Response:
 * a refusal throws as `call` does.
 */
export async function callForStream<C extends Contract>(
  contract: C,
  options: CallOptions<C>,
): Promise<Response> {
  // Open for longer than the server keeps a stream (it ends them itself, decision 36).
  const stream = { accept: 'text/event-stream', timeoutMs: 15 * 60_000, ...options };
  const res = await send(contract, stream as CallOptions<Contract>);
  if (!res.ok) throw await refusal(res);
  return res;
}

async function parsedAnswer<C extends Contract>(contract: C, res: Response): Promise<Answer<C>> {
  const schema = contract.answer as z.ZodType | undefined;
  if (!schema || res.status === 204) return null as Answer<C>;
  const data: unknown = await res.json().catch(() => undefined);
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    console.warn(`[api] ${contract.operationId} answered an unexpected shape`, parsed.error.issues[0]);
    throw new ApiClientError(res.status, 'unexpected_answer', UNEXPECTED);
  }
  return parsed.data as Answer<C>;
}

/** Calls an operation that answers bytes (a recording) and answers them as a Blob. */
export async function callForBlob<C extends Contract>(contract: C, options: CallOptions<C>): Promise<Blob> {
  const res = await send(contract, options as CallOptions<Contract>);
  if (!res.ok) throw await refusal(res);
  return res.blob();
}

/**
 * A feature's contracts, loaded the first time they are needed rather than with the page: zod and
 * the schemas then reach only the visitors who call the API (on public pages, the signed-in ones),
 * which keeps a first visit within its JavaScript budget (`npm run bench:pages`). A failed load
 * (offline) is not kept: the next call tries again.
 */
export function lazyContracts<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    if (!loaded) {
      loaded = load();
      loaded.catch(() => {
        loaded = undefined;
      });
    }
    return loaded;
  };
}
