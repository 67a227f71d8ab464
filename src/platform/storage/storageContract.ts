import { Readable } from 'node:stream';
import { beforeEach, describe, expect, it } from 'vitest';
import { s3Storage } from './s3.server';
import { serveStored } from './serve.server';
import { InvalidKeyError, type Storage } from './storage';

// The cases every store passes, whatever keeps the bytes: disk.server.test.ts runs them on a
// folder, s3.server.test.ts on a local S3-compatible server. A test helper, not a test file.

const bytes = (text: string) => new TextEncoder().encode(text);
const text = async (stream: ReadableStream<Uint8Array>) => new Response(stream).text();
const DIGITS = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Registers the contract's cases for the store `current()` answers (made afresh before each). */
export function describeStorage(name: string, current: () => Storage): void {
  describe(`${name}: the storage contract`, () => {
    it('puts bytes, a Node stream or a web stream, and reads them back with their details', async () => {
      const storage = current();
      const a = await storage.put('podcast/a.mp3', bytes('hello'));
      expect(a).toMatchObject({ key: 'podcast/a.mp3', size: 5, contentType: 'audio/mpeg' });
      expect(a.etag).toMatch(/^"[^"]+"$/);
      await storage.put('b.txt', Readable.from([bytes('from '), bytes('node')]));
      await storage.put('c.txt', new Response('from the web').body as ReadableStream<Uint8Array>);
      expect(await text(await storage.read('podcast/a.mp3'))).toBe('hello');
      expect(await text(await storage.read('b.txt'))).toBe('from node');
      expect(await text(await storage.read('c.txt'))).toBe('from the web');
      expect(await storage.stat('c.txt')).toMatchObject({
        size: 12,
        contentType: 'text/plain; charset=utf-8',
      });
    });

    it('reads a byte range, inclusive at both ends', async () => {
      const storage = current();
      await storage.put('d.txt', bytes(DIGITS));
      expect(await text(await storage.read('d.txt', { start: 2, end: 5 }))).toBe('2345');
    });

    it('replaces an object, with a new validator, and deletes it, twice without error', async () => {
      const storage = current();
      const first = await storage.put('e.txt', bytes('first'));
      const second = await storage.put('e.txt', bytes('second!'));
      expect(second.etag).not.toBe(first.etag);
      expect(await text(await storage.read('e.txt'))).toBe('second!');
      await storage.delete('e.txt');
      await storage.delete('e.txt');
      expect(await storage.stat('e.txt')).toBeNull();
    });

    it('knows nothing of a missing key or a folder', async () => {
      const storage = current();
      await storage.put('f.txt/g.txt', bytes('x'));
      expect(await storage.stat('missing.mp3')).toBeNull();
      expect(await storage.stat('f.txt')).toBeNull();
      await storage.put('p/file.mp3', bytes('x'));
      expect(await storage.stat('p/file.mp3/inner.mp3')).toBeNull();
    });

    it('is reachable while it answers', async () => {
      expect(await current().reachable()).toBe(true);
    });

    it('refuses unsafe keys on every method', async () => {
      const storage = current();
      for (const key of UNSAFE_KEYS) {
        await expect(storage.put(key, bytes('x'))).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.stat(key)).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.read(key)).rejects.toBeInstanceOf(InvalidKeyError);
        await expect(storage.delete(key)).rejects.toBeInstanceOf(InvalidKeyError);
      }
    });
  });
  describeServing(name, current);
}

/** An S3 store whose server cannot be reached: the discard port, where nothing listens. */
export const unreachableS3Storage = (): Storage =>
  s3Storage({
    bucket: 'media',
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:9',
    forcePathStyle: true,
    accessKeyId: 'key',
    secretAccessKey: 'secret',
  });

/** Keys no store may hold: a way out, an absolute path, a backslash, NUL, a type it never serves. */
export const UNSAFE_KEYS = ['../escape.txt', '/abs.txt', 'a\\b.txt', 'a\u0000.txt', 'page.html'];

type Get = (key: string, headers?: Record<string, string>, method?: string) => Promise<Response>;

function describeServing(name: string, current: () => Storage): void {
  describe(`${name}: serveStored`, () => {
    const get: Get = (key, headers = {}, method = 'GET') =>
      serveStored(new Request(`http://x/media/${key}`, { method, headers }), current(), key);

    beforeEach(async () => {
      await current().put('podcast/d.mp3', bytes(DIGITS));
      await current().put('podcast/empty.mp3', new Uint8Array());
    });

    servingWholeFiles(get);
    servingRanges(get);
    servingConditionally(get);
    refusingWhatIsNotServed(get, current);
  });
}

