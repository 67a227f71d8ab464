// The production server's entry: `node dist/server/main.mjs` (the build bundles this file there,
// beside Astro's entry.mjs; see scripts/build-server.mjs). It opens the database, builds the API,
// loads the built files and listens on HOST:PORT. docs/decisions/0025-compression-and-caching.md.
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getDatabase } from '~/platform/runtime.server';
import { createSiteServer, type PageHandler } from '~/platform/server/server.server';
import { loadStaticFiles } from '~/platform/server/staticFiles.server';
import { getApi } from './api.server';

const here = dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? 'localhost';

const api = await getApi();
const files = loadStaticFiles(join(here, '..', 'client'));
// Astro's Node adapter in middleware mode: a handler for everything rendered on request.
const astroEntry = pathToFileURL(join(here, 'entry.mjs')).href;
const { handler } = (await import(astroEntry)) as { handler: PageHandler };

const server = createSiteServer({ api, files, pages: handler });
server.keepAliveTimeout = 65_000;
server.listen(port, host, () => {
  console.log(`Quill Reads is listening on http://${host}:${port} (${files.size} built files in memory)`);
});

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  // Finish the requests under way (at most 5 s), close the database (PGlite writes its last pages,
  // the Postgres pool ends its connections), then leave.
  server.close(() => {
    void getDatabase()
      .then((database) => database.close())
      .catch(() => {})
      .finally(() => process.exit(0));
  });
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
