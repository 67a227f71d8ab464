// `npm run lint:openapi`: builds the API's OpenAPI document in this process (no server, no database,
// no network), writes it to a temporary file and lints it with Redocly CLI's rules (redocly.yaml:
// `recommended`, with a missing operationId an error). Fails on any error; warnings are printed.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { run } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The document exactly as GET /api/openapi.json answers it. */
async function buildDocument() {
  // The sources are TypeScript with the `~/` alias (tsconfig.json): tsx loads them.
  const unregister = register({ tsconfig: join(root, 'tsconfig.json') });
  try {
    const { createApi } = await import('../src/features/api.server.ts');
    const { createLogger } = await import('../src/platform/logger.server.ts');
    const { memoryRateLimiter } = await import('../src/platform/http/rateLimit.server.ts');
    const { liveEvents } = await import('../src/platform/live/live.server.ts');
    const unused = (what) => () => {
      throw new Error(`Building the API description used ${what}; it must not need it.`);
    };
    // Describing the routes touches none of the outside world: anything that tries, throws.
    const noDatabase = new Proxy({}, { get: (_target, name) => unused(`the database (${String(name)})`)() });
    const api = createApi({
      db: noDatabase,
      databaseKind: 'pglite',
      verifyToken: unused('the token verifier'),
      deleteSignInAccount: unused('the identity service'),
      signInAccounts: {
        create: unused('the identity service'),
        sendPasswordLink: unused('the identity service'),
      },
      rateLimiter: memoryRateLimiter(),
      live: liveEvents(unused('the database listener')),
      logger: createLogger('silent'),
      settings: { ADMIN_EMAILS: [], AUTH_RATE_LIMIT_PER_MINUTE: 60 },
    });
    const res = await api.request('/api/openapi.json');
    if (res.status !== 200)
      throw new Error(`GET /api/openapi.json answered ${res.status}: ${await res.text()}`);
    return await res.json();
  } finally {
    await unregister();
  }
}

let document;
try {
  document = await buildDocument();
} catch (error) {
  console.error('✖ Could not build the OpenAPI document:', error instanceof Error ? error.stack : error);
  process.exit(1);
}

const dir = await mkdtemp(join(tmpdir(), 'quillreads-openapi-'));
const file = join(dir, 'openapi.json');
// Indented, so each problem's line and column point somewhere readable.
await writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
// OPENAPI_OUT=path keeps a copy (to compare the document before and after a change).
if (process.env.OPENAPI_OUT)
  await writeFile(process.env.OPENAPI_OUT, `${JSON.stringify(document, null, 2)}\n`);
const operations = Object.values(document.paths ?? {}).reduce((n, ops) => n + Object.keys(ops).length, 0);
console.log(`OpenAPI ${document.openapi}: ${operations} operations; linting with Redocly CLI (redocly.yaml)`);

const cli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');
const code = await run(
  process.execPath,
  [cli, 'lint', '--config', join(root, 'redocly.yaml'), '--max-problems', '1000', file],
  {
    cwd: root,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
await rm(dir, { recursive: true, force: true });
process.exit(code);
