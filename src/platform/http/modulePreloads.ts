/**
 * Every module a page's islands import, asked for with the page (decision 35). An island's script
 * is fetched only once its loader runs, and each of its imports only once that script has arrived:
 * a wave of requests per level of imports, each waiting a round trip. `<link rel="modulepreload">`
 * for the whole static graph in <head> asks for all of them at once, with the HTML.
 *
 * Plain functions over the built files (no imports): the build adds the links to the pre-rendered
 * pages (scripts/build-server.mjs), the production server to the pages it renders on request
 * (src/middleware.ts), from the same graph.
 */

/** Each built script's static imports, by its path on the site (`/_astro/x.js` → its imports). */
export type ModuleGraph = ReadonlyMap<string, readonly string[]>;

// What the bundler writes for a static import or re-export of another chunk: `import{a as b}from"./x.js"`,
// `import"./x.js"`, `export{a}from"./x.js"`. A dynamic `import("./x.js")` has a parenthesis and is left out.
const STATIC_IMPORT =
  /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*\s{},]*?\s*from\s*)?["'](\.\.?\/[^"']+\.m?js)["']/g;

/** The chunks `code` (the script at `path`) imports statically, as paths on the site. */
export function staticImportsOf(path: string, code: string): string[] {
  const imports = new Set<string>();
  for (const match of code.matchAll(STATIC_IMPORT)) {
    const specifier = match[1];
    if (specifier) imports.add(new URL(specifier, `http://site${path}`).pathname);
  }
  return [...imports];
}

/** The graph of the built scripts, from each script's path on the site and its code. */
export function moduleGraphOf(scripts: Iterable<readonly [path: string, code: string]>): ModuleGraph {
  const graph = new Map<string, string[]>();
  for (const [path, code] of scripts) graph.set(path, staticImportsOf(path, code));
  return graph;
}

/** `entries` and everything they import, directly or not, in the order a browser would meet them. */
export function closureOf(graph: ModuleGraph, entries: Iterable<string>): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path) || !graph.has(path)) return;
    seen.add(path);
    for (const dependency of graph.get(path) ?? []) visit(dependency);
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}

// The islands a page hydrates as soon as it loads (client:load, client:only), and their renderer.
// Islands that wait (client:idle, client:visible) are left to load when their moment comes.
const EAGER_ISLAND = /<astro-island\b[^>]*>/g;
const ATTRIBUTE = /\b(component-url|renderer-url|before-hydration-url|client)="([^"]*)"/g;
const PAGE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g;

/**
 * The scripts a page's HTML starts at once: its module scripts first (they run first: a signed-in
 * page's head restores the session), then eager islands' components and renderers.
 */
export function pageEntries(html: string): string[] {
  const entries = new Set<string>();
  for (const match of html.matchAll(PAGE_SCRIPT)) if (match[1]) entries.add(match[1]);
  for (const [tag] of html.matchAll(EAGER_ISLAND)) {
    const attributes = Object.fromEntries([...tag.matchAll(ATTRIBUTE)].map((m) => [m[1], m[2]]));
    if (attributes.client !== 'load' && attributes.client !== 'only') continue;
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url'])
      if (attributes[name]) entries.add(attributes[name]);
  }
  return [...entries];
}

/**
 * `html` with a modulepreload link in <head> for each script its eager islands need and the page
 * does not already link; the page unchanged when it needs none or has no <head>.
 */
export function withModulePreloads(html: string, graph: ModuleGraph): string {
  const end = html.indexOf('</head>');
  if (end === -1) return html;
  const head = html.slice(0, end);
  const links = closureOf(graph, pageEntries(html))
    .filter((path) => !head.includes(`"${path}"`))
    .map((path) => `<link rel="modulepreload" href="${path}">`);
  if (links.length === 0) return html;
  return `${head}${links.join('')}${html.slice(end)}`;
}

// The production server and Astro's renderer are two bundles in one process: the server reads the
// built scripts once and leaves the graph here for the middleware (src/middleware.ts).
const GRAPH_KEY = Symbol.for('quillreads.moduleGraph');

/** Keeps the built site's graph for the pages rendered on request. */
export function setPageModuleGraph(graph: ModuleGraph): void {
  (globalThis as Record<symbol, unknown>)[GRAPH_KEY] = graph;
}

/** The built site's graph, when the production server gave one (never in the dev server). */
export function pageModuleGraph(): ModuleGraph | undefined {
  return (globalThis as Record<symbol, unknown>)[GRAPH_KEY] as ModuleGraph | undefined;
}

/** A page rendered on request, with its preloads (buffered: such pages are a few kilobytes). */
export async function withPagePreloads(
  response: Response,
  graph: ModuleGraph | undefined,
): Promise<Response> {
  if (!graph || !response.headers.get('content-type')?.startsWith('text/html')) return response;
  const html = withModulePreloads(await response.text(), graph);
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
}
