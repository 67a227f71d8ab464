import { DomainError } from '../errors';
import { RESOURCE_POLICY } from '../http/securityHeaders.server';
import { isPublicKey, parseStorageKey } from './keys';
import { parseRange } from './range';
import type { Storage, StoredObject } from './storage';

/** Stored files never change under the same key and version: a day in any cache is safe. */
const CACHE_CONTROL = 'public, max-age=86400';

/**
 * Answers GET or HEAD for a stored file: byte ranges (what audio players use to seek), ETag and
 * Last-Modified validators, 304s, `If-Range`. An unsafe or unknown key is a plain 404, and so is a
 * private one (a child's recording): it exists for nobody here, whoever asks.
 */
export async function serveStored(request: Request, storage: Storage, rawKey: string): Promise<Response> {
  try {
    return await answerStored(request, storage, rawKey);
  } catch (error) {
    // The store out of reach (an S3 store's outage): say so, and let nobody cache the refusal.
    if (!(error instanceof DomainError) || error.code !== 'unavailable') throw error;
    return new Response(error.message, {
      status: 503,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': RESOURCE_POLICY,
        ...error.headers,
      },
    });
  }
}

async function answerStored(request: Request, storage: Storage, rawKey: string): Promise<Response> {
  const parsed = parseStorageKey(rawKey);
  const key = parsed && isPublicKey(parsed) ? parsed : null;
  const object = key ? await storage.stat(key) : null;
  if (!key || !object) {
    return new Response('Not found', {
      status: 404,
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
        'Content-Security-Policy': RESOURCE_POLICY,
      },
    });
  }

  const headers = new Headers({
    'Accept-Ranges': 'bytes',
    'Content-Type': object.contentType,
    ETag: object.etag,
    'Last-Modified': object.modifiedAt.toUTCString(),
    'Cache-Control': CACHE_CONTROL,
    'X-Content-Type-Options': 'nosniff',
    // A stored file opened on its own (an uploaded SVG, say) runs and loads nothing.
    'Content-Security-Policy': RESOURCE_POLICY,
  });

  if (notModified(request.headers, object)) return new Response(null, { status: 304, headers });

  const rangeHeader = ifRangeHolds(request.headers.get('if-range'), object)
    ? request.headers.get('range')
    : null;
  const range = parseRange(rangeHeader, object.size);
  const isHead = request.method === 'HEAD';

  if (range.kind === 'unsatisfiable') {
    headers.set('Content-Range', `bytes */${object.size}`);
    headers.set('Content-Type', 'text/plain; charset=utf-8');
    // Caches key on the address, not the Range header: a refusal must not be kept for everyone.
    headers.set('Cache-Control', 'no-store');
    return new Response(isHead ? null : 'Range not satisfiable', { status: 416, headers });
  }
  if (range.kind === 'partial') {
    headers.set('Content-Range', `bytes ${range.start}-${range.end}/${object.size}`);
    headers.set('Content-Length', String(range.end - range.start + 1));
    const body = isHead ? null : await storage.read(key, range);
    return new Response(body, { status: 206, headers });
  }
  headers.set('Content-Length', String(object.size));
  const body = isHead || object.size === 0 ? null : await storage.read(key);
  return new Response(body, { status: 200, headers });
}

/** If-None-Match wins over If-Modified-Since (RFC 9110, 13.2.2); entity tags compare weakly. */
function notModified(headers: Headers, object: StoredObject): boolean {
  const ifNoneMatch = headers.get('if-none-match');
  if (ifNoneMatch !== null) {
    if (ifNoneMatch.trim() === '*') return true;
    const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(object.etag));
  }
  const since = Date.parse(headers.get('if-modified-since') ?? '');
  return Number.isFinite(since) && Math.floor(object.modifiedAt.getTime() / 1000) * 1000 <= since;
}

/** A Range counts only when If-Range, if sent, still names this version (strong comparison). */
function ifRangeHolds(ifRange: string | null, object: StoredObject): boolean {
  if (ifRange === null) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === object.etag;
  const date = Date.parse(value);
  return Number.isFinite(date) && Math.floor(object.modifiedAt.getTime() / 1000) * 1000 === date;
}
