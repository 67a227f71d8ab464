import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApi, testApi, testDatabase } from './harness';

/**
 * The API description stays fit for generated clients and honest about who may call what:
 * every operation has a unique operationId and says whether it needs a bearer token, and what it
 * says is what the API does. `npm run lint:openapi` lints the same document with Redocly.
 */
interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; description?: string }[];
  responses?: Record<string, unknown>;
}
interface Document {
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, unknown> };
}

let database: Awaited<ReturnType<typeof testDatabase>>;
let api: TestApi;
let doc: Document;
let operations: { method: string; path: string; operation: Operation }[];

beforeAll(async () => {
  database = await testDatabase();
  api = testApi(database);
  const res = await call(api, 'GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.json as unknown as Document;
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
});
afterAll(async () => {
  await database?.dispose();
});

const name = (o: { method: string; path: string }) => `${o.method} ${o.path}`;
const isPublic = (o: Operation) => Array.isArray(o.security) && o.security.length === 0;
const needsBearer = (o: Operation) =>
  Array.isArray(o.security) &&
  o.security.length === 1 &&
  JSON.stringify(o.security[0]) === JSON.stringify({ bearer: [] });

describe('the OpenAPI document', () => {
  it('describes the API at paths under the site root', () => {
    expect(operations.length).toBeGreaterThan(50);
    // The paths carry /api already: the server is the site's root.
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(Object.keys(doc.paths).every((path) => path.startsWith('/api/'))).toBe(true);
    expect(doc.components.securitySchemes).toHaveProperty('bearer');
  });

  it('gives every operation a unique camelCase operationId; admin ones start with admin', () => {
    const missing = operations.filter((o) => !o.operation.operationId).map(name);
    expect(missing).toEqual([]);
    const ids = operations.map((o) => o.operation.operationId as string);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z0-9]*$/.test(id))).toEqual([]);
    const misnamed = operations.filter(
      (o) => o.path.startsWith('/api/admin/') !== /^admin[A-Z]/.test(o.operation.operationId as string),
    );
    expect(misnamed.map((o) => `${name(o)}: ${o.operation.operationId}`)).toEqual([]);
  });

  it('says of every operation that it is public (security: []) or needs a bearer token', () => {
    const unclear = operations.filter((o) => !isPublic(o.operation) && !needsBearer(o.operation));
    expect(unclear.map(name)).toEqual([]);
  });

  it('documents the optional Idempotency-Key header, with its 400 and 409, on every POST and nothing else', () => {
    const keyHeader = (o: Operation) =>
      o.parameters?.find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    const posts = operations.filter((o) => o.method === 'POST');
    expect(posts.length).toBeGreaterThan(20);
    const undocumented = posts.filter((o) => {
      const header = keyHeader(o.operation);
      return !header || header.required || !header.description || !o.operation.responses?.['409'];
    });
    expect(undocumented.map(name)).toEqual([]);
    expect(posts.filter((o) => !o.operation.responses?.['400']).map(name)).toEqual([]);
    expect(operations.filter((o) => o.method !== 'POST' && keyHeader(o.operation)).map(name)).toEqual([]);
  });

  it('tells the truth about it: without a token, bearer operations answer 401 and public ones do not', async () => {
    const wrong: string[] = [];
    for (const o of operations) {
      const path = o.path.replace(/\{[^}]+\}/g, () => randomUUID());
      // No token and no body: refused at the door, or (public) a 2xx, 400 or 404 that changes nothing.
      const res = await call(api, o.method, path);
      const expected401 = needsBearer(o.operation);
      if ((res.status === 401) !== expected401) wrong.push(`${name(o)} answered ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the API reference at /api/docs', () => {
  const get = (path: string) => api.request(path, {}, { clientAddress: '127.0.0.1' });

  it('is a public HTML page with a title', async () => {
    const res = await get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/<title>[^<]*API[^<]*<\/title>/);
    expect(html).toContain('id="swagger-ui"');
  });

  it('loads only files our server serves: no CDN, no inline script', async () => {
    const html = await (await get('/api/docs')).text();
    // What the page needs to work (the site's icon aside): its scripts and stylesheets.
    const assets = [
      ...html.matchAll(/<(?:script[^>]*\bsrc|link rel="stylesheet"[^>]*\bhref)="([^"]+)"/g),
    ].map((m) => m[1] as string);
    expect(assets.length).toBeGreaterThanOrEqual(3);
    expect(assets.filter((url) => !url.startsWith('/api/docs/'))).toEqual([]);
    expect(html).not.toMatch(/https?:\/\//);
    // Every <script> has a src: a strict Content-Security-Policy needs no exception for the page.
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? []).toEqual([]);

    const bodies: string[] = [];
    for (const url of assets) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type'), url).toMatch(/^text\/(css|javascript)/);
      expect(res.headers.get('cache-control'), url).toMatch(/^public/);
      bodies.push(await res.text());
    }
    const scripts = bodies.join('\n');
    expect(scripts).toContain('SwaggerUIBundle');
    // The page reads the API's own description.
    expect(scripts).toContain('"/api/openapi.json"');
  });

  it('serves no other files from the package', async () => {
    const html = await (await get('/api/docs')).text();
    const bundle = /src="([^"]*swagger-ui-bundle\.js)"/.exec(html)?.[1] as string;
    const folder = bundle.slice(0, bundle.lastIndexOf('/') + 1);
    for (const file of ['package.json', 'index.html', '..%2Fpackage.json']) {
      expect((await get(`${folder}${file}`)).status, file).toBe(404);
    }
  });
});
