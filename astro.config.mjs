// @ts-check

import { fileURLToPath } from 'node:url';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';
import { loadEnv } from 'vite';
import { productionServer } from './scripts/build-server.mjs';
import { fewerChunks } from './scripts/chunks.mjs';
import { inlineScripts } from './scripts/inlineScripts.mjs';
import { listeningModelFiles } from './scripts/listeningModel.mjs';
import { schemaVersionDefine } from './scripts/schemaVersion.mjs';

// Public pages are pre-rendered (output: 'static'); pages that opt out with
// `export const prerender = false` are rendered on request. The production server
// (dist/server/main.mjs, built by productionServer()) serves the files, the API and,
// through the adapter in middleware mode, Astro's on-demand pages (decision 25).
// The site's address as the pages' code reads it too (src/platform/publicConfig.ts): the
// environment, or a .env file.
const { PUBLIC_SITE_URL } = loadEnv(process.env.NODE_ENV ?? 'production', process.cwd(), 'PUBLIC_');

export default defineConfig({
  site: PUBLIC_SITE_URL || 'http://localhost:4321',
  output: 'static',
  adapter: node({ mode: 'middleware' }),
  integrations: [react(), productionServer()],
  trailingSlash: 'ignore',
  server: { port: 4321, host: '127.0.0.1' },
  devToolbar: { enabled: false },
  // Astro's origin check guards cookie sessions against cross-site forms. Nothing here signs in by
  // cookie: every change goes through /api with a bearer token a foreign form cannot send, and the
  // check would answer API clients without an Origin header (apps, scripts) with a bare 403.
  security: { checkOrigin: false },
  // Each page's styles in its own <head> (5 to 6 KB compressed; the HTML stays under its 14 KB):
  // six small stylesheet files would take the six connections a phone opens first, and the
  // island loaders' inline scripts wait for every stylesheet before them (decision 35).
  build: { inlineStylesheets: 'always' },
  // Page scripts as files, never inlined: the Content-Security-Policy runs the site's own files and
  // only a few inline scripts by hash (Astro's island loaders and the signed-in pages' first
  // requests, `?inline-script`), the same on every page, which the client-side router needs when it
  // swaps one page for another (decisions 28 and 35).
  vite: {
    build: { assetsInlineLimit: 0 },
    plugins: [fewerChunks(), inlineScripts(), schemaVersionDefine(), listeningModelFiles()],
    // The recognizer's polyfill of Blob reads `document`, which its worker does not have.
    resolve: {
      alias: {
        'blob-polyfill': fileURLToPath(
          new URL('./src/islands/readAloud/listening/nativeBlob.ts', import.meta.url),
        ),
      },
    },
  },
});
