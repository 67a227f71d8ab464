import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';
import { chooseEncoding, type Encoding, isCompressible, matchesEtag } from './compression.server';

/**
 * The built site's files (dist/client): pre-rendered pages, hashed assets, public files. They are
 * read once at start-up, with the Brotli and gzip copies the build made beside them, and served from
 * memory: no per-request compression and no disk access (decision 25).
 */

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.mp3': 'audio/mpeg',
  '.wasm': 'application/wasm',
  '.bin': 'application/octet-stream',
  '.ics': 'text/calendar; charset=utf-8',
};

/** Hashed assets never change under their name; pages and other files are checked on each use. */
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_PAGE = 'public, max-age=0, must-revalidate';
export const CACHE_PUBLIC_FILE = 'public, max-age=3600, must-revalidate';

interface Variant {
  body: Buffer;
  etag: string;
}

interface StaticFile {
  type: string;
  /** A page's own headers (the pages' Content-Security-Policy), set after the common ones. */
  headers: [string, string][];
  cacheControl: string;
  compressible: boolean;
  identity: Variant;
  br?: Variant | undefined;
  gzip?: Variant | undefined;
}

export function contentTypeOf(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** Binary files the build compresses too (the listening model's tables, WebAssembly): they shrink by half. */
const COMPRESSED_BINARY = /\.(?:bin|wasm)$/;

/**
 * A worker's script brings its own policy (a page's does not reach into it): the listening worker
 * compiles WebAssembly and reads the model's files from the site, in memory, and nothing else.
 */
export const WORKER_POLICY =
  "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self' blob:; base-uri 'none'";
const WORKER_SCRIPT = /\.worker-[\w-]+\.js$/;

function cacheControlOf(urlPath: string): string {
  if (urlPath.startsWith('/_astro/')) return CACHE_IMMUTABLE;
  if (urlPath.endsWith('.html')) return CACHE_PAGE;
  return CACHE_PUBLIC_FILE;
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** The URL paths a file answers: `login/index.html` answers /login, /login/ and itself. */
function urlPathsOf(file: string): string[] {
  const path = `/${file.split(sep).join('/')}`;
  if (path === '/index.html') return ['/', path];
  if (path.endsWith('/index.html')) {
    const dir = path.slice(0, -'/index.html'.length);
    return [dir, `${dir}/`, path];
  }
  return [path];
}

export interface StaticFiles {
  /** Answers the request from the built files; false when no file matches (the caller goes on). */
  serve(req: IncomingMessage, res: ServerResponse): boolean;
  /** How many files are served. */
  readonly size: number;
}

/** The built files, each read once with its precompressed variants, served from memory. */
export function loadStaticFiles(
  clientDir: string,
  options: {
    /** The headers of every page, from all the pages' HTML (the Content-Security-Policy's hashes). */
    pageHeaders?: (pages: string[]) => Record<string, string>;
  } = {},
): StaticFiles {
  const byPath = new Map<string, StaticFile>();
  if (existsSync(clientDir)) {
    for (const path of walk(clientDir)) {
      if (path.endsWith('.br') || path.endsWith('.gz')) continue;
      const file = relative(clientDir, path);
      const urlPaths = urlPathsOf(file);
      const entry = staticFileOf(path, cacheControlOf(urlPaths.at(-1) ?? ''));
      for (const urlPath of urlPaths) byPath.set(urlPath, entry);
    }
  }
  if (options.pageHeaders) {
    const pages = [...new Set(byPath.values())].filter((f) => f.type.startsWith('text/html'));
    const headers = Object.entries(options.pageHeaders(pages.map((f) => f.identity.body.toString('utf8'))));
    for (const page of pages) page.headers = headers;
  }
  return { size: byPath.size, serve: (req, res) => serveFile(byPath, req, res) };
}

/** One built file: its body and ETag, and its .br and .gz beside it when they are not older. */
function staticFileOf(path: string, cacheControl: string): StaticFile {
  const body = readFileSync(path);
  const hash = createHash('sha1').update(body).digest('base64url').slice(0, 22);
  const variant = (suffix: '.br' | '.gz', tag: string): Variant | undefined => {
    const compressed = `${path}${suffix}`;
    if (!existsSync(compressed) || statSync(compressed).mtimeMs < statSync(path).mtimeMs - 1000)
      return undefined;
    return { body: readFileSync(compressed), etag: `"${hash}-${tag}"` };
  };
  const type = contentTypeOf(path);
  return {
    type,
    headers: WORKER_SCRIPT.test(path) ? [['Content-Security-Policy', WORKER_POLICY]] : [],
    cacheControl,
    compressible: isCompressible(type) || COMPRESSED_BINARY.test(path),
    identity: { body, etag: `"${hash}"` },
    br: variant('.br', 'br'),
    gzip: variant('.gz', 'gz'),
  };
}

/** Answers a GET or HEAD from the files, in the encoding the browser takes best; false when none matches. */
function serveFile(
  byPath: ReadonlyMap<string, StaticFile>,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const raw = req.url ?? '/';
  const q = raw.indexOf('?');
  let path: string;
  try {
    path = decodeURIComponent(q === -1 ? raw : raw.slice(0, q));
  } catch {
    return false;
  }
  const file = byPath.get(path);
  if (!file) return false;

  const encoding: Encoding | null = file.compressible ? chooseEncoding(req.headers['accept-encoding']) : null;
  const chosen = (encoding && file[encoding]) || file.identity;
  res.setHeader('Content-Type', file.type);
  res.setHeader('Cache-Control', file.cacheControl);
  res.setHeader('ETag', chosen.etag);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  for (const [name, value] of file.headers) res.setHeader(name, value);
  if (file.compressible) res.setHeader('Vary', 'Accept-Encoding');
  if (chosen !== file.identity && encoding) res.setHeader('Content-Encoding', encoding);

  const ifNoneMatch = req.headers['if-none-match'];
  if (matchesEtag(ifNoneMatch ?? null, chosen.etag)) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  res.statusCode = 200;
  res.setHeader('Content-Length', chosen.body.byteLength);
  res.end(req.method === 'HEAD' ? undefined : chosen.body);
  return true;
}
