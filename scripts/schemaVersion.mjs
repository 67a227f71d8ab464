// The version of the API's answer shapes the browser's code was built with: a digest of every
// `*.schema.ts` under src/. A copy of a page's data kept on the device is shown again without being
// parsed only by code built from the same schemas (src/platform/client/dataCopies.ts, decision 35);
// a release that changes any schema leaves the copies of the last one unread. The same sources give
// the same version, so a build of the same code keeps the copies a family already has.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The digest (12 hex digits) of the schema files under `root`/src, by path and content. */
export function schemaVersion(root = process.cwd()) {
  const src = join(root, 'src');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.schema.ts'))
    .map((path) => path.replaceAll('\\', '/'))
    .sort();
  const hash = createHash('sha256');
  for (const path of files) hash.update(`${path}\0${readFileSync(join(src, path), 'utf8')}\0`);
  return hash.digest('hex').slice(0, 12);
}

/** A Vite plugin: `__SCHEMA_VERSION__` in the browser's code is this build's schema version. */
export function schemaVersionDefine(root = process.cwd()) {
  return {
    name: 'quillreads:schema-version',
    config: () => ({ define: { __SCHEMA_VERSION__: JSON.stringify(schemaVersion(root)) } }),
  };
}
