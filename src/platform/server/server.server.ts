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
    if (isApiPath(url)) {
      void api(req, res);
      return;
    }
    if (parts.files.serve(req, res)) return;
    res.setHeader('Content-Security-Policy', parts.security.pagePolicy);
    void parts.pages(req, res);
  });
}
