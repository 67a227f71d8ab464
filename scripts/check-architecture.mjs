#!/usr/bin/env node
// The layout's rules (docs/architecture.md), checked on every `npm test`:
//  1. No browser code reaches server code: nothing an island or a page's <script> imports, directly or
//     through other files, is a `*.server.ts` module.
//  2. A feature (src/features/<name> with its islands in src/islands/<name>) never takes part in a circle
//     of imports with other features.
//  3. The platform (src/platform, src/islands/shared) never imports a feature. Pages, layouts and the
//     composition root (src/features/api.server.ts) put features together, so they may import any.
//  4. A route file (`*.routes.ts`) never writes `new DomainError(`: services decide and refuse.
// Prints each broken rule with the import chain that breaks it; exits 1 if any.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
const SOURCE = /\.(ts|tsx|astro|mjs|js)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.astro', '.mjs', '.js', '/index.ts', '/index.tsx'];

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (SOURCE.test(name)) out.push(path);
  }
  return out;
}

/** Import specifiers of a piece of code; `import type` and `export type` are erased, so they are runtime: false. */
export function importsOf(code) {
  const found = [];
  const statement =
    /(?:^|[;\n])\s*(import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of code.matchAll(statement)) {
    if (m[4]) found.push({ spec: m[4], runtime: true });
    else found.push({ spec: m[3], runtime: !m[2] });
  }
  return found;
}

/** For an .astro file: the frontmatter runs on the server, each <script> in the browser. */
function partsOf(file, text) {
  if (!file.endsWith('.astro')) return [{ code: text, browser: null }];
  const parts = [];
  const front = /^---\n([\s\S]*?)\n---/.exec(text);
  if (front) parts.push({ code: front[1], browser: false });
  for (const m of text.matchAll(/<script\b(?![^>]*\bis:inline)[^>]*>([\s\S]*?)<\/script>/g)) {
    parts.push({ code: m[1], browser: true });
  }
  return parts;
}

function resolveSpec(from, spec) {
  let base;
  if (spec.startsWith('~/')) base = join(src, spec.slice(2));
  else if (spec.startsWith('.')) base = join(dirname(from), spec);
  else return undefined;
  base = base.split('?')[0];
  for (const ext of EXTENSIONS) {
    const path = base + ext;
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return undefined;
}

const files = walk(src);
/** file -> [{ target, runtime }] */
const graph = new Map();
/** Files whose code runs in the browser from the start: islands and pages' <script>s. */
const browserRoots = [];
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  const edges = [];
  for (const part of partsOf(file, text)) {
    for (const { spec, runtime } of importsOf(part.code)) {
      const target = resolveSpec(file, spec);
      if (!target) continue;
      edges.push({ target, runtime });
      if (part.browser && runtime) browserRoots.push({ target, via: file });
    }
  }
  graph.set(file, edges);
  if (file.startsWith(join(src, 'islands')) && !file.endsWith('.test.ts'))
    browserRoots.push({ target: file });
}

const rel = (f) => relative(root, f);
const problems = [];

// 1. Browser code never reaches a *.server.ts module.
const cameFrom = new Map();
const queue = [];
for (const { target, via } of browserRoots) {
  if (!cameFrom.has(target)) {
    cameFrom.set(target, via ?? null);
    queue.push(target);
  }
}
while (queue.length > 0) {
  const file = queue.shift();
  for (const { target, runtime } of graph.get(file) ?? []) {
    if (!runtime || cameFrom.has(target)) continue;
    cameFrom.set(target, file);
    queue.push(target);
  }
}
for (const file of cameFrom.keys()) {
  if (!/\.server\.(ts|tsx|mjs)$/.test(file)) continue;
  const chain = [];
  for (let f = file; f; f = cameFrom.get(f)) chain.unshift(rel(f));
  problems.push(`browser code imports server code: ${chain.join(' → ')}`);
}

// 2 and 3. Features and the platform.
function homeOf(file) {
  const path = rel(file).split('/');
  if (path[1] === 'features' && path.length > 3) return { kind: 'feature', name: path[2] };
  if (path[1] === 'islands' && path[2] !== 'shared' && path.length > 3)
    return { kind: 'feature', name: path[2] };
  if (path[1] === 'platform' || (path[1] === 'islands' && path[2] === 'shared')) {
    return { kind: 'platform' };
  }
  return { kind: 'other' };
}

/** feature -> feature -> one import that makes the edge */
const featureEdges = new Map();
for (const [file, edges] of graph) {
  if (file.endsWith('.test.ts')) continue;
  const from = homeOf(file);
  for (const { target } of edges) {
    const to = homeOf(target);
    if (to.kind !== 'feature') continue;
    if (from.kind === 'platform') {
      problems.push(`the platform imports a feature: ${rel(file)} → ${rel(target)}`);
    } else if (from.kind === 'feature' && from.name !== to.name) {
      if (!featureEdges.has(from.name)) featureEdges.set(from.name, new Map());
      const out = featureEdges.get(from.name);
      if (!out.has(to.name)) out.set(to.name, `${rel(file)} → ${rel(target)}`);
    }
  }
}

// Tarjan's strongly connected components: any with two or more features is a circle.
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
function connect(v) {
  index.set(v, counter);
  low.set(v, counter);
  counter++;
  stack.push(v);
  onStack.add(v);
  for (const w of featureEdges.get(v)?.keys() ?? []) {
    if (!index.has(w)) {
      connect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) {
      const inside = new Set(component);
      const links = [];
      for (const a of component) {
        for (const [b, example] of featureEdges.get(a) ?? [])
          if (inside.has(b)) links.push(`    ${a} → ${b}: ${example}`);
      }
      problems.push(
        `features import each other in a circle: ${component.sort().join(', ')}\n${links.join('\n')}`,
      );
    }
  }
}
for (const v of featureEdges.keys()) if (!index.has(v)) connect(v);

// 4. Route files parse, call and answer: a refusal is the service's (decision 17).
for (const file of files) {
  if (!file.endsWith('.routes.ts')) continue;
  const text = readFileSync(file, 'utf8');
  for (const [i, line] of text.split('\n').entries()) {
    if (/\bnew DomainError\(/.test(line))
      problems.push(`a route file decides a refusal (move it into the service): ${rel(file)}:${i + 1}`);
  }
}

if (problems.length > 0) {
  console.error(`✖ ${problems.length} layout rule(s) broken (docs/architecture.md):\n`);
  for (const p of problems) console.error(`- ${p}`);
  process.exit(1);
}
const features = new Set([
  ...featureEdges.keys(),
  ...[...featureEdges.values()].flatMap((m) => [...m.keys()]),
]);
console.log(
  `✔ Layout: ${files.length} files; no browser code reaches a *.server.ts module; ${features.size} features, no circles; the platform imports no feature; no route file decides a refusal.`,
);
