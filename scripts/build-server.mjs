// The build's last steps (an Astro integration, so `astro build` alone does them):
//  1. every text file of the built site gets Brotli (quality 11) and gzip (level 9) copies beside it,
//     which the server sends as they are: no compression per request for static files;
//  0. every pre-rendered page gets modulepreload links for the scripts its islands import (decision 35);
//  2. the production server (src/features/main.server.ts: the API straight on Node's HTTP server,
//     the files from memory, Astro for the rest) is bundled to dist/server/main.mjs.
// docs/decisions/0025-compression-and-caching.md says why.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { moduleGraphOf, withModulePreloads } from '../src/platform/http/modulePreloads.ts';

const COMPRESSIBLE = new Set([
  '.html',
  '.css',
  '.js',
  '.mjs',
  '.json',
  '.svg',
  '.xml',
  '.txt',
  '.map',
  '.webmanifest',
  '.ics',
  // The listening model's tables and the recognizer's WebAssembly (scripts/listeningModel.mjs).
  '.bin',
  '.wasm',
]);
// Even a small chunk gains from compression once built; a copy that is not smaller is dropped below.
const MIN_BYTES = 200;
const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `file.br` and `file.gz` beside each compressible file; answers the byte counts. */
export async function precompress(dir) {
  const totals = { files: 0, raw: 0, br: 0, gzip: 0 };
  const jobs = [];
  for await (const path of walk(dir)) {
    if (!COMPRESSIBLE.has(extname(path).toLowerCase())) continue;
    const size = (await stat(path)).size;
    if (size < MIN_BYTES) continue;
    jobs.push(
      (async () => {
        const body = await readFile(path);
        const [br, gzipped] = await Promise.all([
          brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
            },
          }),
          gz(body, { level: 9 }),
        ]);
        // A copy that saves nothing is not worth a second file.
        if (br.byteLength < body.byteLength) await writeFile(`${path}.br`, br);
        if (gzipped.byteLength < body.byteLength) await writeFile(`${path}.gz`, gzipped);
        totals.files += 1;
        totals.raw += body.byteLength;
        totals.br += Math.min(br.byteLength, body.byteLength);
        totals.gzip += Math.min(gzipped.byteLength, body.byteLength);
      })(),
    );
  }
  await Promise.all(jobs);
  return totals;
}

/** Adds the preloads to every pre-rendered page; answers how many pages changed. */
async function preloadPages(clientDir) {
  const dir = join(clientDir, '_astro');
  const names = (await readdir(dir)).filter((name) => name.endsWith('.js'));
  const graph = moduleGraphOf(
    await Promise.all(
      names.map(async (name) => [`/_astro/${name}`, await readFile(join(dir, name), 'utf8')]),
    ),
  );
  let changed = 0;
  for await (const path of walk(clientDir)) {
    if (!path.endsWith('.html')) continue;
    const html = await readFile(path, 'utf8');
    const withLinks = withModulePreloads(html, graph);
    if (withLinks === html) continue;
    await writeFile(path, withLinks);
    changed += 1;
  }
  return changed;
}

export async function bundleServer(root, serverDir) {
  const [{ build }, { loadEnv }] = await Promise.all([import('esbuild'), import('vite')]);
  // The PUBLIC_ values as the pages got them: the environment, and .env files as Vite reads them.
  const publicEnv = loadEnv('production', root, 'PUBLIC_');
  await build({
    entryPoints: [join(root, 'src/features/main.server.ts')],
    outfile: join(serverDir, 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    // Packages stay in node_modules (as for Astro's own entry); the project's code is bundled.
    packages: 'external',
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'warning',
    legalComments: 'none',
    // The pages' public settings as this build baked them (publicConfig.ts): the server's headers
    // name the same sign-in and payment hosts the pages use.
    define: { 'import.meta.env': JSON.stringify(publicEnv) },
  });
}

/** @returns {import('astro').AstroIntegration} */
export function productionServer() {
  let config;
  return {
    name: 'quillreads:production-server',
    hooks: {
      'astro:config:done': ({ config: done }) => {
        config = done;
      },
      'astro:build:done': async ({ logger }) => {
        const client = fileURLToPath(config.build.client);
        const server = fileURLToPath(config.build.server);
        logger.info(`preloaded the islands' scripts of ${await preloadPages(client)} pages`);
        const totals = await precompress(client);
        const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
        logger.info(
          `precompressed ${totals.files} files: ${kb(totals.raw)} → ${kb(totals.br)} Brotli, ${kb(totals.gzip)} gzip`,
        );
        await bundleServer(fileURLToPath(config.root), server);
        logger.info('bundled the production server: dist/server/main.mjs');
      },
    },
  };
}
