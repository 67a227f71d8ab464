#!/usr/bin/env node
// The layout's rules (docs/architecture.md), checked on every `npm test`:
//  1. No browser code reaches server code: nothing an island or a page's <script> imports, directly or
//     through other files, is a `*.server.ts` module.
//  2. A feature (src/features/<name> with its islands in src/islands/<name>) never takes part in a circle
//     of imports with other features.
//  3. The platform (src/platform, src/islands/shared) never imports a feature. Pages, layouts and the
//     composition root (src/features/api.server.ts) put features together, so they may import any.
//  4. A route file (`*.routes.ts`) never writes `new DomainError(`: services decide and refuse.
//  5. No file under src/islands takes part in a circle of imports with other files there (relative and
//     `~/islands/...` imports, type-only ones too): what two files share goes in a file of its own.
// Prints each broken rule with the import chain that breaks it; exits 1 if any.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
const islands = join(src, 'islands');
const SOURCE = /\.(ts|tsx|astro|mjs|js)$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.astro', '.mjs', '.js', '/index.ts', '/index.tsx'];
const TEST = /\.test\.(ts|tsx)$/;

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

/**
 * Every file's imports (file -> [{ target, runtime }]), and the files whose code runs in the browser
 * from the start: islands and pages' <script>s.
 */
function readGraph(files) {
  const graph = new Map();
  const browserRoots = [];
  for (const file of files) {
    const edges = [];
    for (const part of partsOf(file, readFileSync(file, 'utf8'))) {
      for (const { spec, runtime } of importsOf(part.code)) {
        const target = resolveSpec(file, spec);
        if (!target) continue;
        edges.push({ target, runtime });
        if (part.browser && runtime) browserRoots.push({ target, via: file });
      }
    }
    graph.set(file, edges);
    if (file.startsWith(islands) && !file.endsWith('.test.ts')) browserRoots.push({ target: file });
  }
  return { graph, browserRoots };
}

const rel = (f) => relative(root, f).split(sep).join('/');

/** 1. Each *.server.ts module that browser code reaches, with the chain of imports that reaches it. */
function browserReachesServer(graph, browserRoots) {
  const cameFrom = new Map();
  const queue = [];
  for (const { target, via } of browserRoots) {
    if (cameFrom.has(target)) continue;
    cameFrom.set(target, via ?? null);
    queue.push(target);
  }
  while (queue.length > 0) {
    const file = queue.shift();
    for (const { target, runtime } of graph.get(file) ?? []) {
      if (!runtime || cameFrom.has(target)) continue;
      cameFrom.set(target, file);
      queue.push(target);
    }
  }
  const problems = [];
  for (const file of cameFrom.keys()) {
    if (!/\.server\.(ts|tsx|mjs)$/.test(file)) continue;
    const chain = [];
    for (let f = file; f; f = cameFrom.get(f)) chain.unshift(rel(f));
    problems.push(`browser code imports server code: ${chain.join(' → ')}`);
  }
  return problems;
}

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

/**
 * The groups of nodes that import each other in a circle (Tarjan's strongly connected components
 * of two or more nodes), each sorted. `edges` maps a node to the nodes it imports (a Map or Set of them).
 */
export function circlesOf(edges) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circles = [];
  const connect = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) circles.push(component.sort());
  };
  for (const v of edges.keys()) if (!index.has(v)) connect(v);
  return circles;
}

/** The links of a circle, one a line: `a → b: the import that makes it`. */
function linksOf(circle, edges) {
  const inside = new Set(circle);
  const links = [];
  for (const a of circle) {
    for (const [b, example] of edges.get(a) ?? [])
      if (inside.has(b)) links.push(`    ${a} → ${b}: ${example}`);
  }
  return links.join('\n');
}

/** 2 and 3. The platform importing a feature, and features importing each other in a circle. */
function featureProblems(graph) {
  const problems = [];
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
  for (const circle of circlesOf(featureEdges)) {
    problems.push(
      `features import each other in a circle: ${circle.join(', ')}\n${linksOf(circle, featureEdges)}`,
    );
  }
  const names = new Set([
    ...featureEdges.keys(),
    ...[...featureEdges.values()].flatMap((m) => [...m.keys()]),
  ]);
  return { problems, features: names.size };
}

/** 5. Files under src/islands that import each other in a circle, followed file by file. */
export function islandCircles(graph) {
  /** file -> file -> how it imports it */
  const fileEdges = new Map();
  for (const [file, edges] of graph) {
    if (!file.startsWith(islands) || TEST.test(file)) continue;
    const out = new Map();
    for (const { target, runtime } of edges) {
      if (target.startsWith(islands)) out.set(rel(target), runtime ? 'an import' : 'a type-only import');
    }
    fileEdges.set(rel(file), out);
  }
  return circlesOf(fileEdges).map(
    (circle) =>
      `island files import each other in a circle (move what they share into a file of its own): ${circle.join(', ')}\n${linksOf(circle, fileEdges)}`,
  );
}

/** 4. Route files parse, call and answer: a refusal is the service's (decision 17). */
function routeRefusals(files) {
  const problems = [];
  for (const file of files) {
    if (!file.endsWith('.routes.ts')) continue;
    for (const [i, line] of readFileSync(file, 'utf8').split('\n').entries()) {
      if (/\bnew DomainError\(/.test(line))
        problems.push(`a route file decides a refusal (move it into the service): ${rel(file)}:${i + 1}`);
    }
  }
  return problems;
}

/** Checks every rule over src/; prints what breaks them and exits 1, or one line saying all hold. */
function main() {
  const files = walk(src);
  const { graph, browserRoots } = readGraph(files);
  const features = featureProblems(graph);
  const problems = [
    ...browserReachesServer(graph, browserRoots),
    ...features.problems,
    ...routeRefusals(files),
    ...islandCircles(graph),
  ];
  if (problems.length > 0) {
    console.error(`✖ ${problems.length} layout rule(s) broken (docs/architecture.md):\n`);
    for (const p of problems) console.error(`- ${p}`);
    process.exit(1);
  }
  console.log(
    `✔ Layout: ${files.length} files; no browser code reaches a *.server.ts module; ${features.features} features, no circles; the platform imports no feature; no route file decides a refusal; no circle between island files.`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
