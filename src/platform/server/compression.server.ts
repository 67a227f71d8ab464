import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

/**
 * Compression and validators for answers made on request (pages rendered on demand, server islands,
 * feeds, the API). Static files are compressed once at build time instead (scripts/build-server.mjs);
 * docs/decisions/0025-compression-and-caching.md says why and with what settings.
 */

export type Encoding = 'br' | 'gzip';

/** Text formats worth compressing; images, audio and archives are compressed already. */
const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|javascript|xml|rss\+xml|atom\+xml|ld\+json|manifest\+json|problem\+json)|image\/svg\+xml)/i;

/** Below this, a compressed answer saves less than its own headers cost. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * Brotli at quality 5 compresses text about as well as gzip -9 at a fraction of Brotli-11's cost:
 * the right trade for answers made on every request.
 */
const BROTLI_DYNAMIC = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** An event stream is sent as it is written: compressing it would hold every event back. */
const STREAMED = /^text\/event-stream\b/i;

export function isCompressible(contentType: string | null | undefined): boolean {
  return contentType ? COMPRESSIBLE.test(contentType) && !STREAMED.test(contentType) : false;
}

/**
 * The encoding to answer with, from Accept-Encoding (RFC 9110 §12.5.3): Brotli when the client
 * takes it, else gzip, else none. `q=0` refuses a coding; `*` stands for those not named.
 */
export function chooseEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: Encoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gzip = Math.max(weightOf('gzip'), weights.get('x-gzip') ?? 0);
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/** Above this, compression runs on libuv's thread pool rather than holding the event loop. */
const SYNC_COMPRESS_LIMIT = 64 * 1024;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function compress(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  if (body.byteLength > SYNC_COMPRESS_LIMIT) {
    return encoding === 'br' ? brotliAsync(body, BROTLI_DYNAMIC) : gzipAsync(body, { level: 6 });
  }
  return Promise.resolve(
    encoding === 'br' ? brotliCompressSync(body, BROTLI_DYNAMIC) : gzipSync(body, { level: 6 }),
  );
}

/** A weak validator of the body as the application made it (before any compression). */
export function etagOf(body: Uint8Array): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/** True when the client's If-None-Match names this validator (weak comparison, RFC 9110 §13.1.2). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}

export function addVary(headers: Headers, field: string) {
  const current = headers.get('Vary');
  if (!current) headers.set('Vary', field);
  else if (!current.split(',').some((v) => v.trim().toLowerCase() === field.toLowerCase()))
    headers.set('Vary', `${current}, ${field}`);
}

/** An answer that may be stored by a cache (and so deserves a validator). */
function isCacheable(headers: Headers) {
  const cacheControl = headers.get('Cache-Control') ?? '';
  return !/\b(?:no-store|private)\b/i.test(cacheControl);
}

/**
 * Finishes an answer made on request: a validator and 304 for cacheable GETs, and compression in the
 * client's best encoding above MIN_COMPRESS_BYTES. Answers that are not text, are already encoded,
 * or have no body are left as they are.
 */
export async function finishAnswer(request: Request, response: Response): Promise<Response> {
  // Status and headers first: reading the body of Hono's lightweight answers costs a copy, so it is
  // touched only when there is something to do with it.
  const { status, headers: given } = response;
  if (status === 204 || status === 206 || status === 304) return response;
  if (!isCompressible(given.get('Content-Type'))) return response;
  // Already encoded, or served with its own validator or in byte ranges (stored media): a compressed
  // copy would break the ranges and replace a cheap validator with a hash of the whole file.
  if (given.has('Content-Encoding') || given.has('ETag') || given.has('Accept-Ranges')) return response;
  if (request.method === 'HEAD') {
    addVaryIfMissing(response);
    return response;
  }

  const encoding = chooseEncoding(request.headers.get('Accept-Encoding'));
  const cacheable = request.method === 'GET' && response.status === 200 && isCacheable(response.headers);
  if (!encoding && !cacheable) {
    addVaryIfMissing(response);
    return response;
  }

  if (!response.body) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  addVary(headers, 'Accept-Encoding');
  if (cacheable) {
    const etag = etagOf(body);
    headers.set('ETag', etag);
    if (matchesEtag(request.headers.get('If-None-Match'), etag)) {
      headers.delete('Content-Length');
      headers.delete('Content-Type');
      return new Response(null, { status: 304, headers });
    }
  }
  if (!encoding || body.byteLength < MIN_COMPRESS_BYTES) {
    headers.set('Content-Length', String(body.byteLength));
    return new Response(body, { status, headers });
  }
  const compressed = await compress(body, encoding);
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(compressed.byteLength));
  const bytes = new Uint8Array(
    compressed.buffer as ArrayBuffer,
    compressed.byteOffset,
    compressed.byteLength,
  );
  return new Response(bytes, { status, headers });
}

function addVaryIfMissing(response: Response) {
  try {
    addVary(response.headers, 'Accept-Encoding');
  } catch {
    // Immutable headers (a fetched answer): a cache keyed without Vary still gets the identity body.
  }
}
