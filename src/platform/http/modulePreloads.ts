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

/** The built scripts, by their paths on the site (`/_astro/x.js`). */
export interface ModuleGraph {
  /** Each script's static imports: what runs with it. */
  readonly imports: ReadonlyMap<string, readonly string[]>;
  /** Each script's dynamic imports (`import("./x.js")`): what it may load later. */
  readonly later: ReadonlyMap<string, readonly string[]>;
}

// What the bundler writes for a static import or re-export of another chunk: `import{a as b}from"./x.js"`,
// `import"./x.js"`, `export{a}from"./x.js"`. A dynamic `import("./x.js")` has a parenthesis and is left out.
const STATIC_IMPORT =
  /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*\s{},]*?\s*from\s*)?["'](\.\.?\/[^"']+\.m?js)["']/g;

// A dynamic import as the bundler writes it: import(`./x.js`), with any quotes.
const DYNAMIC_IMPORT = /\bimport\(\s*["'`](\.\.?\/[^"'`]+\.m?js)["'`]\s*\)/g;

/** The chunks `code` (the script at `path`) names with `pattern`, as paths on the site. */
function importsOf(path: string, code: string, pattern: RegExp): string[] {
  const imports = new Set<string>();
  for (const match of code.matchAll(pattern)) {
    const specifier = match[1];
    if (specifier) imports.add(new URL(specifier, `http://site${path}`).pathname);
  }
  return [...imports];
}

/** The chunks `code` (the script at `path`) imports statically, as paths on the site. */
export const staticImportsOf = (path: string, code: string) => importsOf(path, code, STATIC_IMPORT);

/** The graph of the built scripts, from each script's path on the site and its code. */
export function moduleGraphOf(scripts: Iterable<readonly [path: string, code: string]>): ModuleGraph {
  const imports = new Map<string, string[]>();
  const later = new Map<string, string[]>();
  for (const [path, code] of scripts) {
    imports.set(path, staticImportsOf(path, code));
    later.set(path, importsOf(path, code, DYNAMIC_IMPORT));
  }
  return { imports, later };
}

/** `entries` and everything they import, directly or not, in the order a browser would meet them. */
export function closureOf(graph: ModuleGraph, entries: Iterable<string>): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path) || !graph.imports.has(path)) return;
    seen.add(path);
    for (const dependency of graph.imports.get(path) ?? []) visit(dependency);
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}

// The islands a page hydrates as soon as it loads (client:load, client:only), and their renderer.
// Islands that wait (client:idle, client:visible) are left to load when their moment comes.
const EAGER_ISLAND = /<astro-island\b[^>]*>/g;
const ATTRIBUTE = /\b(component-url|renderer-url|before-hydration-url|client)="([^"]*)"/g;
const PAGE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g;

/** The page's own module scripts (`<script type="module" src>`), in order. */
export const pageScripts = (html: string): string[] =>
  [...html.matchAll(PAGE_SCRIPT)].flatMap((match) => (match[1] ? [match[1]] : []));

/**
 * The scripts a page's HTML starts at once: its module scripts first (they run first: a signed-in
 * page's head restores the session), then eager islands' components and renderers.
 */
export function pageEntries(html: string): string[] {
  const entries = new Set<string>(pageScripts(html));
  for (const [tag] of html.matchAll(EAGER_ISLAND)) {
    const attributes = Object.fromEntries([...tag.matchAll(ATTRIBUTE)].map((m) => [m[1], m[2]]));
    if (attributes.client !== 'load' && attributes.client !== 'only') continue;
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url'])
      if (attributes[name]) entries.add(attributes[name]);
  }
  return [...entries];
}

/**
 * What the page's own module scripts load later (their dynamic imports, and what those import): a
 * signed-in page's head runs the identity service once the page's data is drawn, and the page asks
 * for its code at once, so that it has arrived by then (decision 35). Islands' later imports wait,
 * but for a signed-in page's contracts (contractsLaterOf).
 */
export function laterOf(graph: ModuleGraph, scripts: Iterable<string>): string[] {
  return closureOf(
    graph,
    closureOf(graph, scripts).flatMap((path) => graph.later.get(path) ?? []),
  );
}

// A signed-in page asks for its data from its head (EarlySession.astro's inline script, marked
// data-early-requests), and its islands load the contracts that read the answers with their first
// call, once they have drawn the last visit's copy (decision 35).
const SIGNED_IN_PAGE = /<script\b[^>]*\bdata-early-requests\b/;
// A feature's contracts, as scripts/chunks.mjs names their files (`api-program.3fA9c.js`).
const CONTRACTS_FILE = /\/api-[\w-]+\.[\w-]+\.js$/;

/**
 * The contracts the scripts of `entries` load later (their dynamic imports of a feature's
 * contracts, and what those import): on a signed-in page, they are asked for with the page, so that
 * the answer to its first request does not wait for them.
 */
export function contractsLaterOf(graph: ModuleGraph, entries: Iterable<string>): string[] {
  const later = closureOf(graph, entries).flatMap((path) => graph.later.get(path) ?? []);
  return closureOf(
    graph,
    later.filter((path) => CONTRACTS_FILE.test(path)),
  );
}

/**
 * `html` with a modulepreload link in <head> for each script its module scripts and eager islands
 * need (on a signed-in page, with the contracts they load later) and the page does not already
 * link; the page unchanged when it needs none or has no <head>.
 */
export function withModulePreloads(html: string, graph: ModuleGraph): string {
  const end = html.indexOf('</head>');
  if (end === -1) return html;
  const head = html.slice(0, end);
  // Each page script's own code, then what it loads later (the session's restore is first in
  // line when the last page's token could not send the requests), then the islands'.
  const scripts = pageScripts(html).flatMap((script) => [
    ...closureOf(graph, [script]),
    ...laterOf(graph, [script]),
  ]);
  const islands = pageEntries(html);
  const contracts = SIGNED_IN_PAGE.test(head) ? contractsLaterOf(graph, islands) : [];
  const links = [...new Set([...scripts, ...closureOf(graph, islands), ...contracts])]
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
