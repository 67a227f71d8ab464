import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { swaggerUI } from '@hono/swagger-ui';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from './context.server';

/** Where the description and its reference are served, under the app's /api base path. */
const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';
const API_DOCS_PATH = '/api/docs';

/** The top of the OpenAPI document; the paths come from the routes. */
const openApiConfig = {
  openapi: '3.1.0',
  info: {
    title: 'Quill Reads API',
    version: '1.0.0',
    description:
      'Every error answers { "error": { "code", "message", "fields"? } }. Protected routes need `Authorization: Bearer <Firebase ID token>`; public ones say `security: []`.',
  },
  // The paths already start with /api (the app's base path), so the server is the site's root:
  // clients drop the trailing slash and join it with a path, e.g. /api/health.
  servers: [{ url: '/', description: 'This site' }],
};

const require = createRequire(import.meta.url);
const swaggerUiDir = dirname(require.resolve('swagger-ui-dist/package.json'));
const swaggerUiVersion: string = require('swagger-ui-dist/package.json').version;

// Swagger UI's own files, served from the installed package: the reference works offline, and
// under a CSP that allows only this origin. The version is in the URL, so they can be cached for good.
const ASSETS_BASE = `${API_DOCS_PATH}/assets`;
const VENDOR_FILES = new Map([
  ['swagger-ui.css', 'text/css; charset=utf-8'],
  ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
]);

// Started from a file rather than an inline script, so a strict CSP needs no exception for it.
// validatorUrl 'none': Swagger UI would otherwise send the document to an outside validator.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_DOCUMENT_PATH)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: 'none',
});
`;

const vendorCache = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
const vendorFile = (name: string) => {
  let bytes = vendorCache.get(name);
  if (!bytes) {
    bytes = readFile(join(swaggerUiDir, name));
    bytes.catch(() => vendorCache.delete(name));
    vendorCache.set(name, bytes);
  }
  return bytes;
};

/**
 * The OpenAPI document at /api/openapi.json and an interactive reference of it (Swagger UI) at
 * /api/docs. Both are public: the document describes the API, it grants nothing.
 */
/** The API reference's Content-Security-Policy: Swagger UI runs only its files, from this server. */
export const API_DOCS_POLICY =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

export function serveApiDescription(app: OpenAPIHono<ApiEnv>) {
  app.doc31('/openapi.json', openApiConfig);

  // The page loads the files below, all from this server; init.js points it at the document (the
  // library's own inline start-up, which would read `url`, is replaced by manuallySwaggerUIHtml).
  const page = swaggerUI({
    url: OPENAPI_DOCUMENT_PATH,
    title: 'Quill Reads API reference',
    baseUrl: ASSETS_BASE,
    version: swaggerUiVersion,
    manuallySwaggerUIHtml: (asset) =>
      [
        '<div id="swagger-ui"></div>',
        ...asset.css.map((href) => `<link rel="stylesheet" href="${href}" />`),
        ...asset.js.map((src) => `<script src="${src}"></script>`),
        `<script src="${ASSETS_BASE}/init.js"></script>`,
      ].join('\n'),
  });
  // The reference is a page: its own files and its styles, nothing from elsewhere, never framed
  // (decision 28; everything else under /api runs nothing).
  const docsPage: typeof page = (c, next) => {
    c.header('Content-Security-Policy', API_DOCS_POLICY);
    return page(c, next);
  };
  app.get('/docs', docsPage);
  app.get('/docs/', docsPage);

  app.get('/docs/assets/init.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(INIT_SCRIPT);
  });

  app.get(`/docs/assets/swagger-ui-dist@${swaggerUiVersion}/:file`, async (c) => {
    const name = c.req.param('file');
    const type = VENDOR_FILES.get(name);
    if (!type) return c.notFound();
    const bytes = await vendorFile(name);
    c.header('Content-Type', type);
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
    return c.body(bytes);
  });
}
