import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../scripts/build-server.mjs';
import { chooseEncoding, finishAnswer, matchesEtag } from './compression.server';
import { allowedMethods, createSiteServer } from './server.server';
import { CACHE_IMMUTABLE, CACHE_PAGE, loadStaticFiles, WORKER_POLICY } from './staticFiles.server';

describe('chooseEncoding', () => {
  it('prefers Brotli, then gzip, and honours q=0 and *', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('gzip;q=0.5, br;q=0.4')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('*;q=0')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe('matchesEtag', () => {
  it('compares weakly and takes lists and *', () => {
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('*', '"abc"')).toBe(true);
    expect(matchesEtag('"abd"', '"abc"')).toBe(false);
    expect(matchesEtag(null, '"abc"')).toBe(false);
  });
});

describe('finishAnswer', () => {
  const text = 'A reading plan for every week. '.repeat(100);
  const get = (headers: Record<string, string> = {}) => new Request('http://localhost/page', { headers });
  const page = (cacheControl = 'public, max-age=60') =>
    new Response(text, { headers: { 'Content-Type': 'text/html', 'Cache-Control': cacheControl } });

  it('compresses text in the best encoding the client takes, with Vary and an ETag', async () => {
    const res = await finishAnswer(get({ 'Accept-Encoding': 'gzip, br' }), page());
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Vary')).toBe('Accept-Encoding');
    expect(res.headers.get('ETag')).toMatch(/^W\/"/);
    const body = Buffer.from(await res.arrayBuffer());
    expect(brotliDecompressSync(body).toString()).toBe(text);
    expect(Number(res.headers.get('Content-Length'))).toBe(body.byteLength);

    const gzipped = await finishAnswer(get({ 'Accept-Encoding': 'gzip' }), page());
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(text);
  });

  it('answers 304 to a matching If-None-Match, and never validates private answers', async () => {
    const first = await finishAnswer(get(), page());
    const etag = first.headers.get('ETag') ?? '';
    const again = await finishAnswer(get({ 'If-None-Match': etag }), page());
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    const mine = await finishAnswer(get({ 'Accept-Encoding': 'br' }), page('no-store'));
    expect(mine.headers.get('ETag')).toBeNull();
    expect(mine.headers.get('Content-Encoding')).toBe('br');
  });

  it('leaves small answers, images and encoded answers as they are', async () => {
    const small = await finishAnswer(
      get({ 'Accept-Encoding': 'br' }),
      new Response('{"ok":true}', {
        headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
      }),
    );
    expect(small.headers.get('Content-Encoding')).toBeNull();
    expect(await small.text()).toBe('{"ok":true}');

    const image = new Response(new Uint8Array(5000), { headers: { 'Content-Type': 'image/png' } });
    expect(await finishAnswer(get({ 'Accept-Encoding': 'br' }), image)).toBe(image);
  });
});

/** A raw HTTP GET: the test sees the bytes and headers exactly as sent. */
function fetchRaw(server: Server, path: string, headers: Record<string, string> = {}, method = 'GET') {
  const { port } = server.address() as AddressInfo;
  return new Promise<{
    status: number;
    headers: Record<string, string | string[] | undefined>;
    body: Buffer;
  }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, headers, method }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the production server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'quillreads-static-'));
  const html = `<!doctype html><title>Programs</title>${'<p>Short daily sessions.</p>'.repeat(80)}`;
  const script = `export const x = ${JSON.stringify('navbar '.repeat(400))};`;
  let server: Server;
  const pagesSeen: string[] = [];

  beforeAll(async () => {
    mkdirSync(join(dir, 'programs'), { recursive: true });
    mkdirSync(join(dir, '_astro'), { recursive: true });
    writeFileSync(join(dir, 'programs', 'index.html'), html);
    writeFileSync(join(dir, '_astro', 'Navbar.abc123.js'), script);
    writeFileSync(join(dir, 'favicon.png'), Buffer.alloc(300, 1));
    writeFileSync(join(dir, '_astro', 'listening.worker-Ab_12.js'), script);
    mkdirSync(join(dir, '_astro', 'listening-0123456789'), { recursive: true });
    writeFileSync(join(dir, '_astro', 'listening-0123456789', 'means.bin'), Buffer.alloc(4000, 7));
    await precompress(dir);

    const api = new Hono().get('/api/plans', (c) => {
      c.header('Cache-Control', 'public, max-age=60');
      return c.json({ plans: 'Rated Reads Monthly '.repeat(100) });
    });
    server = createSiteServer({
      api: { fetch: (request) => api.fetch(request) },
      files: loadStaticFiles(dir),
      pages: (req, res) => {
        pagesSeen.push(req.url ?? '');
        res.writeHead(404, { 'Content-Type': 'text/plain' });
        res.end('not here');
      },
      security: { production: false, pagePolicy: "default-src 'self'" },
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  });

  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a pre-rendered page precompressed, revalidated with its ETag', async () => {
    const br = await fetchRaw(server, '/programs', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(CACHE_PAGE);
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(html);

    const gz = await fetchRaw(server, '/programs/', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(html);
    expect(gz.headers.etag).not.toBe(br.headers.etag);

    const plain = await fetchRaw(server, '/programs');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(html);

    const again = await fetchRaw(server, '/programs', {
      'Accept-Encoding': 'br',
      'If-None-Match': String(br.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body.byteLength).toBe(0);
  });

  it('marks hashed assets immutable and sends files that do not compress as they are', async () => {
    const js = await fetchRaw(server, '/_astro/Navbar.abc123.js?v=1', { 'Accept-Encoding': 'br' });
    expect(js.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotliDecompressSync(js.body).toString()).toBe(script);

    const png = await fetchRaw(server, '/favicon.png', { 'Accept-Encoding': 'br' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary).toBeUndefined();
    expect(png.body.byteLength).toBe(300);
  });

  it('sends the listening model’s tables compressed, and a worker’s script with its own policy', async () => {
    const model = await fetchRaw(server, '/_astro/listening-0123456789/means.bin', {
      'Accept-Encoding': 'br',
    });
    expect(model.headers['content-encoding']).toBe('br');
    expect(model.headers['cache-control']).toBe(CACHE_IMMUTABLE);
    expect(brotliDecompressSync(model.body)).toEqual(Buffer.alloc(4000, 7));

    const worker = await fetchRaw(server, '/_astro/listening.worker-Ab_12.js');
    expect(worker.headers['content-security-policy']).toBe(WORKER_POLICY);
    expect(WORKER_POLICY).toContain("'wasm-unsafe-eval'");
    expect(WORKER_POLICY).toContain("connect-src 'self' blob:");
    const other = await fetchRaw(server, '/_astro/Navbar.abc123.js');
    expect(other.headers['content-security-policy']).not.toBe(WORKER_POLICY);
  });

  it('sends /api to the API, compressed on the fly, and everything else to the pages', async () => {
    const plans = await fetchRaw(server, '/api/plans', { 'Accept-Encoding': 'gzip' });
    expect(plans.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(plans.body).toString()).plans).toContain('Rated Reads Monthly');
    expect(plans.headers.etag).toMatch(/^W\/"/);
    expect(pagesSeen).toEqual([]);

    const missing = await fetchRaw(server, '/blogs/some-post');
    expect(missing.status).toBe(404);
    expect(pagesSeen).toEqual(['/blogs/some-post']);
  });

  it('refuses an address that is not valid percent-encoding', async () => {
    const bad = await fetchRaw(server, '/%E0%A4%A');
    expect(bad.status).toBe(400);
  });

  it('answers 405 with Allow to a method a page does not take, and TRACE nowhere', async () => {
    const before = pagesSeen.length;
    for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'POST', 'TRACE', 'PROPFIND']) {
      for (const path of ['/programs', '/blogs/some-post', '/']) {
        const res = await fetchRaw(server, path, {}, method);
        expect(res.status, `${method} ${path}`).toBe(405);
        expect(res.headers.allow).toBe('GET, HEAD');
      }
    }
    // Nothing reached Astro, and the security headers are on the refusal too.
    expect(pagesSeen.length).toBe(before);
    const trace = await fetchRaw(server, '/api/plans', {}, 'TRACE');
    expect(trace.status).toBe(405);
    expect(JSON.parse(trace.body.toString()).error.code).toBe('method_not_allowed');
    expect(trace.headers['x-content-type-options']).toBe('nosniff');
    expect((await fetchRaw(server, '/programs', {}, 'HEAD')).status).toBe(200);
  });
});

describe('allowedMethods', () => {
  it('lets pages be read, the contact form be posted, and the API answer its own routes', () => {
    expect(allowedMethods('/programs', 'GET')).toBeUndefined();
    expect(allowedMethods('/programs?x=1', 'HEAD')).toBeUndefined();
    expect(allowedMethods('/contact/send', 'POST')).toBeUndefined();
    expect(allowedMethods('/contact/send', 'PUT')).toBe('GET, HEAD, POST');
    expect(allowedMethods('/_server-islands/PlanList', 'POST')).toBeUndefined();
    expect(allowedMethods('/api/children/1', 'DELETE')).toBeUndefined();
    expect(allowedMethods('/api/children/1', 'CONNECT')).toMatch(/^GET/);
  });
});
