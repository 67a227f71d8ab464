// The version of the API's answer shapes the browser's code was built with: a digest of every
// `*.schema.ts` under src/, of every module they import (the lists of levels, roles and questions
// their enums are made of), followed to the end, and of zod's version. A copy of a page's data kept
// on the device is shown again without being parsed only by code built from the same version
// (src/platform/client/dataCopies.ts, decision 35); a release that changes any of it leaves the
// copies of the last one unread. The same sources give the same version, so a build of the same
// code keeps the copies a family already has.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT = join(dirname(fileURLToPath(import.meta.url)), '..');

// `import … from '…'`, `export … from '…'`, `import '…'`: the specifier of each.
const IMPORT =
  /(?:^|[;\s])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[;\s])import\s*['"]([^'"]+)['"]/gm;

/** The file a specifier names inside src/ (`~/x`, `./x`), or null for a package. */
function fileOf(specifier, from, src) {
  const base = specifier.startsWith('~/')
    ? join(src, specifier.slice(2))
    : specifier.startsWith('.')
      ? resolve(dirname(from), specifier)
      : null;
  if (!base) return null;
  const file = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (path) => existsSync(path) && statSync(path).isFile(),
  );
  return file ?? null;
}

/** The schema files under `src` and every module of src/ they import, directly or not. */
function schemaSources(src) {
  const schemas = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.schema.ts'))
    .map((path) => join(src, path));
  if (schemas.length === 0) throw new Error(`No *.schema.ts under ${src}: cannot make the schema version`);
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const next = fileOf(match[1] ?? match[2], file, src);
      if (next) visit(next);
    }
  };
  for (const file of schemas) visit(file);
  return [...seen];
}

/** The digest (12 hex digits) of the answer shapes' sources under `root` and of zod's version. */
export function schemaVersion(root = PROJECT) {
  const src = join(root, 'src');
  const hash = createHash('sha256');
  const files = schemaSources(src)
    .map((file) => [relative(src, file).replaceAll('\\', '/'), file])
    .sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [path, file] of files) hash.update(`${path}\0${readFileSync(file, 'utf8')}\0`);
  const zod = join(root, 'node_modules', 'zod', 'package.json');
  hash.update(existsSync(zod) ? JSON.parse(readFileSync(zod, 'utf8')).version : 'no zod');
  return hash.digest('hex').slice(0, 12);
}

/** A Vite plugin: `__SCHEMA_VERSION__` in the browser's code is this build's schema version. */
export function schemaVersionDefine(root = PROJECT) {
  return {
    name: 'quillreads:schema-version',
    config: () => ({ define: { __SCHEMA_VERSION__: JSON.stringify(schemaVersion(root)) } }),
  };
}
