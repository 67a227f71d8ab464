import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { baseSecurityHeaders, type SecuritySettings } from '../http/securityHeaders.server';
import { finishAnswer } from './compression.server';
import type { StaticFiles } from './staticFiles.server';

/** Astro's request handler (the Node adapter in middleware mode): pages rendered on demand, islands. */
export type PageHandler = (req: IncomingMessage, res: ServerResponse) => unknown;

interface ApiApp {
  fetch(request: Request, env: { clientAddress?: string }): Response | Promise<Response>;
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * What takes a post besides the API: the contact form without JavaScript (decision 24), and Astro's
 * server islands, which post their props when they would not fit in an address.
 */
const takesPosts = (path: string) =>
  path === '/contact/send' || path === '/contact/send/' || path.startsWith('/_server-islands/');
/** Methods no fetch Request can carry: Node accepts them, the API and Astro cannot read them. */
const NEVER = new Set(['TRACE', 'TRACK', 'CONNECT']);
const API_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';

/**
 * The methods an address answers, or undefined for any method: pages are read (GET, HEAD), a form
 * page is also posted to, and the API answers its own routes' methods (and 404 for others); no
 * address answers TRACE, TRACK or CONNECT.
 */
export function allowedMethods(url: string, method: string): string | undefined {
  if (isApiPath(url)) return NEVER.has(method) ? API_METHODS : undefined;
  const path = url.split('?')[0] ?? url;
  const allowed = takesPosts(path) ? ['GET', 'HEAD', 'POST'] : ['GET', 'HEAD'];
  return allowed.includes(method) ? undefined : allowed.join(', ');
}

function refuseMethod(res: ServerResponse, api: boolean, allow: string) {
  res.setHeader('Allow', allow);
  if (api) {
    res.writeHead(405, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(
      JSON.stringify({ error: { code: 'method_not_allowed', message: `This address answers ${allow}.` } }),
    );
    return;
  }
  res.writeHead(405, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(`This page can only be read (${allow}).`);
}

/**
 * The production HTTP server (decision 25): `/api` goes straight to the Hono app, the built files
 * are answered from memory, everything else (pages rendered on request, server islands, feeds) goes
 * to Astro. Astro's own pipeline is never in front of the API.
 */
export function createSiteServer(parts: {
  api: ApiApp;
  files: StaticFiles;
  pages: PageHandler;
  security: Pick<SecuritySettings, 'production'> & {
    /** The pages' Content-Security-Policy (pagePolicy). */
    pagePolicy: string;
  };
}): Server {
  // Every answer carries them. What Astro renders on request (pages, feeds, server islands) gets
  // the pages' policy; the built pages get it from loadStaticFiles, and the API and media keep the
  // policy of answers that run nothing.
  const securityHeaders = Object.entries(baseSecurityHeaders(parts.security));
  const api = getRequestListener(async (request, env) => {
    const address = env.incoming.socket.remoteAddress;
    const response = await parts.api.fetch(request, address ? { clientAddress: address } : {});
    return finishAnswer(request, response);
  });

  return createServer((req, res) => {
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    const url = req.url ?? '/';
    try {
      decodeURI(url);
    } catch {
      res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Bad request: the address is not valid.');
      return;
    }
    const allow = allowedMethods(url, req.method ?? 'GET');
    if (allow) {
      refuseMethod(res, isApiPath(url), allow);
      return;
    }
    if (isApiPath(url)) {
      void api(req, res);
      return;
    }
    if (parts.files.serve(req, res)) return;
    res.setHeader('Content-Security-Policy', parts.security.pagePolicy);
    void parts.pages(req, res);
  });
}