function servingWholeFiles(get: Get): void {
  it('answers the whole file with its validators and caching headers', async () => {
    const res = await get('podcast/d.mp3');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(DIGITS);
    expect(Object.fromEntries(res.headers)).toMatchObject({
      'accept-ranges': 'bytes',
      'content-type': 'audio/mpeg',
      'content-length': '36',
      'cache-control': 'public, max-age=86400',
      'x-content-type-options': 'nosniff',
    });
    expect(res.headers.get('etag')).toMatch(/^"/);
    expect(new Date(res.headers.get('last-modified') ?? '').getTime()).toBeGreaterThan(0);
  });
}

function servingRanges(get: Get): void {
  it('answers a range with 206 and exactly those bytes', async () => {
    const res = await get('podcast/d.mp3', { Range: 'bytes=10-15' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 10-15/36');
    expect(res.headers.get('content-length')).toBe('6');
    expect(await res.text()).toBe('abcdef');
    const suffix = await get('podcast/d.mp3', { Range: 'bytes=-3' });
    expect(suffix.headers.get('content-range')).toBe('bytes 33-35/36');
    expect(await suffix.text()).toBe('xyz');
  });

  it('answers 416 with the size for a range outside the file', async () => {
    const res = await get('podcast/d.mp3', { Range: 'bytes=36-' });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe('bytes */36');
    // Shared caches key on the address alone: the refusal is never kept.
    expect(res.headers.get('cache-control')).toBe('no-store');
    const empty = await get('podcast/empty.mp3', { Range: 'bytes=0-' });
    expect(empty.status).toBe(416);
    expect(empty.headers.get('content-range')).toBe('bytes */0');
  });

  it('answers several ranges and garbage with the whole file', async () => {
    for (const range of ['bytes=0-1,4-5', 'bytes=zz']) {
      const res = await get('podcast/d.mp3', { Range: range });
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(DIGITS);
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await get('podcast/d.mp3', {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('36');
    expect(await res.text()).toBe('');
    const part = await get('podcast/d.mp3', { Range: 'bytes=0-9' }, 'HEAD');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-length')).toBe('10');
  });
}

function servingConditionally(get: Get): void {
  it('answers 304 when the client holds this version', async () => {
    const first = await get('podcast/d.mp3');
    const etag = first.headers.get('etag') ?? '';
    const lastModified = first.headers.get('last-modified') ?? '';
    expect((await get('podcast/d.mp3', { 'If-None-Match': etag })).status).toBe(304);
    expect((await get('podcast/d.mp3', { 'If-None-Match': `"other", W/${etag}` })).status).toBe(304);
    expect((await get('podcast/d.mp3', { 'If-None-Match': '"other"' })).status).toBe(200);
    expect((await get('podcast/d.mp3', { 'If-Modified-Since': lastModified })).status).toBe(304);
  });

  it('honours a range only while If-Range still names this version', async () => {
    const etag = (await get('podcast/d.mp3')).headers.get('etag') ?? '';
    expect((await get('podcast/d.mp3', { Range: 'bytes=0-1', 'If-Range': etag })).status).toBe(206);
    const stale = await get('podcast/d.mp3', { Range: 'bytes=0-1', 'If-Range': '"old"' });
    expect(stale.status).toBe(200);
    expect(await stale.text()).toBe(DIGITS);
  });

  it('answers an empty file with an empty 200', async () => {
    const res = await get('podcast/empty.mp3');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('0');
    expect(await res.text()).toBe('');
  });
}

function refusingWhatIsNotServed(get: Get, current: () => Storage): void {
  it('answers 404 for a child’s recording or report, which exist only for their family through the API', async () => {
    await current().put('recordings/child/take.webm', bytes('voice'));
    await current().put('reports/child/r.pdf', bytes('voice'));
    for (const key of ['recordings/child/take.webm', 'recordings%2Fchild/take.webm', 'reports/child/r.pdf']) {
      const res = await get(key);
      expect(res.status, key).toBe(404);
      expect(await res.text()).not.toContain('voice');
    }
    const head = await get('recordings/child/take.webm', {}, 'HEAD');
    expect(head.status).toBe(404);
  });
  it('answers 404 for unknown keys and traversal, reading nothing outside', async () => {
    for (const key of [
      'missing.mp3',
      '../etc/passwd',
      'podcast/../podcast/d.mp3',
      'podcast/%2e%2e/d.mp3',
      'p',
    ]) {
      const res = await get(key);
      expect(res.status, key).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
}
