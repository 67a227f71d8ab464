import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from './fixtures';

// The production server as a browser and a cache meet it (decision 25): compressed in the client's
// best encoding, validators and 304s, immutable hashed assets, the API straight from Hono.

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET with exactly these headers, its bytes as they crossed the wire (no decompression). */
function raw(baseURL: string, path: string, headers: Record<string, string> = {}): Promise<Raw> {
  const url = new URL(path, baseURL);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const BROWSER = { 'Accept-Encoding': 'gzip, deflate, br, zstd' };

test('a pre-rendered page comes precompressed and revalidated, and its assets are immutable', async ({
  baseURL,
}) => {
  const base = baseURL ?? '';
  const page = await raw(base, '/programs', BROWSER);
  expect(page.status).toBe(200);
  expect(page.headers['content-encoding']).toBe('br');
  expect(page.headers.vary).toBe('Accept-Encoding');
  expect(page.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
  const html = brotliDecompressSync(page.body).toString();
  expect(html).toContain('<h1');

  // The encodings' choice, 304s and the rules for other files are unit-tested
  // (src/platform/server/server.server.test.ts); here, one real answer of each kind end to end.
  const asset = /<script[^>]+src="(\/_astro\/[^"]+\.js)"/.exec(html)?.[1];
  expect(asset, 'the page loads a hashed script').toBeTruthy();
  const js = await raw(base, asset ?? '', BROWSER);
  expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(js.headers['content-encoding']).toBe('br');
});

test('pages and API answers made on request are compressed, with validators where they may be cached', async ({
  baseURL,
}) => {
  const base = baseURL ?? '';
  const blogs = await raw(base, '/blogs', BROWSER);
  expect(blogs.status).toBe(200);
  expect(blogs.headers['content-encoding']).toBe('br');
  expect(blogs.headers.etag).toMatch(/^W\/"/);
  expect(brotliDecompressSync(blogs.body).toString()).toContain('</html>');

  const plans = await raw(base, '/api/plans', { 'Accept-Encoding': 'gzip' });
  expect(plans.headers['content-encoding']).toBe('gzip');
  expect(Array.isArray(JSON.parse(gunzipSync(plans.body).toString()))).toBe(true);
  expect(plans.headers.etag).toMatch(/^W\/"/);

  // Nothing about a family is ever validated or stored.
  const health = await raw(base, '/api/health', BROWSER);
  expect(health.headers['cache-control']).toBe('no-store');
  expect(health.headers.etag).toBeUndefined();

  const missing = await raw(base, '/no-such-page', BROWSER);
  expect(missing.status).toBe(404);
  expect(missing.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(missing.body).toString()).toContain('404! Something went wrong!');
});

test('the API is only reached at /api: spellings that slip past it are not served', async ({ baseURL }) => {
  const base = baseURL ?? '';
  for (const path of ['/%61pi/health', '/x/..%2Fapi/health']) {
    const res = await raw(base, path);
    expect(res.status, path).toBe(404);
    expect(res.body.toString(), path).not.toContain('"status":"ok"');
  }
});
