// @ts-check
import node from '@astrojs/node';
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

// Public pages are pre-rendered (output: 'static'); pages that opt out with
// `export const prerender = false` and, later, the API are served on demand by
// the same standalone Node server.
export default defineConfig({
  site: process.env.PUBLIC_SITE_URL ?? 'http://localhost:4321',
  output: 'static',
  adapter: node({ mode: 'standalone' }),
  integrations: [react()],
  trailingSlash: 'ignore',
  server: { port: 4321, host: '127.0.0.1' },
  devToolbar: { enabled: false },
  // Astro's origin check guards cookie sessions against cross-site forms. Nothing here signs in by
  // cookie: every change goes through /api with a bearer token a foreign form cannot send, and the
  // check would answer API clients without an Origin header (apps, scripts) with a bare 403.
  security: { checkOrigin: false },
  build: { inlineStylesheets: 'auto' },
});
